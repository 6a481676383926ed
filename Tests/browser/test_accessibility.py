"""Accessibility (behaviour 7 of issue 3) in Chromium: axe-core finds no serious or
critical violations; a keyboard-only person can pick, reorder and export with visible
focus; the pick count is announced (aria-live)."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from helpers import Gallery

A, B, C = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg"


def serious(page):
    results = Axe().run(page)
    found = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in found]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violations(chromium, demo, scheme):
    context = chromium.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        gallery = Gallery(page, demo).open()
        assert serious(page) == []
        gallery.pick(A, B, C)
        assert serious(page) == []
        Gallery(page, None).cell(B).locator("a.open").click()
        page.get_by_text("Details", exact=True).click()
        assert serious(page) == []
    finally:
        context.close()


def test_axe_at_phone_width(chromium, demo):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        gallery = Gallery(page, demo).open()
        gallery.pick(A, B)
        assert serious(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme,width", [("light", 1280), ("dark", 1280), ("light", 390), ("dark", 390)])
def test_axe_in_the_viewer_on_a_picked_photo(chromium, demo, scheme, width):
    """The viewer built around picking (issue 29): the pick button filled, the note, the
    refusal beside it, the filmstrip with numbers."""
    context = chromium.new_context(color_scheme=scheme, viewport={"width": width, "height": 844}, is_mobile=width < 700,
                                   has_touch=width < 700)
    try:
        page = context.new_page()
        gallery = Gallery(page, demo).open()
        gallery.pick(A, B, C)
        gallery.view(A)
        page.locator("#viewer-note").fill("A note")
        assert serious(page) == []
        page.keyboard.press("Escape")
        gallery.view("IMG_0104.jpg")  # at the limit: refused beside the button
        page.keyboard.press("Space")
        page.wait_for_selector("#viewer-refusal", state="visible")
        assert serious(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme,width", [("light", 1280), ("dark", 1280), ("light", 390), ("dark", 390)])
def test_axe_with_marks_in_the_grid_the_panel_the_filter_and_the_viewer(chromium, demo, scheme, width):
    """Marks (issue 31): stars, a label and reject on the photos, a cell's marks panel open,
    the filter by marks, the viewer's row of mark controls."""
    context = chromium.new_context(color_scheme=scheme, viewport={"width": width, "height": 844}, is_mobile=width < 700,
                                   has_touch=width < 700)
    try:
        page = context.new_page()
        gallery = Gallery(page, demo).open()
        gallery.pick(A)
        gallery.box(A).focus()
        page.keyboard.press("4")
        page.keyboard.press("6")
        gallery.box(B).focus()
        page.keyboard.press("x")
        gallery.box(C).focus()  # on a touch screen the ☆ shows on the photo in focus only
        gallery.cell(C).locator("button.marks-open").click()
        page.locator("#gallery .marks-panel").get_by_role("button", name="Blue").click()
        assert page.locator("#gallery .marks-panel").is_visible()
        assert all_violations(page) == []
        if width < 700:  # on a phone the header's controls are behind the search button
            page.click("#find-toggle")
        page.select_option("#marks-filter", "stars-1")
        assert all_violations(page) == []
        page.select_option("#marks-filter", "")
        gallery.view(A)
        page.locator("#viewer-marks").get_by_role("button", name="2 stars").click()
        assert all_violations(page) == []
    finally:
        context.close()


def all_violations(page):
    results = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in results.response["violations"]]


def focused(page):
    return page.evaluate("""() => {
      const el = document.activeElement;
      const style = getComputedStyle(el);
      const label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : '';
      return {tag: el.tagName, type: el.type || '', label, aria: el.getAttribute('aria-label') || '',
              text: el.textContent.trim(), outline: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth),
              visible: el.matches(':focus-visible')};
    }""")


def tab_to(page, predicate, limit=200, backwards=False):
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        info = focused(page)
        if predicate(info):
            return info
    raise AssertionError("never reached the control by Tab")


def test_keyboard_only_pick_reorder_and_export(page, demo):
    gallery = Gallery(page, demo).open()
    page.locator("body").focus()
    # Tab to the checkboxes and pick three with Space.
    for name in (A, B, C):
        info = tab_to(page, lambda f, n=name: f["type"] == "checkbox" and f["label"] == n)
        assert info["visible"] and info["outline"] != "none" and info["outlineWidth"] >= 2
        page.keyboard.press("Space")
    assert gallery.state()["badges"] == {A: "1", B: "2", C: "3"}
    # Back up to the tray, move the third pick to the top with the keyboard.
    info = tab_to(page, lambda f: f["aria"] == f"Move {C} up", backwards=True)
    assert info["visible"] and info["outline"] != "none"
    page.keyboard.press("Enter")
    page.keyboard.press("Alt+ArrowUp")
    assert gallery.state()["tray"] == [C, A, B]
    # On to Review, and on from the sheet it opens (focus on its download), press it.
    info = tab_to(page, lambda f: f["text"] == "Review")
    assert info["visible"] and info["outline"] != "none"
    page.keyboard.press("Enter")
    page.wait_for_selector("#review-sheet[open]")
    assert page.evaluate("() => document.activeElement.id") == "export-json"
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    data = json.loads(open(download.value.path(), "rb").read())
    assert [p["name"] for p in data["picks"]] == [C, A, B]


def test_keyboard_opens_the_viewer_and_returns(page, demo):
    gallery = Gallery(page, demo).open()
    page.locator("body").focus()
    tab_to(page, lambda f: f["aria"] == f"View {B}")
    page.keyboard.press("Enter")
    page.wait_for_selector("#viewer[open]")
    assert focused(page)["type"] == "checkbox"  # the viewer's own pick box
    page.keyboard.press("Space")
    page.keyboard.press("Escape")
    page.wait_for_selector("#viewer", state="hidden")
    assert focused(page)["aria"] == f"View {B}"
    assert gallery.state()["badges"] == {B: "1"}


def test_the_pick_count_is_announced(page, demo):
    gallery = Gallery(page, demo).open()
    status = page.locator("#status")
    assert status.get_attribute("role") == "status"
    assert status.get_attribute("aria-live") == "polite"
    assert status.text_content() == "0 of 3 picked"
    gallery.pick(A)
    assert status.text_content() == "1 of 3 picked"
    assert page.locator("#notice").get_attribute("role") == "alert"
    snapshot = page.locator("#tray").aria_snapshot()
    assert "1 of 3 picked" in snapshot and A in snapshot


def violations(page):
    """Every axe violation, whatever its impact."""
    results = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in results.response["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_a_phone_with_the_controls_open_and_the_review_sheet(chromium, demo, scheme):
    # Issue 29, item 5: the search button's controls and the review sheet the bar opens,
    # with its move, remove and note controls, and a note being written.
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, color_scheme=scheme)
    try:
        page = context.new_page()
        gallery = Gallery(page, demo).open().to_photos()
        gallery.pick(A, B)
        assert violations(page) == []
        page.locator("#find-toggle").click()
        page.keyboard.type("beach")
        assert violations(page) == []
        page.locator("#picks-bar").click()
        page.wait_for_selector("#review-sheet[open]")
        page.locator(f'#review-list button[aria-label="Add a note on {B}"]').click()
        page.keyboard.type("Bigger, please")
        assert violations(page) == []
    finally:
        context.close()
