"""Issue 29, item 6: a viewer built around picking, in Chromium (Playwright), Firefox and
WebKit (WebDriver). The large pick button says "Pick" and "Picked · 2", the number is on
the photo and on the grid; at the limit the refusal is said beside the button; the note
typed under the photo is the tray's and the review sheet's; the details start folded; the
filmstrip marks the photo shown and the picks, and a click on it goes there; Esc after
stepping far gives focus to the last photo's cell, on screen; at phone widths the viewer
fits the screen and the pick button is a thumb's target. Everything is read through
VIEWER_JS, as a person sees it."""

import pytest

from engines import ARROW_RIGHT, ESCAPE, DriverGallery, until
from helpers import Gallery

A, B, C, D = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg"

# What the open viewer shows: its texts, the pick button's box and colours, whether the
# badge is on the photo, the details, the note, the refusal and the filmstrip.
VIEWER_JS = """() => {
  const $ = (id) => document.getElementById(id);
  const rect = (el) => { const r = el.getBoundingClientRect(); return {x: r.left, y: r.top, width: r.width, height: r.height, right: r.right, bottom: r.bottom}; };
  // Inside a closed <details> an element may have boxes yet not be rendered: checkVisibility knows.
  const shown = (el) => !!el && el.getClientRects().length > 0 && el.checkVisibility({visibilityProperty: true});
  const button = $('viewer-pick-button'), photo = rect($('viewer-image')), badge = rect($('viewer-badge'));
  const style = getComputedStyle(button);
  const accent = getComputedStyle(document.body).getPropertyValue('--accent').trim();
  const probe = document.createElement('span');
  probe.style.color = accent;
  document.body.appendChild(probe);
  const accentRgb = getComputedStyle(probe).color;
  probe.remove();
  return {
    open: $('viewer').open,
    name: $('viewer-name').textContent,
    count: $('viewer-count').textContent,
    label: $('viewer-pick-label').textContent,
    checked: $('viewer-pick').checked,
    button: rect(button), box: rect($('viewer-pick')),
    buttonBackground: style.backgroundColor, buttonBorder: style.borderTopColor, accent: accentRgb,
    badge: $('viewer-badge').textContent,
    badgeOnPhoto: badge.width > 0 && badge.x >= photo.x && badge.right <= photo.right && badge.y >= photo.y && badge.bottom <= photo.bottom,
    photo,
    detailsOpen: $('viewer-details').open, exifShown: shown($('viewer-exif')),
    note: shown($('viewer-note')) ? $('viewer-note').value : null, hint: shown($('viewer-note-hint')),
    refusal: shown($('viewer-refusal')) ? $('viewer-refusal').textContent : null,
    refusalRect: rect($('viewer-refusal')),
    strip: shown($('viewer-strip')) ? Array.from(document.querySelectorAll('#viewer-strip .strip-thumb')).map(b => ({
      label: b.getAttribute('aria-label'), current: b.getAttribute('aria-current') === 'true',
      number: b.querySelector('.strip-number').textContent, tab: b.tabIndex})) : null,
    stripRect: rect($('viewer-strip')),
    stripScrolls: $('viewer-strip').scrollWidth > $('viewer-strip').clientWidth,
    viewer: rect($('viewer')), viewerScrollWidth: $('viewer').scrollWidth,
    close: rect($('viewer-close')),
    width: innerWidth, height: innerHeight,
    focus: document.activeElement && document.activeElement.getAttribute('aria-label'),
  };
}"""

# The cell that has focus, and whether it is on the screen.
FOCUS_JS = """() => {
  const f = document.activeElement, cell = f && f.closest && f.closest('li.photo');
  if (!cell) return null;
  const r = cell.getBoundingClientRect();
  return {label: f.getAttribute('aria-label'), onScreen: r.bottom > 0 && r.top < innerHeight};
}"""


def thumb(state, name):
    return next(t for t in state["strip"] if t["label"].startswith(name))


def check_picked_here(state, number):
    assert state["label"] == f"Picked · {number}" and state["checked"], state
    assert state["badge"] == str(number) and state["badgeOnPhoto"], state
    assert state["buttonBackground"] == state["accent"], state  # filled in the accent
    current = [t for t in state["strip"] if t["current"]]
    assert len(current) == 1 and current[0]["number"] == str(number), state["strip"]


def check_fits(state):
    """The viewer fills the screen, nothing wider; the pick button is a thumb's target
    and, with the close button, the photo and the filmstrip, wholly on screen."""
    width, height = state["width"], state["height"]
    assert abs(state["viewer"]["width"] - width) < 1 and abs(state["viewer"]["height"] - height) < 1, state["viewer"]
    assert state["viewerScrollWidth"] <= width, state["viewerScrollWidth"]
    for part in ("button", "close", "photo", "stripRect"):
        box = state[part]
        assert box["x"] >= -0.5 and box["y"] >= -0.5 and box["right"] <= width + 0.5 and box["bottom"] <= height + 0.5, (part, box)
    assert state["button"]["height"] >= 40 and state["box"]["height"] >= 40, state["button"]
    assert state["photo"]["height"] > height * 0.3, state["photo"]


