"""Issue 13's page side in Chromium: notes (on picks, in the viewer, on the selection, the
client's name) kept across a reload, exported and imported; the minimum; Send (a mail to
the contact, the share sheet where files can be shared) read back by `collect`; every
Copy format byte for byte as `collect --list`; the printed proof sheet. Issue 14's RAW
and Live badges."""

import json
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import helpers
from helpers import Gallery

A, B, C, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "Crème brûlée.jpg"
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
    folder = (library / demo.photo(A)["path"]).parent
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


def test_notes_are_kept_across_a_reload_exported_and_imported(page, trip, tmp_path):
    page.recorder.answer = True
    gallery = Gallery(page, trip).open()
    gallery.pick(A, B)
    note_on(page, A, "black and white please <img src=x onerror=alert(1)>")
    page.get_by_label("Your name").fill("Ben Jones")
    page.get_by_label("A note on the whole selection").fill("For the album.\nPrints too.")
    gallery.view(B)
    viewer_note = page.locator("#viewer-note")
    assert viewer_note.is_visible()
    viewer_note.fill("crop tighter\nand warmer")
    # Typing a space or an arrow in the note neither unpicks nor moves to another photo.
    viewer_note.press("End")
    viewer_note.type(" ")
    assert page.locator("#viewer-pick").is_checked()
    assert page.locator("#viewer-name").text_content() == B
    page.keyboard.press("Escape")

    gallery.reload()
    assert page.get_by_role("textbox", name=f"Note on {A}", exact=True).input_value() == "black and white please <img src=x onerror=alert(1)>"
    assert page.get_by_role("textbox", name=f"Note on {B}", exact=True).input_value() == "crop tighter\nand warmer "
    assert page.locator("#by").input_value() == "Ben Jones"
    assert page.locator("#selection-note").input_value() == "For the album.\nPrints too."
    assert page.locator("img[src=x]").count() == 0
    gallery.view(A)
    assert page.locator("#viewer-note").input_value() == "black and white please <img src=x onerror=alert(1)>"
    page.keyboard.press("Escape")

    name, data = gallery.export()
    order = json.loads(data)
    assert order["version"] == 1 and order["minimum"] == 2 and order["limit"] == 5
    assert order["by"] == "Ben Jones" and order["note"] == "For the album.\nPrints too."
    assert [(p["name"], p.get("note")) for p in order["picks"]] == [
        (A, "black and white please <img src=x onerror=alert(1)>"), (B, "crop tighter\nand warmer")]
    assert list(order) == ["format", "version", "gallery", "title", "limit", "minimum", "exported", "by", "note", "picks"]
    path = tmp_path / name
    path.write_bytes(data)
    # collect reads the notes as the page wrote them.
    result = helpers.run(gallery_binary(), "collect", path, "--library", trip.library, "--dry-run")
    assert "Ben Jones" in result.stdout and "crop tighter" in result.stdout, result.stdout

    gallery.button("Clear").click()
    assert gallery.state()["tray"] == []
    page.locator("#by").fill("")
    page.locator("#selection-note").fill("")
    gallery.import_file(path)
    notice = gallery.wait_notice("Imported 2 picks")
    assert "Picked by Ben Jones." in notice and "2 picks have notes" in notice
    assert gallery.state()["tray"] == [A, B]
    assert page.get_by_role("textbox", name=f"Note on {B}", exact=True).input_value() == "crop tighter\nand warmer"
    assert page.locator("#by").input_value() == "Ben Jones"
    assert page.locator("#selection-note").input_value() == "For the album.\nPrints too."


def gallery_binary():
    return helpers.proofsheet_binary()


def listed(*args):
    """`proofsheet collect … --list FORMAT`'s standard output, line ends as written (CSV's CRLF)."""
    result = subprocess.run([str(gallery_binary()), *map(str, args)], capture_output=True, stdin=subprocess.DEVNULL, timeout=600)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout.decode("utf-8")


def test_a_note_is_capped_at_2000_characters(page, trip):
    gallery = Gallery(page, trip).open()
    gallery.pick(A)
    field = note_on(page, A, "x" * 1990)
    field.press("End")
    field.type("y" * 30)
    assert len(field.input_value()) == 2000
    page.evaluate("() => { const f = document.querySelector('textarea.tray-note'); f.value = 'é'.repeat(2500); f.dispatchEvent(new Event('input', {bubbles: true})); }")
    gallery.reload()
    assert page.locator("textarea.tray-note").input_value() == "é" * 2000


