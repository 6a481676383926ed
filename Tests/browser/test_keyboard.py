"""Issue 12 in Chromium, from the keyboard: a skip link goes to the tray and back, and so
does Alt+P from any photo; boxes that cannot be picked stay focusable and say why; a picked
box says its number; the page behind the viewer stays put, and Shift+Tab in it never stops
on the dialog itself."""

from chromium_layout import IN_VIEW, TWO_FRAMES
from helpers import Gallery

A, B, C, D = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg"


# --- keyboard and screen readers -----------------------------------------------------------


def description(page, selector):
    """The accessible description Chromium computes for an element (its accessibility tree)."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
    cdp.detach()
    value = tree["nodes"][0].get("description")
    return value["value"] if value else ""


def test_a_skip_link_goes_to_the_tray_and_another_back_to_the_photo(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    gallery.reload()  # the picks are kept; Tab starts from the top of the page
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent") == "Skip to your picks (Alt+P)"
    assert page.locator("#skip-tray").evaluate(IN_VIEW)
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "tray"
    page.keyboard.press("Tab")
    back = page.locator("#skip-back")
    assert page.evaluate("() => document.activeElement.id") == "skip-back" and back.evaluate(IN_VIEW)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == f"Add a note on {A}"
    # From the third pick's box to the tray and back to it.
    gallery.box(C).focus()
    page.locator("#skip-tray").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert gallery.box(C).evaluate("b => document.activeElement === b")


def test_at_the_limit_boxes_stay_focusable_and_say_why_and_picked_boxes_say_their_number(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    d = f"#p-{demo.photo(D)['id']} input"
    box = page.locator(d)
    assert box.get_attribute("aria-disabled") == "true" and not box.evaluate("b => b.disabled")
    assert description(page, d) == "3 of 3 picked — limit reached. Unpick one first."
    assert description(page, f"#p-{demo.photo(C)['id']} input") == "pick 3"
    assert description(page, f"#p-{demo.photo(A)['id']} input") == "pick 1"
    # Tab reaches it: from the photo's own preview link, the next stop is its box.
    page.locator(f"#p-{demo.photo(D)['id']} a.open").focus()
    page.keyboard.press("Tab")
    assert box.evaluate("b => document.activeElement === b")
    page.keyboard.press("Space")
    gallery.wait_refusal("Unpick one first")
    assert gallery.state()["refusalBeside"] == D
    assert not box.is_checked()
    gallery.unpick(A)
    assert description(page, f"#p-{demo.photo(C)['id']} input") == "pick 2"
    assert box.get_attribute("aria-disabled") is None and description(page, d) == ""


def test_the_page_behind_the_open_viewer_does_not_scroll(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.view(D)
    before = page.evaluate("() => window.scrollY")
    page.mouse.move(640, 400)
    page.mouse.wheel(0, 800)
    page.evaluate(TWO_FRAMES)
    assert page.evaluate("() => window.scrollY") == before
    assert page.evaluate("() => getComputedStyle(document.documentElement).overflowY") == "hidden"
    page.keyboard.press("Escape")
    page.wait_for_selector("#viewer:not([open])", state="attached")
    assert page.evaluate("() => getComputedStyle(document.documentElement).overflowY") != "hidden"


def test_shift_tab_in_the_viewer_never_stops_on_the_dialog_itself(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.view(D)
    stops = []
    for _ in range(40):  # the viewer's stops: its buttons, the note, the marks row (11), the filmstrip
        page.keyboard.press("Shift+Tab")
        stops.append(page.evaluate("() => document.activeElement.id || document.activeElement.tagName"))
    assert "viewer" not in stops, stops  # (BODY: focus went out to the browser's own controls)
    assert {"viewer-pick", "viewer-close", "viewer-prev", "viewer-next"} <= set(stops)


# --- from anywhere in the grid to the tray and back -------------------------------------------


def test_alt_p_goes_from_any_photo_to_the_tray_and_back(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B)
    assert page.locator("#skip-tray").get_attribute("aria-keyshortcuts") == "Alt+P"
    assert "Alt+P" in page.locator("#tray-hint").text_content()
    last = gallery.box("Último brindis.jpg")  # the gallery's last photo, a long way down
    last.focus()
    page.keyboard.press("Alt+KeyP")
    assert page.evaluate("() => document.activeElement.id") == "tray"
    assert gallery.button("Review").evaluate(IN_VIEW)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # the first pick's note button
    assert page.evaluate("() => document.getElementById('tray-list').contains(document.activeElement)")
    page.keyboard.press("Alt+KeyP")
    assert last.evaluate("b => document.activeElement === b") and last.evaluate(IN_VIEW)
    # Typing in the search field is typing.
    search = page.get_by_label("Search", exact=True)
    search.focus()
    page.keyboard.type("pP")
    assert search.input_value() == "pP"
    search.fill("")
    # The viewer is modal: Alt+P leaves focus in it.
    gallery.view(C)
    page.keyboard.press("Alt+KeyP")
    assert page.evaluate("() => document.getElementById('viewer').open && document.getElementById('viewer').contains(document.activeElement)")


def test_alt_p_with_nothing_picked_goes_to_the_folded_tray(page, demo):
    gallery = Gallery(page, demo).open()
    box = gallery.box("DSCF2005.jpg")
    box.focus()
    page.keyboard.press("Alt+KeyP")
    assert page.evaluate("() => document.activeElement.id") == "tray"
    assert page.locator("#tray").evaluate(IN_VIEW) and gallery.button("Import…").evaluate(IN_VIEW)
    page.keyboard.press("Alt+KeyP")
    assert box.evaluate("b => document.activeElement === b") and box.evaluate(IN_VIEW)