# --- Chromium ------------------------------------------------------------------------------


def viewer(page):
    return page.evaluate(VIEWER_JS)


def test_picking_in_the_viewer_numbers_the_button_the_photo_and_the_grid(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A)
    gallery.view(C)
    state = viewer(page)
    assert state["label"] == "Pick" and not state["checked"] and state["badge"] == ""
    assert state["buttonBorder"] == state["accent"], state  # a ring in the accent
    assert state["button"]["height"] >= 40 and state["box"]["height"] >= 40
    assert not state["detailsOpen"] and not state["exifShown"]  # details folded away
    assert state["note"] is None and state["hint"]  # a note comes with a pick
    assert thumb(state, A)["number"] == "1" and thumb(state, A)["label"] == f"{A}, pick 1"
    page.locator("#viewer-pick").click()
    page.wait_for_function("() => document.getElementById('viewer-pick-label').textContent === 'Picked · 2'")
    check_picked_here(viewer(page), 2)
    page.keyboard.press("Escape")
    page.wait_for_selector("#viewer", state="hidden")
    assert gallery.badges([A, C]) == {A: "1", C: "2"}
    assert gallery.state()["tray"] == [A, C]


def test_the_limit_is_refused_beside_the_viewers_pick_button(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    gallery.view(D)
    assert viewer(page)["label"] == "Limit reached"
    # A click where the button is (Playwright's own click waits for an aria-disabled box
    # to become enabled, which a person does not).
    box = page.locator("#viewer-pick-button").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => !document.getElementById('viewer-refusal').hidden")
    state = viewer(page)
    assert "limit reached. Unpick one first" in state["refusal"] and not state["checked"]
    # Right there: the message's box touches the button's column, just above it.
    near, button = state["refusalRect"], state["button"]
    assert near["bottom"] <= button["y"] and button["y"] - near["bottom"] < 24 and near["x"] < button["right"], (near, button)
    page.keyboard.press("Escape")
    assert gallery.state()["tray"] == [A, B, C]


def test_a_note_typed_under_the_photo_is_the_trays_and_the_review_sheets(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B)
    gallery.view(B)
    assert viewer(page)["note"] == "" and not viewer(page)["hint"]
    page.locator("#viewer-note").click()
    page.keyboard.type("Warmer, please — for the cover")
    page.keyboard.press("Escape")
    page.wait_for_selector("#viewer", state="hidden")
    note = page.locator("#tray-list .tray-item", has_text=B).locator("textarea.tray-note")
    assert note.input_value() == "Warmer, please — for the cover"
    gallery.button("Review").click()
    page.wait_for_selector("#review-sheet[open]")
    item = page.locator("#review-list .review-item", has_text=B)
    assert item.locator("textarea.review-note").input_value() == "Warmer, please — for the cover"
    page.locator("#review-close").click()
    # And back: the tray's note, edited there, is the one under the photo.
    note.fill("Warmer, and a little brighter")
    gallery.view(B)
    assert viewer(page)["note"] == "Warmer, and a little brighter"


def test_the_filmstrip_marks_the_photo_and_the_picks_and_a_click_goes_there(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(demo.photos[4]["name"])
    gallery.view(A)
    state = viewer(page)
    names = [p["name"] for p in demo.photos]
    assert [t["label"].split(", pick")[0] for t in state["strip"]] == names[:15]  # a window, not the gallery
    assert [t["current"] for t in state["strip"]] == [True] + [False] * 14
    assert [t["tab"] for t in state["strip"]] == [0] + [-1] * 14  # one Tab stop
    assert thumb(state, names[4])["number"] == "1"
    page.locator("#viewer-strip .strip-thumb").nth(4).click()
    page.wait_for_function("n => document.getElementById('viewer-name').textContent === n", arg=names[4])
    state = viewer(page)
    assert state["count"] == "5 of 24" and state["label"] == "Picked · 1" and state["badge"] == "1"
    assert thumb(state, names[4])["current"]
    # Further on, the photo shown is in the middle of its window.
    page.locator("#viewer-strip .strip-thumb").nth(10).click()
    page.wait_for_function("n => document.getElementById('viewer-name').textContent === n", arg=names[10])
    assert [t["label"].split(", pick")[0] for t in viewer(page)["strip"]] == names[3:18]


def test_esc_after_a_first_pick_in_the_viewer_focuses_the_last_photo_shown(page, demo):
    # The first pick unfolds the tray, and the grid takes a new width behind the viewer.
    gallery = Gallery(page, demo).open()
    names = [p["name"] for p in demo.photos]
    gallery.view(names[9])
    page.locator("#viewer-pick").click()
    page.wait_for_function("() => document.getElementById('viewer-pick-label').textContent === 'Picked · 1'")
    for step in range(10, 15):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => document.getElementById('viewer-name').textContent === n", arg=names[step])
    page.keyboard.press("Escape")
    page.wait_for_selector("#viewer", state="hidden")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate(FOCUS_JS) == {"label": f"View {names[14]}", "onScreen": True}
    assert gallery.state()["tray"] == [names[9]]


@pytest.mark.parametrize("width", [320, 390])
def test_at_phone_width_the_viewer_fits_and_its_pick_button_is_large(chromium, demo, width):
    context = chromium.new_context(viewport={"width": width, "height": 720}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        gallery = Gallery(page, demo).open()
        gallery.pick(A)
        gallery.view(A)
        state = viewer(page)
        check_fits(state)
        assert state["stripScrolls"]  # sideways, on a phone
        page.locator("#viewer-pick").tap()
        page.wait_for_function("() => document.getElementById('viewer-pick-label').textContent === 'Pick'")
        page.locator("#viewer-pick").tap()
        page.wait_for_function("() => document.getElementById('viewer-pick-label').textContent === 'Picked · 1'")
        check_fits(viewer(page))
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_viewer_follows_the_colour_scheme(chromium, demo, scheme):
    context = chromium.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        Gallery(page, demo).open().view(A)
        background = page.evaluate("() => getComputedStyle(document.getElementById('viewer')).backgroundColor")
        assert background == ("rgb(255, 255, 255)" if scheme == "light" else "rgb(20, 20, 20)")
    finally:
        context.close()


# --- Firefox and WebKit ---------------------------------------------------------------------


def driver_viewer(gallery):
    return gallery.engine.script(f"return ({VIEWER_JS})()")


@pytest.fixture(params=["firefox", "webkit"])
def driven(request, demo):
    engine = request.getfixturevalue(f"{request.param}_engine")
    if request.param == "webkit":
        engine.driver.set_window_size(1280, 900)
    return DriverGallery(engine, demo).open()


def test_picking_refusing_and_the_filmstrip_in_firefox_and_webkit(driven):
    gallery, script = driven, driven.engine.script
    gallery.pick(A, B)
    gallery.view(C)
    state = driver_viewer(gallery)
    assert state["label"] == "Pick" and not state["detailsOpen"] and not state["exifShown"]
    assert state["button"]["height"] >= 40
    gallery.click(script("return document.getElementById('viewer-pick')"))
    until(lambda: driver_viewer(gallery)["label"] == "Picked · 3", "the pick button did not say Picked · 3")
    check_picked_here(driver_viewer(gallery), 3)
    # At the limit: the next photo refused, beside the button.
    gallery.engine.keys(ARROW_RIGHT)
    until(lambda: gallery.text("viewer-name") == D, "→ did not show the next photo")
    assert driver_viewer(gallery)["label"] == "Limit reached"
    gallery.click(script("return document.getElementById('viewer-pick')"))
    until(lambda: driver_viewer(gallery)["refusal"], "no refusal beside the pick button")
    assert "Unpick one first" in driver_viewer(gallery)["refusal"] and not driver_viewer(gallery)["checked"]
    # The filmstrip: a click on the first photo goes there.
    gallery.click(script("return document.querySelectorAll('#viewer-strip .strip-thumb')[0]"))
    until(lambda: gallery.text("viewer-name") == A, "the filmstrip did not go to the photo clicked")
    assert driver_viewer(gallery)["label"] == "Picked · 1"
    gallery.engine.keys(ESCAPE)
    until(lambda: not gallery.viewer_open(), "Esc did not close the viewer")
    assert gallery.state()["badges"] == {A: "1", B: "2", C: "3"}


def test_esc_after_stepping_far_focuses_the_last_photos_cell_in_firefox_and_webkit(driven, demo):
    gallery = driven
    names = [p["name"] for p in demo.photos]
    gallery.view(names[0])
    for step in range(1, 21):  # to the last album, far below
        gallery.engine.keys(ARROW_RIGHT)
        until(lambda: gallery.text("viewer-name") == names[step], f"→ did not show photo {step + 1}")
    gallery.engine.keys(ESCAPE)
    until(lambda: not gallery.viewer_open(), "Esc did not close the viewer")
    focus = until(lambda: gallery.engine.script(f"return ({FOCUS_JS})()"), "no photo has focus")
    assert focus == {"label": f"View {names[20]}", "onScreen": True}


@pytest.mark.parametrize("engine_name", ["firefox", "webkit"])
def test_at_phone_width_the_viewer_fits_in_firefox_and_webkit(request, demo, engine_name):
    engine = request.getfixturevalue("firefox_engine" if engine_name == "firefox" else "webkit_phone_engine")
    engine.viewport(390, 844)
    if engine_name == "firefox":
        request.addfinalizer(lambda: engine.viewport(1280, 900))
    gallery = DriverGallery(engine, demo).open()
    gallery.pick(A)
    gallery.view(A)
    state = driver_viewer(gallery)
    assert state["label"] == "Picked · 1"
    check_fits(state)
    assert state["stripScrolls"]
