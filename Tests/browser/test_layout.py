"""Issue 12 in Chromium: the page with 30 picks as with 3, on phones (320–430 px) as on a
desktop, and from the keyboard. The actions and the "limit reached" message stay in
view; on a phone the tray is one line at the foot of the screen (issue 29: the bar, which
opens the review sheet), keeps its buttons whole and never covers the focus or the page;
the viewer's bar holds one line each; a skip link goes to the tray and back; boxes that
cannot be picked stay focusable and say why; a picked box says its number; the page behind
the viewer stays put; without JavaScript, nothing offers picking."""

import pytest

from helpers import Gallery

A, B, C, D = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg"
DESKTOP = {"width": 1280, "height": 800}
PHONES = [320, 390, 430]

# Whether an element is wholly inside the window and on top at its centre (not cut, not covered).
IN_VIEW = """el => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5
    && top !== null && (top === el || el.contains(top));
}"""

TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def open_in(chromium, site, viewport, mobile=False):
    context = chromium.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile, accept_downloads=True)
    page = context.new_page()
    return context, page, Gallery(page, site).open()


def phone(width):
    return {"width": width, "height": 844}


@pytest.mark.parametrize("viewport", [DESKTOP, phone(390)], ids=["desktop", "phone"])
def test_with_30_picks_the_actions_and_the_limit_message_are_in_view(chromium, thirty, viewport):
    context, page, gallery = open_in(chromium, thirty, viewport, mobile=viewport["width"] < 700)
    try:
        names = [p["name"] for p in thirty.photos]
        gallery.pick(*names[:30])
        gallery.wait_status("30 of 30 picked — limit reached")
        # On a phone the bar stands for Review (it opens the same sheet).
        review = gallery.button("Review") if viewport == DESKTOP else page.locator("#picks-bar")
        for label, button in (("Review", review), ("More", gallery.button("More"))):
            assert button.evaluate(IN_VIEW), f"{label} is out of view with 30 picks"
        # The 31st box is reachable; pressing it says why it cannot be picked, in view.
        box = gallery.box(names[30])
        box.focus()
        page.keyboard.press("Space")
        gallery.wait_refusal("limit reached. Unpick one first")
        assert page.locator("#refusal").evaluate(IN_VIEW)  # beside the photo, above the tray
        assert box.evaluate("b => document.activeElement === b && !b.checked")
        assert box.evaluate(IN_VIEW)
    finally:
        context.close()


@pytest.mark.parametrize("width", PHONES)
def test_the_phone_bar_keeps_its_buttons_whole_and_leaves_the_photos_the_screen(chromium, demo, width):
    context, page, gallery = open_in(chromium, demo, phone(width), mobile=True)
    try:
        gallery.pick(A, B, C)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        actions = page.locator("#tray .actions")
        assert actions.evaluate("a => a.scrollWidth <= a.clientWidth")
        shown = actions.locator("button:visible")
        assert [b.get_attribute("id") for b in shown.all()] == ["picks-bar", "copy"]
        for button in shown.all():
            assert button.evaluate(IN_VIEW), f"{button.text_content()} is cut or off screen at {width} px"
            assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{button.text_content()} is cut at {width} px"
        # The picks are listed in the review sheet the bar opens, not over the photos.
        assert page.locator("#tray-list").is_hidden() and page.locator("#about-picks").is_hidden()
        tray = page.locator("#tray").bounding_box()
        assert tray["height"] <= 0.2 * 844
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 390])
def test_tab_focus_never_hides_under_the_phone_bar(chromium, demo, width):
    context, page, gallery = open_in(chromium, demo, phone(width), mobile=True)
    try:
        gallery.pick(A, B, C)
        page.evaluate("() => { window.scrollTo(0, 0); document.activeElement.blur(); }")
        under = []
        for stop in range(60):
            page.keyboard.press("Tab")
            page.evaluate(TWO_FRAMES)
            found = page.evaluate("""() => {
              const f = document.activeElement, tray = document.getElementById('tray');
              if (!f || f === document.body || tray.contains(f)) return null;
              const r = f.getBoundingClientRect();
              return r.bottom > tray.getBoundingClientRect().top + 0.5 ? (f.getAttribute('aria-label') || f.textContent || f.tagName) : null;
            }""")
            if found:
                under.append((stop, found))
        assert under == [], f"focus under the tray at {width} px: {under}"
    finally:
        context.close()


