"""Issue 12's phone layout in Firefox and WebKit (Chromium: test_layout.py): at 320, 390
and 430 px the tray is one line at the foot of the screen (issue 29: the bar, which opens
the review sheet) that keeps its actions whole, Tab focus never lands under it, the
viewer's count stays on one line beside "Limit reached", and with 30 picks the actions and
the limit message are in view.

Firefox's headless window is resized (the browser element constrained under 500 px).
WebKitGTK's MiniBrowser will not make its window narrower than its toolbar (447 px of
page), so in WebKit the page is loaded over HTTP in a phone-sized <iframe> of a same-origin
wrapper page and driven inside it (engine_webkit.FramedWebKitEngine): its media queries, vh,
innerWidth/innerHeight, scrolling and focus are the frame's."""

import pytest

from engines import ALT, INTO_VIEW, SPACE, TAB, DriverGallery, until
from helpers import LONG_NAMES, NAMES_JS, SHORT_NAMES, check_names

A, B, C, D = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg"
ENGINES = ["firefox", "webkit"]
FIXTURES = {"firefox": "firefox_engine", "webkit": "webkit_phone_engine"}
WIDTHS = [320, 390, 430]

# Whether an element is wholly inside the window and on top at its centre (not cut, not covered).
IN_VIEW = """
const el = arguments[0], r = el.getBoundingClientRect();
const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5
  && top !== null && (top === el || el.contains(top));
"""

UNDER_TRAY = """
const f = document.activeElement, tray = document.getElementById('tray');
if (!f || f === document.body || tray.contains(f)) return null;
const r = f.getBoundingClientRect();
return r.bottom > tray.getBoundingClientRect().top + 0.5 ? (f.getAttribute('aria-label') || f.textContent || f.tagName) : null;
"""

AFTER_TWO_FRAMES = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
"""


@pytest.fixture(params=[(e, w) for e in ENGINES for w in WIDTHS], ids=[f"{e}-{w}" for e in ENGINES for w in WIDTHS])
def phone(request, demo):
    name, width = request.param
    yield phone_page(request, name, width, demo), width


def phone_page(request, name, width, site):
    engine = request.getfixturevalue(FIXTURES[name])
    engine.viewport(width, 844)
    if name == "firefox":
        request.addfinalizer(lambda: engine.viewport(1280, 900))
    return DriverGallery(engine, site).open()


def test_the_phone_bar_keeps_its_actions_whole_and_leaves_the_photos_the_screen(phone):
    gallery, width = phone
    gallery.pick(A, B, C)
    gallery.wait_state(lambda s: s["tray"] == [A, B, C], "three picks in the tray")
    script = gallery.engine.script
    assert script("return document.documentElement.scrollWidth") <= width
    assert script("const a = document.querySelector('#tray .actions'); return a.scrollWidth <= a.clientWidth")
    buttons = script("return Array.from(document.querySelectorAll('#tray .actions button')).filter(b => b.getClientRects().length > 0)")
    assert [script("return arguments[0].id", b) for b in buttons] == ["picks-bar", "copy"]
    for button in buttons:
        assert script(IN_VIEW, button), f"{script('return arguments[0].textContent', button)} is cut or off screen at {width} px"
    # The picks are listed in the review sheet the bar opens, not over the photos.
    assert script("return document.getElementById('tray-list').getClientRects().length") == 0
    assert script("return document.getElementById('tray').getBoundingClientRect().height") <= 0.2 * 844


def test_tab_focus_never_lands_under_the_phone_bar(phone):
    gallery, width = phone
    gallery.pick(A, B, C)
    gallery.reload()  # picks kept, focus from the top
    under = []
    for stop in range(50):
        gallery.engine.keys(TAB)
        gallery.engine.async_script(AFTER_TWO_FRAMES)
        found = gallery.engine.script(UNDER_TRAY)
        if found:
            under.append((stop, found))
    assert under == [], f"focus under the tray at {width} px: {under}"


def test_the_viewer_count_stays_on_one_line_beside_limit_reached(phone):
    gallery, width = phone
    gallery.pick(A, B, C)
    gallery.view(D)
    script = gallery.engine.script
    until(lambda: gallery.text("viewer-pick-label") == "Limit reached", "the viewer does not say the limit is reached")
    for element_id in ("viewer-count", "viewer-pick-label", "viewer-name"):
        lines = script(
            "const e = document.getElementById(arguments[0]);"
            "return [e.getClientRects().length, e.getBoundingClientRect().height / (parseFloat(getComputedStyle(e).lineHeight) || 20)]",
            element_id,
        )
        assert lines[0] == 1 and lines[1] < 1.5, f"{element_id} wraps at {width} px: {lines}"
    assert script(IN_VIEW, script("return document.getElementById('viewer-count')"))


# The phone bar: what it shows, and how tall it is.
DOCKED = """
const shown = el => el.getClientRects().length > 0;
return { height: document.getElementById('tray').getBoundingClientRect().height,
         list: shown(document.getElementById('tray-list')), about: shown(document.getElementById('about-picks')),
         disabled: Array.from(document.querySelectorAll('#tray .actions button:disabled')).filter(shown).length,
         moreShown: shown(document.getElementById('copy')), reviewShown: shown(document.getElementById('review')),
         barShown: shown(document.getElementById('picks-bar')) };
