"""Issue 13's page side in Chromium: notes (on picks, in the viewer, on the selection, the
client's name) kept across a reload, exported and imported; the minimum; the
photographer's message. Issue 14's RAW and Live badges. Send is in test_send.py, Copy and
the printed proof sheet in test_copy_and_print.py."""

import json

import helpers
from helpers import Gallery
from round_trip import MESSAGE, RECORD_MAIL, gallery_binary, note_on, trip  # noqa: F401 (trip: the fixture)

A, B, C, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "Crème brûlée.jpg"


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