def test_the_phone_bar_never_covers_the_end_of_the_page_after_a_message(chromium, demo):
    context, page, gallery = open_in(chromium, demo, phone(390), mobile=True)
    try:
        gallery.pick(A, B)
        gallery.export()
        gallery.wait_notice("Exported “proofsheet demo – 2 picks.json”")
        # The room the page keeps follows the bar, which the message made taller.
        page.wait_for_function("""() => {
          const t = document.getElementById('tray').getBoundingClientRect().height;
          return Math.abs(parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--tray-block')) - Math.ceil(t)) < 1;
        }""")
        gallery.scroll_to("bottom")
        foot = page.locator(".foot p").bounding_box()
        tray = page.locator("#tray").bounding_box()
        assert foot["y"] + foot["height"] <= tray["y"] + 0.5
    finally:
        context.close()


# The phone bar: what it shows, and how tall it is.
DOCKED = """() => {
  const shown = el => el.getClientRects().length > 0;
  return { height: document.getElementById('tray').getBoundingClientRect().height,
           list: shown(document.getElementById('tray-list')), about: shown(document.getElementById('about-picks')),
           disabled: Array.from(document.querySelectorAll('#tray .actions button:disabled')).filter(shown).length,
           moreShown: shown(document.getElementById('copy')), reviewShown: shown(document.getElementById('review')),
           barShown: shown(document.getElementById('picks-bar')) };
}"""


@pytest.mark.parametrize("width", PHONES)
def test_the_phone_bar_is_one_line_with_nothing_picked_and_with_picks(chromium, demo, width):
    context, page, gallery = open_in(chromium, demo, phone(width), mobile=True)
    try:
        empty = page.evaluate(DOCKED)
        # The bar (the limit) and More (Import is in it); no list, no name and note, no disabled action.
        assert not empty["list"] and not empty["about"] and empty["disabled"] == 0 and empty["moreShown"], empty
        assert empty["barShown"] and not empty["reviewShown"] and empty["height"] < 90, empty
        gallery.pick(A)
        gallery.wait_status("1 of 3 picked")
        page.evaluate(TWO_FRAMES)
        picked = page.evaluate(DOCKED)
        assert picked == empty, picked  # the same one line: the sheet holds the rest
        gallery.unpick(A)
        gallery.wait_status("0 of 3 picked")
        page.evaluate(TWO_FRAMES)
        assert page.evaluate(DOCKED) == empty
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 390, 430])
def test_the_viewer_bar_keeps_its_count_on_one_line_beside_limit_reached(chromium, demo, width):
    context, page, gallery = open_in(chromium, demo, phone(width), mobile=True)
    try:
        gallery.pick(A, B, C)
        gallery.view(D)
        assert page.locator("#viewer-pick-label").text_content() == "Limit reached"
        for selector in ("#viewer-count", "#viewer-pick-label", "#viewer-name"):
            lines = page.locator(selector).evaluate("e => e.getClientRects().length")
            height = page.locator(selector).evaluate("e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight || 20)")
            assert lines == 1 and height < 1.5, f"{selector} wraps at {width} px"
        assert page.locator("#viewer-count").evaluate(IN_VIEW)
        assert page.locator("#viewer-close").evaluate(IN_VIEW)
    finally:
        context.close()


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


def test_without_javascript_nothing_offers_picking(chromium, demo):
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(demo.url)
        assert page.locator(".noscript-note").is_visible()
        summary = page.locator(".summary").inner_text()
        assert "Pick" not in summary and "·" not in summary.rstrip(" ·").split("albums")[-1], summary
        assert page.locator("#skip-tray").is_hidden()
    finally:
        context.close()


# --- the tray folds away while nothing is picked (desktop) ---------------------------------

FOLDED = """() => {
  const tray = document.getElementById('tray').getBoundingClientRect();
  const grid = document.getElementById('grid').getBoundingClientRect();
  const top = document.querySelector('header.top').getBoundingClientRect();
  return { folded: document.documentElement.classList.contains('tray-collapsed'), trayWidth: tray.width,
           trayHeight: tray.height, trayBottom: tray.bottom + scrollY, headerBottom: top.bottom + scrollY,
           gridTop: grid.top + scrollY, gridWidth: grid.width, width: document.documentElement.clientWidth };
}"""


# Whether every album's photos end above the next album's heading (a new width moves them).
ALBUMS_APART = """() => {
  const sections = Array.from(document.querySelectorAll('#grid > section.album'));
  return sections.every((section, i) => {
    if (i === 0) return true;
    const cells = Array.from(sections[i - 1].querySelectorAll('li.photo'));
    return cells.every(c => c.getBoundingClientRect().bottom <= section.getBoundingClientRect().top + 0.5);
  });
}"""


