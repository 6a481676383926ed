"""Issue 29's one way to finish, in Chromium, WebKit and Firefox: the tray's one coloured
primary, "Review & send to NAME" ("Review" with no contact), opens a sheet with the picks
large and in order, their notes, the client's name and the note on the whole selection,
and Send (or, with no contact, the download); everything else is under More, the
editing-software lists under its "For the photographer" part."""

import pytest

import helpers
from engines import ESCAPE, DriverGallery, until
from helpers import Gallery

A, B, C = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg"

# What the tray offers in sight: its visible buttons (labels) and which are primaries.
OFFERED_JS = """() => {
  const seen = b => b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden';
  const buttons = Array.from(document.querySelectorAll('#tray .actions button')).filter(seen);
  return {labels: buttons.map(b => b.textContent.trim()), primaries: buttons.filter(b => b.classList.contains('primary')).map(b => b.textContent.trim())};
}"""

# The open sheet: its picks (number, name, note, the image's width), the name field's
# value, and what its actions are.
SHEET_JS = """() => {
  const sheet = document.getElementById('review-sheet');
  const seen = b => b.getClientRects().length > 0;
  return {
    open: sheet.open,
    items: Array.from(sheet.querySelectorAll('.review-item')).map(li => ({
      number: li.querySelector('.review-number').textContent, name: li.querySelector('.review-name').textContent,
      note: (li.querySelector('textarea.review-note') || {value: ''}).value,
      width: li.querySelector('img') ? li.querySelector('img').getBoundingClientRect().width : 0})),
    by: sheet.querySelector('#by') ? sheet.querySelector('#by').value : null,
    selectionNote: sheet.querySelector('#selection-note') ? sheet.querySelector('#selection-note').value : null,
    actions: Array.from(sheet.querySelectorAll('.review-actions button')).filter(seen).map(b => [b.textContent.trim(), b.classList.contains('primary')]),
    focused: document.activeElement.id,
  };
}"""


@pytest.fixture(scope="module")
def contact_site(binary, demo, tmp_path_factory):
    root = tmp_path_factory.mktemp("review")
    helpers.build_site(binary, demo.library, root / "Site", limit=5, extra=("--contact", "anna@example.com", "--contact-name", "Anna Smith"))
    from conftest import Site
    return Site(root / "Site", demo.library)


def test_one_primary_reviews_and_everything_else_is_under_more(page, contact_site):
    gallery = Gallery(page, contact_site).open()
    gallery.pick(A, B)
    offered = page.evaluate(OFFERED_JS)
    assert offered == {"labels": ["Review & send to Anna Smith", "More"], "primaries": ["Review & send to Anna Smith"]}
    page.locator("#copy").click()
    offered = page.evaluate(OFFERED_JS)
    assert offered["primaries"] == ["Review & send to Anna Smith"]
    for label in ("Export as text", "Print…", "Import…", "Clear"):
        assert label in offered["labels"], offered
    # The editing-software lists, in a group named for the photographer.
    group = page.get_by_role("group", name="For the photographer")
    assert [b.text_content() for b in group.get_by_role("button").all()] == [
        "Plain-text list", "Lightroom filter", "Capture One filter", "Finder search", "CSV"]
    page.keyboard.press("Escape")
    assert page.locator("#copy-menu").is_hidden()


def test_the_review_sheet_shows_the_picks_large_in_order_with_notes_name_and_send(page, contact_site):
    gallery = Gallery(page, contact_site).open()
    gallery.pick(C, A)
    page.get_by_role("button", name=f"Add a note on {A}", exact=True).click()
    page.get_by_role("textbox", name=f"Note on {A}", exact=True).fill("Crop it square")
    page.locator("#by").fill("Clara")
    gallery.button("Review & send to Anna Smith").click()
    page.wait_for_selector("#review-sheet[open]")
    sheet = page.evaluate(SHEET_JS)
    assert [(i["number"], i["name"], i["note"]) for i in sheet["items"]] == [("1", C, ""), ("2", A, "Crop it square")]
    assert all(i["width"] >= 150 for i in sheet["items"]), sheet["items"]  # large, not the tray's thumbnails
    assert sheet["by"] == "Clara" and sheet["selectionNote"] == ""  # the name and the whole-selection note, here
    assert sheet["actions"] == [["Send to Anna Smith", True], ["Download selection", False]]
    assert sheet["focused"] == "send"
    page.locator("#selection-note").fill("All in colour, please")
    page.keyboard.press("Escape")
    page.wait_for_selector("#review-sheet:not([open])", state="attached")
    assert page.evaluate("() => document.activeElement.id") == "review"
    # The fields are back in the tray, with what was typed in the sheet.
    assert page.locator("#tray #selection-note").input_value() == "All in colour, please"


def test_without_a_contact_review_offers_the_download(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A)
    assert page.evaluate(OFFERED_JS)["primaries"] == ["Review"]
    gallery.button("Review").click()
    sheet = page.evaluate(SHEET_JS)
    assert sheet["actions"] == [["Download selection", True]] and sheet["focused"] == "export-json"
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    assert download.value.suggested_filename.endswith(".json")


def test_review_is_not_offered_with_nothing_picked_but_more_holds_import(page, demo):
    gallery = Gallery(page, demo).open()
    assert page.evaluate(OFFERED_JS)["labels"] == ["More"]
    gallery.button("Import…")  # opens More
    assert page.get_by_role("button", name="Import…", exact=True).is_visible()


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_review_and_more_in_firefox_and_webkit(request, contact_site, name):
    engine = request.getfixturevalue(f"{name}_engine")
    gallery = DriverGallery(engine, contact_site).open()
    gallery.pick(A, B)
    script = engine.script
    offered = script(f"return ({OFFERED_JS})()")
    assert offered["primaries"] == ["Review & send to Anna Smith"] and offered["labels"] == ["Review & send to Anna Smith", "More"]
    gallery.press("Review & send to Anna Smith")
    until(lambda: script("return document.getElementById('review-sheet').open"), "the sheet did not open")
    sheet = script(f"return ({SHEET_JS})()")
    assert [(i["number"], i["name"]) for i in sheet["items"]] == [("1", A), ("2", B)]
    assert sheet["actions"][0] == ["Send to Anna Smith", True] and sheet["focused"] == "send"
    engine.keys(ESCAPE)
    until(lambda: not script("return document.getElementById('review-sheet').open"), "Esc did not close the sheet")
    until(lambda: script("return document.activeElement.id") == "review", "focus did not return to Review")