"""


def test_the_phone_bar_is_one_line_with_nothing_picked_and_with_picks(phone):
    gallery, width = phone
    script = gallery.engine.script
    empty = script(DOCKED)
    # The bar (the limit) and More (Import is in it); no list, no name and note, no disabled action.
    assert not empty["list"] and not empty["about"] and empty["disabled"] == 0 and empty["moreShown"], (width, empty)
    assert empty["barShown"] and not empty["reviewShown"] and empty["height"] < 90, (width, empty)
    gallery.pick(A)
    gallery.wait_state(lambda s: s["tray"] == [A], "one pick in the tray")
    gallery.engine.async_script(AFTER_TWO_FRAMES)
    assert script(DOCKED) == empty  # the same one line: the sheet holds the rest
    gallery.unpick(A)
    gallery.wait_state(lambda s: s["tray"] == [], "no pick in the tray")
    gallery.engine.async_script(AFTER_TWO_FRAMES)
    assert script(DOCKED) == empty


@pytest.mark.parametrize("name", ENGINES)
def test_with_30_picks_on_a_phone_the_actions_and_the_limit_message_are_in_view(request, thirty, name):
    gallery = phone_page(request, name, 390, thirty)
    names = [p["name"] for p in thirty.photos]
    gallery.pick(*names[:30])
    gallery.wait_state(lambda s: s["status"] == "30 of 30 picked — limit reached", "30 picks")
    script = gallery.engine.script
    # On a phone the bar stands for Review (it opens the same sheet).
    bar = script("return document.getElementById('picks-bar')")
    for label, button in (("Review", bar), ("More", gallery.button("More"))):
        assert script(IN_VIEW, button), f"{label} is out of view with 30 picks"
    # The 31st box is reachable from the keyboard; Space on it says why, in view.
    box = gallery.box(names[30])
    assert gallery.engine.async_script(INTO_VIEW, box)
    script("arguments[0].focus()", box)
    gallery.engine.keys(SPACE)
    gallery.wait_refusal("limit reached. Unpick one first")
    assert script(IN_VIEW, script("return document.getElementById('refusal')"))  # beside the photo
    assert script("return document.activeElement === arguments[0] && !arguments[0].checked", box)
    assert script(IN_VIEW, box), "the 31st box is under the bar"


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_alt_p_goes_from_a_photo_to_the_tray_and_back(request, demo, name):
    engine = request.getfixturevalue(f"{name}_engine")
    gallery = DriverGallery(engine, demo).open()
    gallery.pick(A)
    box = gallery.box("DSCF2005.jpg")
    engine.script("arguments[0].focus()", box)
    engine.chord(ALT, "p")
    until(lambda: engine.script("return document.activeElement.id") == "tray", "Alt+P did not go to the tray")
    engine.chord(ALT, "p")
    until(lambda: engine.script("return document.activeElement === arguments[0]", box), "Alt+P did not come back to the photo")


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone-390"])
@pytest.mark.parametrize("name", ENGINES)
def test_names_fit_a_line_or_wrap_between_their_parts_in_the_grid_and_the_tray(request, names, name, width):
    # test_tray.py's test of the same name, in Firefox and WebKit.
    if width < 500:
        gallery = phone_page(request, name, width, names)
    else:
        gallery = DriverGallery(request.getfixturevalue(f"{name}_engine"), names).open()
    gallery.pick(*SHORT_NAMES, *LONG_NAMES)
    gallery.wait_state(lambda s: len(s["tray"]) == len(SHORT_NAMES + LONG_NAMES), "every name picked")
    phone = width <= 760
    if phone:  # the picks are listed in the review sheet the bar opens
        gallery.click(gallery.engine.script("return document.getElementById('picks-bar')"))
        until(lambda: gallery.engine.script("return document.getElementById('review-sheet').open"), "the sheet did not open")
    gallery.engine.async_script(AFTER_TWO_FRAMES)
    check_names(gallery.engine.script(f"return ({NAMES_JS})()"), tray_lines=1 if phone else 2, picks="review" if phone else "tray")
