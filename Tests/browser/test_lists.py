"""Issue 27 item 11 in Chromium: names that break a list's syntax (a comma for Lightroom,
a double quote for Capture One and the Finder, a tab and a bidirectional control that must
be kept as they are). The page's Copy list and `collect --list` write the same bytes, and
both say which names they leave out."""

import json
import shutil
import subprocess

import pytest

import helpers
from helpers import Gallery

AWKWARD = ["Smith, John.jpg", 'Say "cheese".jpg', "Tab\there.jpg", "Bidi \u202egpj.jpg", "OR.jpg", "!bang.jpg", "plain.jpg"]


@pytest.fixture(scope="module")
def awkward(make_site, demo, workdir):
    """One album of seven of the demo's photos (each its own, so each its own id) under
    names that break a list's syntax, no limit."""
    library = workdir / "library-awkward"
    if not library.exists():
        photos = sorted(demo.library.rglob("*.jpg"))
        (library / "Awkward").mkdir(parents=True)
        for photo, name in zip(photos, AWKWARD):
            shutil.copy2(photo, library / "Awkward" / name)
    return make_site(limit=0, library=library)


def listed(*args):
    result = subprocess.run([str(helpers.proofsheet_binary()), *map(str, args)], capture_output=True, stdin=subprocess.DEVNULL, timeout=600)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


def copied(page, gallery, label):
    page.evaluate("() => { window.__clip = null; navigator.clipboard.writeText = (t) => { window.__clip = t; return Promise.resolve(); }; }")
    gallery.button(label).click()  # under More, "For the photographer"
    page.wait_for_function("() => window.__clip !== null")
    return page.evaluate("() => window.__clip")


@pytest.mark.parametrize("label,fmt,left", [
    ("Lightroom filter", "lightroom", ["Smith, John", "!bang"]),
    ("Capture One filter", "capture-one", ['Say "cheese"']),
    ("Finder search", "finder", ['Say "cheese"']),
    ("CSV", "csv", []),
])
def test_awkward_names_are_copied_as_collect_lists_them_and_the_left_out_named(page, awkward, tmp_path, label, fmt, left):
    order = tmp_path / "order.json"
    order.write_bytes(helpers.order_json(awkward, AWKWARD, "2026-12-05T10:00:00Z"))
    gallery = Gallery(page, awkward).open()
    gallery.import_file(order)
    gallery.wait_notice("Imported 7 picks")
    text = copied(page, gallery, label)
    notice = gallery.wait_notice("Copied ")
    out, err = listed("collect", order, "--list", fmt)
    assert text == out
    for name in AWKWARD if fmt != "csv" else ():
        stem = name.rsplit(".", 1)[0]
        assert (stem in text) == (stem not in left), (stem, text)
    # A tab and a bidirectional control are kept as they are, not escaped.
    assert "Tab\there" in text and "Bidi \u202egpj" in text
    if left:
        assert all(f"“{name}”" in notice for name in left), notice
        # One line, each name as collect quotes it in a message.
        assert err.count("\n") == 1 and all(json.dumps(name, ensure_ascii=False) in err for name in left), err
    else:
        assert "Left out" not in notice and err == ""
