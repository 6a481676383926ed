"""Named selections in the text the page hands over, in Chromium, Firefox and WebKit: the
plain-text list, the photographer's lists and the mail hold every selection, each under
its heading, and the real `proofsheet collect` reads the mail back into one folder per
selection; Clear empties the selection shown and "Clear all selections" every one, each
asking first; the marking keys act on a pick's row in the review sheet."""

from urllib.parse import parse_qs, urlsplit

import pytest

import helpers
from engines import DriverGallery, until
from round_trip import RECORD_MAIL
from test_marks import ChromiumEngine
from test_selections import SELECTIONS, choose, engine_for, switcher, wait_imported, wait_tray

A, B, C = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg"
ENGINES = ["chromium", "webkit", "firefox"]

# The clipboard and confirm() as the page meets them, each recording what it was given:
# the real dialog would stop the test's driver, and the clipboard is not the page's to read.
RECORD_JS = """
window.__clip = null; window.__asked = []; window.__answer = true;
Object.defineProperty(navigator, 'clipboard', {configurable: true,
  value: {writeText: t => { window.__clip = t; return Promise.resolve(); }}});
window.confirm = q => { window.__asked.push(q); return window.__answer; };
(""" + RECORD_MAIL + """)();
"""


@pytest.fixture(scope="module")
def mailed(binary, workdir, demo):
    """The demo library with the three named selections and a contact to send to."""
    output = workdir / "site-selections-mail"
    if not (output / "index.html").exists():
        extra = [arg for name, low, high in SELECTIONS for arg in ("--selection", f"{name}:{low}-{high}" if low else f"{name}:{high}")]
        extra += ["--contact", "anna@example.com", "--contact-name", "Anna Smith"]
        helpers.build_site(binary, demo.library, output, limit=3, extra=extra)
    from conftest import Site
    return Site(output, demo.library)


def in_page(gallery, js):
    """Runs js in the page's own scope: Marionette's scripts otherwise run in a sandbox
    that does not see (or set) the page's window properties."""
    engine = gallery.engine
    return engine.m.execute_script(js, sandbox=None) if hasattr(engine, "m") else engine.script(js)


@pytest.fixture(params=ENGINES)
def gallery(request, mailed):
    gallery = DriverGallery(engine_for(request), mailed).open().to_photos()
    in_page(gallery, RECORD_JS)
    return gallery


def pick_three(gallery):
    """Album: A, C; Parents: C; Cover: B."""
    gallery.pick(A, C)
    wait_tray(gallery, [A, C])
    choose(gallery, "Parents")
    gallery.pick(C)
    wait_tray(gallery, [C])
    choose(gallery, "Cover")
    gallery.pick(B)
    wait_tray(gallery, [B])


def copied(gallery, label):
    in_page(gallery, "window.__clip = null")
    gallery.press(label)
    until(lambda: in_page(gallery, "return window.__clip") is not None, f"{label} put nothing on the clipboard")
    return in_page(gallery, "return window.__clip")


