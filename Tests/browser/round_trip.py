"""What the round-trip tests share (test_round_trip.py, test_send.py, test_copy_and_print.py):
the gallery they use, built with a minimum, a contact and a message, with RAW and Live
companions; typing a note as a person does; and `collect --list`."""

import subprocess

import pytest

import helpers

MESSAGE = "Pick 2 to 5 for the album by Friday.\n<b>Thanks</b> — Anna"
# The mail hook: a click on the page's own mail link is recorded and not followed (the
# headless browser has no mail program); everything up to the click is the page's code.
RECORD_MAIL = """() => { window.__mail = [];
  document.addEventListener('click', e => { const a = e.target.closest && e.target.closest('a[href^="mailto:"]');
    if (a) { window.__mail.push(a.href); e.preventDefault(); } }, true); }"""


@pytest.fixture(scope="module")
def trip(binary, demo, tmp_path_factory):
    """The demo library with a RAW beside IMG_0101 and a RAW and a Live Photo video beside
    IMG_0102, built with a minimum, a contact and a message."""
    root = tmp_path_factory.mktemp("trip")
    library = helpers.copy_library(demo.library, root / "library")
    folder = (library / demo.photo("IMG_0101.jpg")["path"]).parent
    for name in ("IMG_0101.CR3", "IMG_0102.NEF", "IMG_0102.MOV"):
        (folder / name).write_bytes(b"not really a RAW")
    helpers.build_site(binary, library, root / "Site", limit=5, extra=(
        "--min", "2", "--contact", "anna@example.com", "--contact-name", "Anna Smith", "--message", MESSAGE))
    from conftest import Site
    return Site(root / "Site", library)


def note_on(page, name, text):
    """Types a note on a pick in the tray, as a person does: ✎, then the field."""
    page.get_by_role("button", name=f"Add a note on {name}", exact=True).click()
    field = page.get_by_role("textbox", name=f"Note on {name}", exact=True)
    field.fill(text)
    return field


def gallery_binary():
    return helpers.proofsheet_binary()


def listed(*args):
    """`proofsheet collect … --list FORMAT`'s standard output, line ends as written (CSV's CRLF)."""
    result = subprocess.run([str(gallery_binary()), *map(str, args)], capture_output=True, stdin=subprocess.DEVNULL, timeout=600)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout.decode("utf-8")