def test_the_minimum_holds_back_export_and_send_but_an_unfinished_selection_can_be_saved(page, trip, tmp_path):
    gallery = Gallery(page, trip).open()
    assert page.locator(".limit-text").text_content() == "Pick 2 to 5 photos."
    gallery.pick(A)
    gallery.wait_status("Pick at least 2 (up to 5) — 1 picked")
    downloads = []
    page.on("download", lambda d: downloads.append(d.suggested_filename))
    page.evaluate(RECORD_MAIL)
    gallery.button("Download selection").click()
    assert gallery.wait_notice("Not yet") == (
        "Not yet: this gallery asks for at least 2 picks and you have 1. Pick 1 more, or use Save unfinished to keep this selection for later.")
    gallery.button("Send to Anna Smith").click()
    gallery.wait_notice("Not yet: this gallery asks for at least 2")
    gallery.button("Export as text").click()
    gallery.wait_notice("Not yet: this gallery asks for at least 2")
    assert page.evaluate("() => window.__mail") == []
    assert downloads == []  # the refused exports downloaded nothing
    name, data = gallery.export("Save unfinished")
    assert name == "library – 1 pick – unfinished.json"
    assert "unfinished" in gallery.wait_notice("Saved your unfinished selection (1 of at least 2 picks)")
    saved = json.loads(data)
    assert saved["minimum"] == 2 and [p["name"] for p in saved["picks"]] == [A]
    path = tmp_path / name
    path.write_bytes(data)
    result = helpers.run(gallery_binary(), "collect", path, "--library", trip.library, "--output", tmp_path / "Prints")
    assert "1 pick, fewer than the gallery's minimum of 2; collected all the same" in result.stderr

    gallery.pick(C)
    gallery.wait_status("Pick at least 2 (up to 5) — 2 picked — ready to send")
    assert page.locator("#save-unfinished").is_hidden()
    _, data = gallery.export()
    assert json.loads(data)["minimum"] == 2


def mail_of(page, gallery):
    page.evaluate(RECORD_MAIL)
    gallery.button("Send to Anna Smith").click()
    page.wait_for_function("() => window.__mail.length > 0")
    return page.evaluate("() => window.__mail")


def test_send_opens_a_mail_to_the_contact_with_the_list_collect_reads_as_pasted(page, trip, tmp_path):
    gallery = Gallery(page, trip).open()
    gallery.pick(C, A, E)
    note_on(page, A, "black and white please\ncrop tighter")
    page.get_by_label("Your name").fill("Ben Jones")
    page.get_by_label("A note on the whole selection").fill("For the album,\nthanks!")
    [url] = mail_of(page, gallery)
    gallery.wait_notice("Opened a mail to Anna Smith with your 3 picks")
    parts = urlsplit(url)
    assert parts.scheme == "mailto" and parts.path == "anna@example.com"
    assert len(url) <= 1800
    query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
    assert set(query) == {"subject", "body"}
    title = trip.manifest["title"]
    assert query["subject"] == f"{title} — 3 picks from Ben Jones"
    body = query["body"]
    path = lambda name: trip.photo(name)["path"]
    # A mail for a person, CRLF line ends (RFC 6068); the machine line at the bottom.
    assert body == "\r\n".join([
        "Hello Anna Smith,", "", f"Here are my 3 picks from {title}, in order.", "", "Note: For the album, thanks!", "",
        f"1. {path(C)}", f"2. {path(A)}", "   Note: black and white please", "   Note: crop tighter", f"3. {path(E)}",
        "", "Thank you,", "Ben Jones", "", f"# {title} — 3 picks — gallery {trip.gallery}", "# By: Ben Jones", ""])

    # collect reads the body as pasted, and as quoted in a reply.
    expected = (
        "order,name,path,album,note,by\r\n"
        f"1,{C},{path(C)},{trip.photo(C)['album']},,Ben Jones\r\n"
        f"2,{A},{path(A)},{trip.photo(A)['album']},\"black and white please\ncrop tighter\",Ben Jones\r\n"
        f"3,{E},{path(E)},{trip.photo(E)['album']},,Ben Jones\r\n")
    pasted = tmp_path / "pasted.txt"
    quoted = tmp_path / "quoted.txt"
    pasted.write_bytes(body.encode("utf-8"))
    quoted.write_bytes(("On Friday Ben wrote:\r\n" + "".join("> " + line + "\r\n" for line in body.split("\r\n"))).encode("utf-8"))
    for order in (pasted, quoted):
        assert listed("collect", order, "--library", trip.library, "--list", "csv") == expected, order.name
    result = helpers.run(gallery_binary(), "collect", quoted, "--library", trip.library, "--output", tmp_path / "Prints")
    notes = (tmp_path / "Prints" / "notes.txt").read_text(encoding="utf-8")
    assert "Ben Jones" in notes and "black and white please\n   crop tighter" in notes, notes
    assert "For the album, thanks!" in notes, notes