def test_the_lists_and_the_mail_hold_every_selection_and_collect_reads_the_mail(gallery, binary, mailed, tmp_path):
    site = mailed
    path = lambda name: site.photo(name)["path"]
    title = site.manifest["title"]
    pick_three(gallery)
    machine = f"# {title} — 4 picks in 3 selections — gallery {site.gallery}"
    assert copied(gallery, "Plain-text list") == "\n".join([
        machine, "", "Album (2 of 2–3):", f"1. {path(A)}", f"2. {path(C)}", "", "Parents (1 of 1–2):", f"1. {path(C)}",
        "", "Cover (1 of 1):", f"1. {path(B)}", ""])
    gallery.wait_notice("Copied")
    stem = lambda name: name.rsplit(".", 1)[0]
    assert copied(gallery, "Lightroom filter") == "\n".join([
        "Album (2 of 2–3):", f"{stem(A)}, {stem(C)}", "", "Parents (1 of 1–2):", stem(C), "", "Cover (1 of 1):", stem(B), ""])
    csv = copied(gallery, "CSV").split("\r\n")
    assert csv[0] == "selection,order,name,path,album,note,by"
    assert [row.split(",")[:3] for row in csv[1:-1]] == [
        ["Album", "1", A], ["Album", "2", C], ["Parents", "1", C], ["Cover", "1", B]]

    # Send opens the mail again, every selection in it.
    gallery.press("Send to Anna Smith")
    until(lambda: in_page(gallery, "return window.__mail.length") == 1, "Send opened no mail")
    url = in_page(gallery, "return window.__mail[0]")
    body = parse_qs(urlsplit(url).query)["body"][0]
    assert body == "\r\n".join([
        "Hello Anna Smith,", "", f"Here are my 4 picks from {title}, each selection in order.", "",
        "Album (2 of 2–3):", f"1. {path(A)}", f"2. {path(C)}", "", "Parents (1 of 1–2):", f"1. {path(C)}", "",
        "Cover (1 of 1):", f"1. {path(B)}", "", "Thank you,", "", machine, ""])

    # The real binary collects the mail, as pasted, into one numbered folder per selection.
    mail = tmp_path / "mail.txt"
    mail.write_bytes(body.encode("utf-8"))
    out = tmp_path / "picks"
    helpers.run(binary, "collect", mail, "--library", site.library, "--output", out, "--no-companions")
    folders = {f.name: sorted(p.name for p in f.iterdir() if p.suffix.lower() == ".jpg") for f in out.iterdir() if f.is_dir()}
    assert folders == {"Album": [f"1-{A}", f"2-{C}"], "Parents": [f"1-{C}"], "Cover": [f"1-{B}"]}

    # The page's own import reads the mail back into each selection too.
    gallery.open(gallery.engine.script("return location.href"), fresh=True)
    gallery.to_photos()
    wait_imported(gallery, mail)


def test_clear_empties_the_selection_shown_and_clear_all_every_one(gallery):
    engine = gallery.engine
    pick_three(gallery)
    choose(gallery, "Album")
    wait_tray(gallery, [A, C])
    clear = gallery.button("Clear Album")
    assert engine.script("return arguments[0].textContent", clear) == "Clear Album"

    # Asked, and answered no: nothing goes.
    in_page(gallery, "window.__answer = false")
    gallery.click(clear)
    until(lambda: in_page(gallery, "return window.__asked.length") == 1, "Clear asked nothing")
    assert in_page(gallery, "return window.__asked[0]") == "Clear all 2 picks in Album? The other selections keep theirs. This cannot be undone."
    wait_tray(gallery, [A, C])

    # Yes: Album is empty, the others keep theirs.
    in_page(gallery, "window.__answer = true")
    gallery.press("Clear Album")
    wait_tray(gallery, [])
    gallery.wait_notice("Cleared Album. The other selections keep their picks.")
    assert [s["count"] for s in switcher(gallery)["segments"]] == ["0 of 2–3", "1 of 1–2", "1 of 1"]
    choose(gallery, "Parents")
    wait_tray(gallery, [C])

    # Clear all selections: every one, after asking with the count of all.
    gallery.press("Clear all selections")
    until(lambda: in_page(gallery, "return window.__asked.length") == 3, "Clear all asked nothing")
    assert in_page(gallery, "return window.__asked[2]") == "Clear all 2 picks from every selection? This cannot be undone."
    wait_tray(gallery, [])
    gallery.wait_notice("Cleared every selection. Nothing is picked.")
    assert [s["count"] for s in switcher(gallery)["segments"]] == ["0 of 2–3", "0 of 1–2", "0 of 1"]
    gallery.reload()
    gallery.to_photos()
    assert [s["count"] for s in switcher(gallery)["segments"]] == ["0 of 2–3", "0 of 1–2", "0 of 1"]


