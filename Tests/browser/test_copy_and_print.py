"""Issue 13's Copy and print in Chromium: every Copy format byte for byte as `collect
--list` prints it (a selected text when the clipboard is refused), and the printed proof
sheet."""

import subprocess

import pytest

from helpers import Gallery
from round_trip import listed, note_on, trip  # noqa: F401 (trip: the fixture)

A, B, C, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "Crème brûlée.jpg"


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