def wrapped(body, width=72, quote=""):
    """The body as a mail program sends it: each line hard-wrapped at `width` columns (a
    real wrapper, Python's textwrap), then quoted in a reply when `quote` is given."""
    import textwrap
    lines = []
    for line in body.split("\r\n"):
        lines += textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [""]
    return "".join(quote + line + "\r\n" for line in lines)


def test_the_page_mail_wrapped_at_72_columns_is_collected_as_sent(page, trip, tmp_path):
    gallery = Gallery(page, trip).open()
    gallery.pick(C, A, E)
    # A note the wrap cuts so that a photo of the gallery, not picked, starts a line.
    lead = "black and white please, and crop it as tight as"
    while len("   Note: " + lead + " the") <= 70:
        lead += " the"
    note = lead + " " + B + "."
    note_on(page, A, note)
    page.get_by_label("Your name").fill("Ben Jones")
    selection = "For the album, and the prints by Friday if you can; " * 3
    page.get_by_label("A note on the whole selection").fill(selection)
    [url] = mail_of(page, gallery)
    body = parse_qs(urlsplit(url).query, keep_blank_values=True)["body"][0]
    path = lambda name: trip.photo(name)["path"]
    expected = (
        "order,name,path,album,note,by\r\n"
        f"1,{C},{path(C)},{trip.photo(C)['album']},,Ben Jones\r\n"
        f"2,{A},{path(A)},{trip.photo(A)['album']},\"{note}\",Ben Jones\r\n"
        f"3,{E},{path(E)},{trip.photo(E)['album']},,Ben Jones\r\n")
    for name, text in (("wrapped.txt", wrapped(body)), ("quoted.txt", wrapped(body, quote="> ")),
                       ("rewrapped.txt", wrapped(wrapped(body, quote="> ")))):
        # The test's premise: the wrap put the photo's name at the start of a line.
        assert any(line.lstrip("> ") == B + "." for line in text.split("\r\n")), text
        order = tmp_path / name
        order.write_bytes(text.encode("utf-8"))
        assert listed("collect", order, "--library", trip.library, "--list", "csv") == expected, name
        result = helpers.run(gallery_binary(), "collect", order, "--library", trip.library, "--output", tmp_path / name.replace(".txt", ""))
        # The one word: the line that names a photo was read as the note's, and said so.
        assert result.stderr.count("\n") == 1 and f'"{B}." is read as the rest of the note above it' in result.stderr, result.stderr
        notes = (tmp_path / name.replace(".txt", "") / "notes.txt").read_text(encoding="utf-8")
        assert selection.strip() in notes and note in notes, notes

    # The page reads the wrapped mail back too: the same picks, the note whole.
    page.recorder.answer = True
    gallery.import_file(tmp_path / "quoted.txt")
    gallery.wait_notice("Imported 3 picks")
    assert gallery.state()["tray"] == [C, A, E]
    assert page.locator("textarea.tray-note").input_value() == note
    assert page.get_by_label("A note on the whole selection").input_value() == selection.strip()


def test_a_list_too_long_for_a_mail_link_is_sent_as_a_file_in_two_steps(page, trip):
    gallery = Gallery(page, trip).open()
    gallery.pick(A, B)
    note_on(page, A, "a long note " * 150)
    page.evaluate(RECORD_MAIL)
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    gallery.button("Send to Anna Smith").click()
    # First the page says so, and nothing is downloaded or opened yet.
    notice = gallery.wait_notice("too many for a mail link")
    assert notice == ("Your 2 picks are too many for a mail link. Send them as a file: first save it, then open the mail to "
                      "Anna Smith and attach it.")
    steps = page.locator("#send-steps")
    assert steps.is_visible()
    assert page.evaluate("() => window.__mail") == [] and downloads == []
    assert page.get_by_role("button", name="Open the mail and attach the file").is_disabled()
    # Step 1: the file.
    with page.expect_download() as info:
        page.get_by_role("button", name="Save the list as a file").click()
    assert info.value.suggested_filename == "library – 2 picks.json"
    order = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert [p["name"] for p in order["picks"]] == [A, B]
    gallery.wait_notice("Saved “library – 2 picks.json”. Now open the mail to Anna Smith and attach “library – 2 picks.json” to it.")
    assert page.evaluate("() => window.__mail") == []
    # Step 2: the mail, which says the picks are in the file.
    page.get_by_role("button", name="Open the mail and attach the file").click()
    page.wait_for_function("() => window.__mail.length > 0")
    [url] = page.evaluate("() => window.__mail")
    assert len(url) <= 1800
    body = parse_qs(urlsplit(url).query)["body"][0]
    assert body.startswith("Hello Anna Smith,\r\n\r\nMy 2 picks from ") and "in the attached file, library – 2 picks.json." in body
    assert "a long note" not in body and body.endswith(f"— 2 picks — gallery {trip.gallery}\r\n")
    assert steps.is_hidden()
    gallery.wait_notice("Opened a mail to Anna Smith (anna@example.com): attach “library – 2 picks.json”")