def type_key(gallery, key):
    if isinstance(gallery.engine, ChromiumEngine):
        gallery.engine.page.keyboard.press(key)
    else:
        gallery.engine.keys(key)


PRESSED_JS = """const li = Array.from(document.querySelectorAll('#review-list li.review-item'))
  .find(li => li.querySelector('.review-name').textContent === arguments[0]);
return li ? Array.from(li.querySelectorAll('.review-marks [aria-pressed=true]')).map(b => b.getAttribute('aria-label')) : null"""
ROW_JS = """return Array.from(document.querySelectorAll('#review-list li.review-item'))
  .find(li => li.querySelector('.review-name').textContent === arguments[0])"""


def test_the_marking_keys_act_on_the_focused_pick_in_the_review_sheet(gallery):
    engine = gallery.engine
    gallery.pick(A, C)
    wait_tray(gallery, [A, C])
    gallery.press("Review & send to Anna Smith")
    pressed = lambda name: engine.script(PRESSED_JS, name)
    row = engine.script(ROW_JS, C)
    engine.script("arguments[0].querySelector('[data-action=remove]').focus()", row)
    for key, expected in [("4", ["4 stars"]), ("7", ["4 stars", "Yellow"]), ("x", ["4 stars", "Yellow", "Reject"]),
                          ("0", ["Yellow", "Reject"]), ("7", ["Reject"]), ("x", [])]:
        type_key(gallery, key)
        until(lambda: pressed(C) == expected, f"after {key!r} the row of {C} shows {pressed(C)}, not {expected}")
    assert pressed(A) == []
    assert engine.script("return arguments[0].isConnected && document.activeElement.closest('li') === arguments[0]", row)

    # Typing in a pick's note marks nothing.
    gallery.click(engine.script("return arguments[0].querySelector('[data-action=note]')", engine.script(ROW_JS, A)))
    field = lambda: engine.script("return arguments[0].querySelector('textarea')", engine.script(ROW_JS, A))
    until(lambda: field() is not None, "no note field")
    area = field()
    engine.script("arguments[0].focus()", area)
    type_key(gallery, "5")
    until(lambda: engine.script("return arguments[0].value", area) == "5", "the key did not type into the note")
    assert pressed(A) == []


def test_the_headings_are_in_the_page_language_and_collect_reads_them(page, binary, workdir, demo, tmp_path):
    """French, whose colon has a space before it: the words are the page's, the machine
    line English, and the real binary lists each selection from the copied text."""
    from conftest import Site

    output = workdir / "site-selections-fr"
    if not (output / "index.html").exists():
        extra = [arg for name, low, high in SELECTIONS for arg in ("--selection", f"{name}:{low}-{high}" if low else f"{name}:{high}")]
        helpers.build_site(binary, demo.library, output, limit=3, extra=extra + ["--lang", "fr"])
    site = Site(output, demo.library)
    gallery = DriverGallery(ChromiumEngine(page), site).open().to_photos()
    in_page(gallery, RECORD_JS)
    gallery.pick(A, C)
    wait_tray(gallery, [A, C])
    text = copied(gallery, "Liste en texte brut")
    assert text.split("\n")[2:5] == ["Album (2 sur 2–3) :", f"1. {site.photo(A)['path']}", f"2. {site.photo(C)['path']}"]
    assert "\nParents (0 sur 1–2) :\n\nCover (0 sur 1) :\n" in text
    assert " — 2 picks in 3 selections — gallery " in text.split("\n")[0]
    pasted = tmp_path / "copie.txt"
    pasted.write_text(text, encoding="utf-8")
    stem = lambda name: name.rsplit(".", 1)[0]
    listed = helpers.run(binary, "collect", pasted, "--list", "lightroom", "--selection", "album")
    assert listed.stdout == f"{stem(A)}, {stem(C)}\n"
