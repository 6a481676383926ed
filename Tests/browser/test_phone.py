"""Issue 29, item 5, in Chromium, Firefox and WebKit: the phone layout leaves the photos the
screen, and the header is quiet on every width.

On a phone (390 × 844 and 360 × 640) the tray is one line at the foot of the screen, "3 of
3 picked · Review ›" ("Pick up to 3" with nothing picked), at most a fifth of the screen's
height; it opens the review sheet, where the picks are moved, removed and noted; the
header's controls are behind one search button that shows and hides them, and searching
works through it. On a desktop the header is one slim row: the title, the count and the
controls, with no labels over the fields (each keeps its accessible name).

Chromium runs in a touch phone context (Playwright); Firefox with its browser element
narrowed, WebKit in a phone-sized frame (engine_webkit.py). One small adapter drives each."""

import pytest

from engines import DriverGallery, until
from helpers import Gallery

A, B, C = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg"
ENGINES = ["chromium", "firefox", "webkit"]
PHONES = [(390, 844), (360, 640)]

# The bar: what it says, its box, and what else of the tray shows.
BAR_JS = """() => {
  const shown = el => el.getClientRects().length > 0;
  const bar = document.getElementById('picks-bar'), tray = document.getElementById('tray').getBoundingClientRect();
  const more = document.getElementById('copy').getBoundingClientRect();
  return { text: bar.textContent, name: bar.textContent.replace(/ · | ›/g, ' ').replace(/\\s+/g, ' ').trim(),
           top: tray.top, bottom: tray.bottom, height: tray.height, width: tray.width, innerHeight, innerWidth: document.documentElement.clientWidth,
           lines: new Set(Array.from(bar.children).flatMap(part => Array.from(part.getClientRects()).map(r => Math.round(r.top)))).size,
           barWhole: bar.scrollWidth <= bar.clientWidth + 1, moreInView: more.left >= 0 && more.right <= innerWidth + 0.5 && more.bottom <= innerHeight + 0.5,
           list: shown(document.getElementById('tray-list')), review: shown(document.getElementById('review')),
           pageWidth: document.documentElement.scrollWidth };
}"""

# The open review sheet: its picks in order, what has focus, a pick's note field.
SHEET_JS = """() => {
  const sheet = document.getElementById('review-sheet');
  const f = document.activeElement;
  return { open: sheet.open, names: Array.from(sheet.querySelectorAll('.review-item .review-name')).map(n => n.textContent),
           numbers: Array.from(sheet.querySelectorAll('.review-number')).map(n => n.textContent),
           notes: Array.from(sheet.querySelectorAll('textarea.review-note')).map(t => [t.getAttribute('aria-label'), t.value]),
           focused: f ? (f.getAttribute('aria-label') || f.id) : null,
           byInSheet: sheet.contains(document.getElementById('by')) && document.getElementById('by').getClientRects().length > 0 };
}"""

# The picks as kept, as the tray (not shown on a phone) holds them: names and notes; and
# which boxes in the grid are ticked.
PICKS_JS = """() => ({ picks: Array.from(document.querySelectorAll('#tray-list .tray-item')).map(li =>
    [li.querySelector('.tray-name').textContent, (li.querySelector('textarea.tray-note') || {value: ''}).value]),
  checked: Array.from(document.querySelectorAll('#gallery li.photo input[name=pick]')).filter(b => b.checked)
    .map(b => b.closest('li').querySelector('.name').textContent) })"""

# The header: its search button and the controls behind it.
HEADER_JS = """() => {
  const shown = el => el.getClientRects().length > 0;
  const toggle = document.getElementById('find-toggle'), r = toggle.getBoundingClientRect();
  return { toggleShown: shown(toggle), expanded: toggle.getAttribute('aria-expanded'), name: toggle.getAttribute('aria-label'),
           tag: toggle.tagName, controls: toggle.getAttribute('aria-controls'), narrowed: toggle.classList.contains('narrowed'),
           toggleSize: [r.width, r.height],
           search: shown(document.getElementById('search')), album: shown(document.getElementById('album-filter')),
           sort: shown(document.getElementById('sort')), pickedOnly: shown(document.getElementById('picked-only')),
           focused: document.activeElement.id, query: document.getElementById('search').value,
           shownText: document.getElementById('shown').textContent,
           albums: Array.from(document.querySelectorAll('#grid section.album h2')).map(h => h.firstChild.textContent.trim()) };
}"""