def test_send_shares_the_order_file_where_the_browser_can_share_files(page, trip):
    # Only the browser's API is stood in for (headless has no share sheet): it says files
    # can be shared and records what it is given; the page's code is the real one.
    page.add_init_script("""
      window.__shared = [];
      navigator.canShare = (data) => !!(data && data.files && data.files.length === 1 && data.files[0] instanceof File);
      navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
    """)
    gallery = Gallery(page, trip).open()
    gallery.pick(B, A)
    note_on(page, B, "warmer")
    page.evaluate(RECORD_MAIL)
    gallery.button("Send to Anna Smith").click()
    gallery.wait_notice("Shared “library – 2 picks.json” with 2 picks")
    shared = page.evaluate("""async () => { const d = window.__shared[0];
      return { count: window.__shared.length, names: d.files.map(f => f.name), type: d.files[0].type, title: d.title, text: await d.files[0].text() }; }""")
    assert shared["count"] == 1 and shared["names"] == ["library – 2 picks.json"] and shared["type"] == "application/json"
    assert shared["title"] == f"{trip.manifest['title']} — 2 picks"
    order = json.loads(shared["text"])
    assert [(p["name"], p.get("note")) for p in order["picks"]] == [(B, "warmer"), (A, None)]
    assert order["minimum"] == 2
    assert page.evaluate("() => window.__mail") == []


def copied(page, gallery, label):
    """What a Copy menu item puts on the clipboard."""
    page.evaluate("() => { window.__clip = null; navigator.clipboard.writeText = (t) => { window.__clip = t; return Promise.resolve(); }; }")
    gallery.button(label).click()
    page.wait_for_function("() => window.__clip !== null")
    return page.evaluate("() => window.__clip")


@pytest.mark.parametrize("label,fmt", [
    ("Lightroom filter", "lightroom"), ("Capture One filter", "capture-one"), ("Finder search", "finder"), ("CSV", "csv"),
    ("Plain-text list", None),
])
def test_every_copy_format_is_what_collect_list_prints(page, trip, tmp_path, label, fmt):
    gallery = Gallery(page, trip).open()
    gallery.pick(C, A, E, "夕焼け.jpg")
    note_on(page, A, '=HYPERLINK("x"), "quoted"')
    note_on(page, E, "-2 stops, please")
    page.get_by_label("Your name").fill("@ben")
    text = copied(page, gallery, label)
    gallery.wait_notice("Copied ")
    _, data = gallery.export()
    order = tmp_path / "order.json"
    order.write_bytes(data)
    if fmt is None:
        # The plain-text list, read back by collect: the same picks and notes as the file.
        pasted = tmp_path / "list.txt"
        pasted.write_text(text, encoding="utf-8")
        assert listed("collect", pasted, "--library", trip.library, "--list", "csv") == listed(
            "collect", order, "--library", trip.library, "--list", "csv")
        return
    expected = listed("collect", order, "--library", trip.library, "--list", fmt)
    assert text == expected
    if fmt == "lightroom":
        assert text == "Sunset over the water, IMG_0101, Crème brûlée, 夕焼け\n"
    if fmt == "finder":
        assert text == '"Sunset over the water" OR IMG_0101 OR "Crème brûlée" OR 夕焼け\n'
    if fmt == "csv":
        assert "'=HYPERLINK" in text and "'-2 stops" in text and ",'@ben" in text


def test_copy_falls_back_to_a_selected_text_when_the_clipboard_is_refused(page, trip):
    gallery = Gallery(page, trip).open()
    gallery.pick(A, C)
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); }")
    gallery.button("Lightroom filter").click()
    gallery.wait_notice("did not let the page copy the Lightroom filter")
    area = page.locator("#copy-fallback-text")
    assert area.is_visible()
    assert area.input_value() == "IMG_0101, Sunset over the water\n"
    selected = page.evaluate("() => { const a = document.getElementById('copy-fallback-text'); return a.value.slice(a.selectionStart, a.selectionEnd); }")
    assert selected == "IMG_0101, Sunset over the water\n"