def test_with_nothing_picked_the_tray_folds_beside_the_header_and_the_first_pick_brings_it_back(chromium, demo):
    context, page, gallery = open_in(chromium, demo, DESKTOP)
    try:
        gallery.to_photos()
        folded = page.evaluate(FOLDED)
        # Folded: a box beside the header, above the photos, which take the whole width.
        assert folded["folded"] and folded["trayWidth"] < 0.3 * DESKTOP["width"], folded
        assert folded["trayBottom"] <= folded["gridTop"] and folded["gridWidth"] >= folded["width"] - 40, folded
        # It still says how many can be picked, how to pick, and offers Import.
        assert page.locator("#status").text_content() == "0 of 3 picked" and page.locator("#status").evaluate(IN_VIEW)
        # The limit is the tray's to say; the header gives the count (issue 29).
        assert page.locator(".summary").inner_text() == "24 photos · 3 albums"
        assert page.locator("#tray-empty").is_visible()
        assert page.locator("#tray button:visible:disabled").count() == 0
        assert page.locator("#about-picks").is_hidden()
        # The skip link reaches it.
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.id") == "skip-tray"
        page.keyboard.press("Enter")
        assert page.evaluate("() => document.activeElement.id") == "tray"
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.getElementById('tray').contains(document.activeElement) && document.activeElement.tagName") == "BUTTON"
        # Import is in More, which the folded tray shows (issue 29).
        assert gallery.button("Import…").evaluate(IN_VIEW)
        page.keyboard.press("Escape")

        # The first pick, from the keyboard: the tray is the column again, the box keeps
        # focus and its place on the screen while the photos take their narrower width.
        box = gallery.box("DSCF2005.jpg")
        box.evaluate("b => b.scrollIntoView({block: 'center'})")
        page.evaluate(TWO_FRAMES)
        box.focus()
        before = box.evaluate("b => b.getBoundingClientRect().top")
        page.keyboard.press("Space")
        gallery.wait_status("1 of 3 picked")
        page.evaluate(TWO_FRAMES)
        shown = page.evaluate(FOLDED)
        assert not shown["folded"] and shown["trayHeight"] == DESKTOP["height"], shown
        assert shown["gridWidth"] < folded["gridWidth"] - 250, shown
        assert box.evaluate("b => document.activeElement === b && b.checked")
        assert abs(box.evaluate("b => b.getBoundingClientRect().top") - before) < 2
        assert box.evaluate(IN_VIEW) and gallery.button("Review").evaluate(IN_VIEW)
        assert page.locator("#about-picks").is_visible()
        assert page.evaluate(ALBUMS_APART)

        # Unpicked: folded again, focus kept.
        page.keyboard.press("Space")
        gallery.wait_status("0 of 3 picked")
        page.evaluate(TWO_FRAMES)
        assert page.evaluate(FOLDED)["folded"] and box.evaluate("b => document.activeElement === b && !b.checked")
        assert box.evaluate(IN_VIEW) and page.evaluate(ALBUMS_APART)

        # Clear, from the tray's More menu: folded, and focus on More (Import is in it),
        # which the folded tray shows.
        gallery.pick(A, B)
        page.on("dialog", lambda dialog: dialog.accept())
        gallery.button("Clear").focus()
        page.keyboard.press("Enter")
        gallery.wait_status("0 of 3 picked")
        assert page.evaluate(FOLDED)["folded"]
        assert page.evaluate("() => document.activeElement.id") == "copy" and page.locator("#copy").evaluate(IN_VIEW)
    finally:
        context.close()


def test_the_albums_move_apart_when_the_tray_takes_its_column(chromium, demo):
    # At 900 px the tray's column takes a third of the width: the first album's first row
    # holds fewer photos (its rows are justified at their height), and the albums move apart.
    context, page, gallery = open_in(chromium, demo, {"width": 900, "height": 800})
    try:
        first_row = """() => {
          const cells = Array.from(document.querySelector('#grid section.album').querySelectorAll('li.photo'));
          const top = Math.min(...cells.map(c => c.getBoundingClientRect().top));
          return cells.filter(c => Math.abs(c.getBoundingClientRect().top - top) < 1).length;
        }"""

        def photos_in_first_row():
            gallery.to_photos()
            return page.evaluate(first_row)

        wide = photos_in_first_row()
        gallery.pick(A)
        page.evaluate(TWO_FRAMES)
        assert photos_in_first_row() < wide
        assert page.evaluate(ALBUMS_APART)
        gallery.unpick(A)
        page.evaluate(TWO_FRAMES)
        assert photos_in_first_row() == wide and page.evaluate(ALBUMS_APART)
    finally:
        context.close()


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