class Chromium:
    """The page in Chromium, in a touch phone context (or a desktop one)."""

    def __init__(self, browser, site, width, height):
        mobile = width < 700
        self.context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=mobile)
        self.context.route(lambda url: not url.startswith(("file:", "blob:", "data:")), lambda route: route.abort())
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.gallery = Gallery(self.page, site).open().to_photos()

    def js(self, function, *args):
        return self.page.evaluate(f"(args) => ({function})(...args)", list(args))

    def click(self, selector):
        self.page.locator(selector).click()

    def press(self, label):
        self.gallery.button(label).click()

    def type(self, text):
        self.page.keyboard.type(text)

    def pick(self, *names):
        self.gallery.pick(*names)

    def unpick(self, *names):
        self.gallery.unpick(*names)

    def close(self):
        self.context.close()
        assert self.errors == []


class Driver:
    """The page in Firefox or WebKit over WebDriver (the phone frame for WebKit)."""

    def __init__(self, engine, site, width, height):
        self.engine = engine
        if hasattr(engine, "viewport"):  # WebKit's desktop window is 1280 × 900 already
            engine.viewport(width, height)
        self.gallery = DriverGallery(engine, site).open().to_photos()

    def js(self, function, *args):
        return self.engine.script(f"return ({function}).apply(null, arguments)", *args)

    def click(self, selector):
        self.gallery.click(self.engine.script("return document.querySelector(arguments[0])", selector))

    def press(self, label):
        self.gallery.press(label)

    def type(self, text):
        self.engine.keys(*text)

    def pick(self, *names):
        self.gallery.pick(*names)

    def unpick(self, *names):
        self.gallery.unpick(*names)

    def close(self):
        pass


def wait(page, function, check, message):
    """Waits until `check` holds of what the page's `function` returns; returns that."""
    seen = []
    until(lambda: check(seen.append(page.js(function)) or seen[-1]), f"{message}; last {seen[-1:]}")
    return seen[-1]