def pdf_text(page, tmp_path, name, paper):
    pdf = tmp_path / f"{name}.pdf"
    page.evaluate("() => Proofsheet.print.prepare()")
    page.pdf(path=str(pdf), format=paper, print_background=True)
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def printable(name):
    """Whether the test machine's fonts (fonts-dejavu-core) draw the name, so pdftotext can
    read it back: not CJK."""
    return all(ord(c) < 0x2E80 for c in name)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_printed_proof_sheet_holds_names_numbers_and_notes(page, trip, tmp_path, paper):
    gallery = Gallery(page, trip).open()
    gallery.pick(C, A, E)
    note_on(page, A, "black and white please")
    page.get_by_label("Your name").fill("Ben Jones")
    text = pdf_text(page, tmp_path, "picks", paper)
    squashed = " ".join(text.split())
    for number, name in ((1, C), (2, A), (3, E)):
        assert f"#{number} {name}" in squashed, text
    assert "black and white please" in squashed
    assert "3 picks" in squashed and "picked by Ben Jones" in squashed
    # Nothing of the page's controls, the tray or the grid.
    for absent in ("Download selection", "Your picks", "Copy list", "Send to", "IMG_0104.jpg"):
        assert absent not in squashed, absent


def test_with_nothing_picked_the_sheet_shows_every_photo_and_the_print_button_prints(page, trip, tmp_path):
    gallery = Gallery(page, trip).open()
    text = " ".join(pdf_text(page, tmp_path, "all", "A4").split())
    names = [p["name"] for p in trip.photos if printable(p["name"])]
    assert len(names) >= 20
    for name in names:
        assert name in text, name
    assert f"All {len(trip.photos)} photos, nothing picked yet" in text
    assert "#1" not in text
    page.evaluate("() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; }")
    gallery.pick(B)
    gallery.button("Print…").click()
    page.wait_for_function("() => window.__printed === 1")
    assert page.locator("#print-sheet .sheet-name").all_text_contents() == [f"#1 {B}"]


def test_raw_and_live_badges_on_the_grid_and_in_the_viewer(page, trip):
    gallery = Gallery(page, trip).open()
    kinds = lambda name: gallery.cell(name).locator(".kinds").text_content()
    assert kinds(A) == "RAW"
    assert kinds(B) == "RAW · Live"
    assert kinds(C) == ""
    assert gallery.cell(B).locator("a.open").get_attribute("aria-label") == f"View {B} (RAW, Live Photo)"
    gallery.view(B)
    assert page.locator("#viewer-kinds").text_content() == "RAW · Live"
    page.locator("#viewer-next").click()
    page.wait_for_function("n => document.getElementById('viewer-name').textContent !== n", arg=B)
    assert page.locator("#viewer-kinds").text_content() == ""


def test_the_photographers_message_is_shown_as_text(page, trip, demo):
    Gallery(page, trip).open()
    message = page.locator("#message")
    assert message.is_visible()
    assert message.text_content() == MESSAGE
    assert message.locator("b").count() == 0
    # A gallery without a contact or a message shows neither.
    Gallery(page, demo).open()
    assert page.locator("#message").is_hidden()
    assert page.locator("#send").is_hidden()


def test_the_text_export_with_notes_imports_back_whole(page, trip, tmp_path):
    page.recorder.answer = True
    gallery = Gallery(page, trip).open()
    gallery.pick(E, A)
    note_on(page, A, "black and white\nplease")
    page.get_by_label("Your name").fill("Ben Jones")
    page.get_by_label("A note on the whole selection").fill("Thanks")
    name, data = gallery.export("Export as text")
    path = tmp_path / name
    # As it comes back quoted in a reply, with CRLF line ends.
    path.write_bytes(b"".join(b"> " + line + b"\r\n" for line in data.splitlines()))
    gallery.button("Clear").click()
    page.locator("#by").fill("")
    page.locator("#selection-note").fill("")
    gallery.import_file(path)
    gallery.wait_notice("Imported 2 picks")
    assert gallery.state()["tray"] == [E, A]
    assert page.get_by_role("textbox", name=f"Note on {A}", exact=True).input_value() == "black and white\nplease"
    assert page.locator("#by").input_value() == "Ben Jones"
    assert page.locator("#selection-note").input_value() == "Thanks"