@pytest.fixture
def open_page(request):
    """open_page(engine name, site, width, height): the page, driven the same way in each engine."""
    opened = []

    def make(name, site, width, height):
        if name == "chromium":
            page = Chromium(request.getfixturevalue("chromium"), site, width, height)
        else:
            fixture = "firefox_engine" if name == "firefox" else ("webkit_phone_engine" if width < 700 else "webkit_engine")
            page = Driver(request.getfixturevalue(fixture), site, width, height)
            if name == "firefox":
                request.addfinalizer(lambda: page.engine.viewport(1280, 900))
        opened.append(page)
        return page

    yield make
    for page in opened:
        page.close()


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("engine", ENGINES)
def test_the_bar_is_one_line_at_the_foot_a_fifth_of_the_screen_at_most_and_counts_the_picks(open_page, demo, engine, size):
    page = open_page(engine, demo, *size)
    empty = page.js(BAR_JS)
    assert empty["text"] == "Pick up to 3" and empty["name"] == "Pick up to 3", empty
    assert empty["height"] <= 0.2 * empty["innerHeight"], empty
    assert abs(empty["bottom"] - empty["innerHeight"]) <= 1 and abs(empty["width"] - empty["innerWidth"]) <= 1, empty
    assert not empty["list"] and not empty["review"] and empty["moreInView"] and empty["lines"] == 1, empty
    page.pick(A, B)
    two = wait(page, BAR_JS, lambda s: s["text"] == "2 of 3 picked · Review ›", "the bar did not count two picks")
    assert two["name"] == "2 of 3 picked Review"
    page.pick(C)
    three = wait(page, BAR_JS, lambda s: s["text"] == "3 of 3 picked · Review ›", "the bar did not count three picks")
    # Still one line, the same height, whole, and the photos keep the rest of the screen.
    for state in (two, three):
        assert abs(state["height"] - empty["height"]) <= 1 and state["lines"] == 1 and state["barWhole"], state
        assert not state["list"] and state["moreInView"] and state["pageWidth"] <= state["innerWidth"], state
    page.unpick(B)
    wait(page, BAR_JS, lambda s: s["text"] == "2 of 3 picked · Review ›", "the bar did not count the unpick")


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("engine", ENGINES)
def test_the_bar_opens_the_review_sheet_where_picks_are_moved_removed_and_noted(open_page, demo, engine, size):
    page = open_page(engine, demo, *size)
    page.pick(A, B, C)
    wait(page, BAR_JS, lambda s: s["text"].startswith("3 of 3"), "three picks")
    page.click("#picks-bar")
    sheet = wait(page, SHEET_JS, lambda s: s["open"], "the bar did not open the review sheet")
    assert sheet["names"] == [A, B, C] and sheet["numbers"] == ["1", "2", "3"] and sheet["byInSheet"], sheet
    assert sheet["focused"] == "export-json", sheet  # no contact: the download is the sheet's primary
    # Moved earlier: the order and the numbers follow, focus stays on the button pressed.
    page.click(f'#review-list button[aria-label="Move {C} earlier"]')
    sheet = wait(page, SHEET_JS, lambda s: s["names"] == [A, C, B], "C did not move earlier")
    assert sheet["numbers"] == ["1", "2", "3"] and sheet["focused"] == f"Move {C} earlier", sheet
    page.click(f'#review-list button[aria-label="Move {A} later"]')
    wait(page, SHEET_JS, lambda s: s["names"] == [C, A, B], "A did not move later")
    # Removed: gone from the sheet and unticked in the grid behind it.
    page.click(f'#review-list button[aria-label="Remove {A} from your picks"]')
    sheet = wait(page, SHEET_JS, lambda s: s["names"] == [C, B], "A was not removed")
    assert sheet["focused"] == f"Remove {B} from your picks", sheet  # on to the next pick's ✕
    kept = page.js(PICKS_JS)
    assert kept["picks"] == [[C, ""], [B, ""]] and A not in kept["checked"], kept
    # A note, written in the sheet, kept with the pick.
    page.click(f'#review-list button[aria-label="Add a note on {B}"]')
    sheet = wait(page, SHEET_JS, lambda s: s["focused"] == f"Note on {B}", "the note field did not take the caret")
    page.type("Print this one large")
    wait(page, SHEET_JS, lambda s: s["notes"] == [[f"Note on {B}", "Print this one large"]], "the note was not typed")
    # Closed: back on the bar, which counts what is left; the note kept with its pick (the
    # tray has it too); opened again, the sheet shows it.
    page.click("#review-close")
    wait(page, SHEET_JS, lambda s: not s["open"] and s["focused"] == "picks-bar", "focus did not return to the bar")
    assert page.js(BAR_JS)["text"] == "2 of 3 picked · Review ›"
    # The tray is drawn again after the sheet has closed (a frame later): waited for.
    wait(page, PICKS_JS, lambda s: s["picks"] == [[C, ""], [B, "Print this one large"]], "the tray did not keep the note")
    page.click("#picks-bar")
    sheet = wait(page, SHEET_JS, lambda s: s["open"], "the sheet did not open again")
    assert sheet["notes"] == [[f"Note on {B}", "Print this one large"]], sheet


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("engine", ENGINES)
def test_the_search_button_shows_and_hides_the_controls_and_search_works_through_it(open_page, demo, engine, size):
    page = open_page(engine, demo, *size)
    closed = page.js(HEADER_JS)
    assert closed["toggleShown"] and closed["tag"] == "BUTTON" and closed["expanded"] == "false", closed
    assert closed["name"] == "Search and sort" and closed["controls"] == "toolbar", closed
    assert closed["toggleSize"][0] >= 40 and closed["toggleSize"][1] >= 40, closed  # a thumb's target
    assert not any(closed[k] for k in ("search", "album", "sort", "pickedOnly")), closed
    assert closed["albums"][:2] == ["Beach Day", "City Walk"], closed
    page.click("#find-toggle")
    opened = wait(page, HEADER_JS, lambda s: s["expanded"] == "true", "the search button did not open the controls")
    assert all(opened[k] for k in ("search", "album", "sort", "pickedOnly")) and opened["focused"] == "search", opened
    page.type("city")
    found = wait(page, HEADER_JS, lambda s: s["albums"] == ["City Walk"], "the search did not narrow the photos")
    assert found["shownText"] == "Showing 8 of 24 photos." and found["narrowed"], found
    page.click("#find-toggle")
    hidden = wait(page, HEADER_JS, lambda s: s["expanded"] == "false", "the search button did not hide the controls")
    # Folded away, the search still holds, and the button says so.
    assert not hidden["search"] and hidden["query"] == "city" and hidden["albums"] == ["City Walk"] and hidden["narrowed"], hidden


# The header on a desktop: each part's box, and whether the fields' labels show.
ROW_JS = """() => {
  const top = document.getElementById('top');
  const parts = [top.querySelector('h1'), top.querySelector('.summary'), ...['search', 'album-filter', 'sort', 'picked-only', 'marks-filter'].map(id => document.getElementById(id))];
  const boxes = parts.map(p => { const r = p.getBoundingClientRect(); return [r.top, r.bottom, r.width]; });
  const label = id => document.getElementById(id).labels[0];
  return { boxes, band: Math.max(...boxes.map(b => b[1])) - Math.min(...boxes.map(b => b[0])), toggle: document.getElementById('find-toggle').getClientRects().length,
           labelsShown: ['search', 'album-filter', 'sort'].filter(id => label(id).getBoundingClientRect().width > 1),
           names: ['search', 'album-filter', 'sort', 'picked-only'].map(id => label(id).textContent.trim()),
           titleFont: getComputedStyle(top.querySelector('h1')).fontFamily };
}"""


@pytest.mark.parametrize("engine", ENGINES)
def test_on_a_desktop_the_header_is_one_slim_row(open_page, demo, engine):
    page = open_page(engine, demo, 1280, 800)
    for picked in ([], [A]):  # the tray folded beside the header, then a column beside the page
        if picked:
            page.pick(*picked)
            wait(page, BAR_JS, lambda s: s["review"], "the tray did not unfold")
            page.js("() => document.getElementById('photos').scrollIntoView()")
        row = page.js(ROW_JS)
        # Every control's middle is level with the title's block (the title over the count).
        title, summary, controls = row["boxes"][0], row["boxes"][1], row["boxes"][2:]
        assert all(title[0] < (b[0] + b[1]) / 2 < summary[1] for b in controls), row
        assert row["band"] <= 64 and row["toggle"] == 0, row  # slim: the title's block is its height
        assert row["labelsShown"] == [] and row["names"] == ["Search", "Album", "Sort", "Picked only"], row
        assert "Proofsheet Display" in row["titleFont"], row


def test_esc_folds_the_controls_back_behind_the_search_button(chromium, demo):
    page = Chromium(chromium, demo, 390, 844)
    try:
        page.click("#find-toggle")
        page.page.keyboard.type("city")
        page.page.keyboard.press("Tab")  # to the album
        page.page.keyboard.press("Escape")
        state = page.js(HEADER_JS)
        assert state["expanded"] == "false" and state["focused"] == "find-toggle" and not state["search"], state
        assert state["query"] == "city" and state["narrowed"], state  # folded, not cleared
        # In the search field, Esc first clears what was typed (as the field does), then folds.
        page.click("#find-toggle")
        page.page.keyboard.press("Escape")
        state = page.js(HEADER_JS)
        assert state["expanded"] == "true" and state["query"] == "" and not state["narrowed"], state
        page.page.keyboard.press("Escape")
        state = page.js(HEADER_JS)
        assert state["expanded"] == "false" and state["focused"] == "find-toggle", state
    finally:
        page.close()
