"""Named selections (build --selection, issue 31) in Chromium, Firefox and WebKit: the
switcher (a radio group, by mouse and by the arrow keys), each selection's own picks,
limit, minimum and status, a photo in several, kept across a reload, exported as order
file version 2's `selections` and imported back, the exported file collected by the real
binary into one numbered folder per selection; marks set in the review sheet; the ☆ on
a touch screen only where it helps."""

import json

import pytest

import helpers
from engines import DriverGallery, until
from test_marks import ChromiumEngine, control, import_file, wait_shown

A, B, C, D, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg", "IMG_0106.jpg"
ENGINES = ["chromium", "webkit", "firefox"]
SELECTIONS = [("Album", 2, 3), ("Parents", 1, 2), ("Cover", 0, 1)]

# The switcher as a person and a screen reader meet it: each segment's name, whether it
# is the chosen one, its visible count, its state, and which segment has focus.
SWITCHER_JS = """
const group = document.getElementById('switcher');
if (!group || group.hidden) return null;
return {
  label: group.getAttribute('aria-label'), role: group.getAttribute('role'),
  segments: Array.from(group.querySelectorAll('[role=radio]')).map(s => ({
    name: s.querySelector('.segment-name').textContent, checked: s.getAttribute('aria-checked'),
    count: s.querySelector('.segment-count').textContent, tabindex: s.tabIndex,
    ready: s.classList.contains('ready'), over: s.classList.contains('over'), label: s.getAttribute('aria-label')})),
  focused: document.activeElement && document.activeElement.getAttribute('role') === 'radio'
    ? document.activeElement.querySelector('.segment-name').textContent : null,
};
"""
SEGMENT_JS = """return Array.from(document.querySelectorAll('#switcher [role=radio]'))
  .find(s => s.querySelector('.segment-name').textContent === arguments[0]) || null"""


@pytest.fixture(scope="module")
def named(binary, workdir, demo):
    """The demo library with three named selections: Album 2–3, Parents 1–2, Cover 1."""
    output = workdir / "site-selections"
    if not (output / "index.html").exists():
        extra = [arg for name, low, high in SELECTIONS for arg in ("--selection", f"{name}:{low}-{high}" if low else f"{name}:{high}")]
        helpers.build_site(binary, demo.library, output, limit=3, extra=extra)
    from conftest import Site
    return Site(output, demo.library)


def engine_for(request):
    if request.param == "chromium":
        return ChromiumEngine(request.getfixturevalue("page"))
    return request.getfixturevalue(f"{request.param}_engine")


@pytest.fixture(params=ENGINES)
def gallery(request, named):
    return DriverGallery(engine_for(request), named).open().to_photos()


# WebDriver's code points for the keys the switcher takes.
KEY_CODES = {"ArrowRight": "\ue014", "ArrowLeft": "\ue012", "Home": "\ue011", "End": "\ue010"}


def press(gallery, key):
    if isinstance(gallery.engine, ChromiumEngine):
        gallery.engine.page.keyboard.press(key)
    else:
        gallery.engine.keys(KEY_CODES[key])


def switcher(gallery):
    return gallery.engine.script(SWITCHER_JS)


def chosen(gallery):
    state = switcher(gallery)
    return [s["name"] for s in state["segments"] if s["checked"] == "true"]


def segment(gallery, name):
    return next(s for s in switcher(gallery)["segments"] if s["name"] == name)


def choose(gallery, name):
    gallery.click(gallery.engine.script(SEGMENT_JS, name))
    until(lambda: chosen(gallery) == [name], f"{name} was not chosen: {chosen(gallery)}")


def wait_tray(gallery, names):
    return gallery.wait_state(lambda s: s["tray"] == names, f"the tray does not hold {names}")


def wait_imported(gallery, file):
    """Imports `file` into a page with nothing picked, then waits for the test's picks in
    each selection: Album A, C; Parents C; Cover B."""
    wait_tray(gallery, [])
    import_file(gallery, file)
    gallery.wait_notice("Imported 4 picks in 3 selections")
    wait_tray(gallery, [A, C])
    choose(gallery, "Parents")
    wait_tray(gallery, [C])
    choose(gallery, "Cover")
    wait_tray(gallery, [B])


def test_each_selection_has_its_own_picks_limit_minimum_and_status(gallery):
    engine = gallery.engine
    state = switcher(gallery)
    assert state["role"] == "radiogroup" and state["label"] == "Selections"
    assert [(s["name"], s["checked"], s["count"], s["tabindex"]) for s in state["segments"]] == [
        ("Album", "true", "0 of 2–3", 0), ("Parents", "false", "0 of 1–2", -1), ("Cover", "false", "0 of 1", -1)]
    assert state["segments"][0]["label"] == "Album: Pick at least 2 (up to 3) — 0 picked"

    # Album, 2 to 3: one is below its minimum, three is its limit.
    gallery.pick(A)
    until(lambda: "Album: Pick at least 2 (up to 3) — 1 picked" == gallery.text("status"), "the status does not name Album")
    assert not segment(gallery, "Album")["ready"]
    gallery.press("Review")
    gallery.press("Download selection")
    until(lambda: "Album asks for at least 2 picks and has 1" in gallery.text("review-notice"), "export below Album's minimum was not refused")
    gallery.pick(B, C)
    wait_tray(gallery, [A, B, C])
    until(lambda: segment(gallery, "Album")["ready"], "Album at its limit is not ready")
    assert segment(gallery, "Album")["count"] == "3 of 2–3"
    state = wait_tray(gallery, [A, B, C])
    assert state["status"] == "Album: Pick at least 2 (up to 3) — 3 picked — limit reached"
    assert D in state["disabled"] and A not in state["disabled"]

    # Parents, by the keyboard: the arrow moves and chooses; the checkboxes now speak of it.
    engine.script("arguments[0].focus()", engine.script(SEGMENT_JS, "Album"))
    press(gallery, "ArrowRight")
    until(lambda: chosen(gallery) == ["Parents"] and switcher(gallery)["focused"] == "Parents", "ArrowRight did not choose Parents")
    assert [s["tabindex"] for s in switcher(gallery)["segments"]] == [-1, 0, -1]
    state = wait_tray(gallery, [])
    assert state["disabled"] == [] and not engine.script("return arguments[0].checked", gallery.box(A))
    gallery.pick(A)  # a photo may be in several selections
    state = wait_tray(gallery, [A])
    assert gallery.text("status") == "Parents: Pick at least 1 (up to 2) — 1 picked — ready to send"
    gallery.pick(B)
    state = wait_tray(gallery, [A, B])
    assert C in state["disabled"]
    assert segment(gallery, "Parents")["count"] == "2 of 1–2"

    # Cover, by End: a limit of 1, where another pick replaces the one.
    engine.script("arguments[0].focus()", engine.script(SEGMENT_JS, "Parents"))
    press(gallery, "End")
    until(lambda: chosen(gallery) == ["Cover"], "End did not choose Cover")
    gallery.pick(D)
    wait_tray(gallery, [D])
    gallery.pick(E)
    wait_tray(gallery, [E])
    # The viewer, in front of the tray, says which selection its pick button is for.
    gallery.view(E)
    until(lambda: gallery.text("viewer-pick-label") == "Picked · 1 for Cover", f"the viewer says {gallery.text('viewer-pick-label')!r}")
    engine.keys("\ue00c")
    until(lambda: not gallery.viewer_open(), "the viewer did not close")
    until(lambda: [(s["name"], s["ready"]) for s in switcher(gallery)["segments"]] == [("Album", True), ("Parents", True), ("Cover", True)],
          "not every selection shows it is ready")

    # Album again: its picks as they were, in their order.
    choose(gallery, "Album")
    wait_tray(gallery, [A, B, C])

    # A reload keeps each selection, and which one was shown.
    choose(gallery, "Parents")
    gallery.reload()
    gallery.to_photos()
    assert chosen(gallery) == ["Parents"]
    wait_tray(gallery, [A, B])
    choose(gallery, "Cover")
    wait_tray(gallery, [E])
    choose(gallery, "Album")
    wait_tray(gallery, [A, B, C])
    assert engine.script("return localStorage.getItem(arguments[0])", f"proofsheet:{gallery.site.gallery}:picks") is None


def test_exported_selections_collect_into_numbered_folders_and_import_back(gallery, binary, named, tmp_path):
    engine = gallery.engine
    gallery.pick(A, C)
    choose(gallery, "Parents")
    gallery.pick(C)
    choose(gallery, "Cover")
    gallery.pick(B)

    # Marks set in the review sheet, on each pick's row.
    gallery.press("Review")
    row = engine.script("return document.querySelector('#review-list li .review-marks')")
    assert engine.script("return arguments[0].getAttribute('aria-label')", row) == f"Marks for {B}"
    control(gallery, row, "4 stars")
    control(gallery, row, "Red")
    control(gallery, row, "Reject")
    until(lambda: engine.script("return Array.from(arguments[0].querySelectorAll('[aria-pressed=true]')).map(b => b.getAttribute('aria-label'))", row)
          == ["4 stars", "Red", "Reject"], "the review row does not show 4 stars, red, reject")
    # The switcher is in the sheet's head while it is open, and switches its list.
    assert engine.script("return document.getElementById('switcher').closest('dialog') === document.getElementById('review-sheet')")
    choose(gallery, "Album")
    until(lambda: engine.script("return Array.from(document.querySelectorAll('#review-list .review-name')).map(n => n.textContent)") == [A, C],
          "the sheet does not list Album's picks")
    name, data = gallery.export()
    gallery.click(engine.script("return document.getElementById('review-close')"))
    # The switcher goes back on the dialog's close event, which the browser queues as a
    # task of its own after the click (WebKit's driver returned before it had run).
    until(lambda: engine.script("return document.getElementById('switcher').closest('#tray') !== null"),
          "the switcher is not back in the tray after the sheet closed")
    wait_shown(gallery, B, 4, "red", True, "4 stars, red label, rejected")

    order = json.loads(data)
    assert name.endswith(".json") and "4 picks" in name
    assert order["version"] == 2 and not {"picks", "limit", "minimum"} & set(order)
    assert [(s["name"], s["min"], s["limit"], [p["name"] for p in s["picks"]]) for s in order["selections"]] == [
        ("Album", 2, 3, [A, C]), ("Parents", 1, 2, [C]), ("Cover", 0, 1, [B])]
    assert [p["order"] for p in order["selections"][0]["picks"]] == [1, 2]
    assert [(m["name"], m["rating"], m.get("label"), m.get("rejected")) for m in order["marks"]] == [(B, 4, "red", True)]

    # The real binary collects it: one numbered folder per selection.
    path = tmp_path / name
    path.write_bytes(data)
    out = tmp_path / "picks"
    helpers.run(binary, "collect", path, "--library", named.library, "--site", named.root, "--output", out, "--no-companions")
    folders = {f.name: sorted(p.name for p in f.iterdir() if p.suffix.lower() == ".jpg") for f in out.iterdir() if f.is_dir()}
    assert folders == {"Album": [f"1-{A}", f"2-{C}"], "Parents": [f"1-{C}"], "Cover": [f"1-{B}"]}

    # Imported into a fresh page: every selection and the marks come back.
    gallery.open(engine.script("return location.href"), fresh=True)
    gallery.to_photos()
    assert chosen(gallery) == ["Album"]
    wait_imported(gallery, path)
    wait_shown(gallery, B, 4, "red", True, "4 stars, red label, rejected")


def test_a_gallery_without_named_selections_has_no_switcher(page, demo):
    gallery = DriverGallery(ChromiumEngine(page), demo).open().to_photos()
    assert switcher(gallery) is None
    gallery.pick(A)
    keys = gallery.engine.script("return Object.keys(localStorage).filter(k => k.indexOf('proofsheet:') === 0)")
    assert keys == [f"proofsheet:{demo.gallery}:picks"]


def test_folded_beside_the_header_the_selections_tray_is_a_slim_box(chromium, named):
    """Nothing picked, on a desktop: the folded tray is the title and More on one line, the
    tabs (each selection's count) under it, then the hint; the status line the tabs repeat
    is for screen readers only. It once stacked all five and made the header 254 px tall."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(named.url)
        page.wait_for_selector("html[data-ready=true]")
        page.evaluate("document.getElementById('photos').scrollIntoView()")
        box = page.evaluate("""() => {
          const rect = id => document.getElementById(id).getBoundingClientRect();
          const status = document.getElementById('status');
          return {folded: document.documentElement.classList.contains('tray-collapsed'), tray: rect('tray').height,
                  header: document.querySelector('header.top').getBoundingClientRect().height,
                  title: rect('tray-title').top, more: rect('copy').top, titleBottom: rect('tray-title').bottom,
                  switcher: rect('switcher').top, statusWidth: status.getBoundingClientRect().width, status: status.textContent};
        }""")
        assert box["folded"], box
        assert box["more"] < box["titleBottom"] and box["switcher"] > box["titleBottom"], box  # More beside the title
        assert box["statusWidth"] <= 1 and box["status"] == "Album: Pick at least 2 (up to 3) — 0 picked", box
        assert box["tray"] < 160 and box["header"] < 170, box
    finally:
        context.close()


def test_a_file_of_named_selections_is_refused_by_a_gallery_of_one(page, demo, named, tmp_path):
    gallery = DriverGallery(ChromiumEngine(page), demo).open().to_photos()
    photo = demo.photo(A)
    path = tmp_path / "named.json"
    path.write_text(json.dumps({"format": "proofsheet-order", "version": 2, "gallery": demo.gallery, "title": "t",
                                "selections": [{"name": "Album", "min": 0, "limit": 3, "picks": [
                                    {"order": 1, "id": photo["id"], "path": photo["path"], "name": A, "bytes": photo["bytes"]}]}]}))
    import_file(gallery, path)
    gallery.wait_notice("This file holds named selections (Album); this gallery has one selection.")
    assert gallery.state()["tray"] == []


def test_on_a_touch_screen_the_star_shows_only_on_the_photo_in_focus(chromium, named):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(named.url)
        page.wait_for_selector("html[data-ready=true]")
        page.evaluate("document.getElementById('photos').scrollIntoView()")
        assert page.evaluate("matchMedia('(hover: none)').matches")
        shown = """() => Array.from(document.querySelectorAll('#grid li.photo:not(.loading) button.marks-open'))
            .filter(b => getComputedStyle(b).visibility === 'visible').map(b => b.closest('li').querySelector('.name').textContent)"""
        assert page.evaluate(shown) == []
        page.evaluate("""(name) => Array.from(document.querySelectorAll('#grid li.photo'))
            .find(li => li.querySelector('.name').textContent === name).querySelector('input[type=checkbox]').focus()""", B)
        assert page.evaluate(shown) == [B]
        # The viewer keeps its row of marks, whatever the screen.
        page.evaluate("() => document.activeElement.blur()")
        assert page.evaluate(shown) == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme,width", [("light", 1280), ("dark", 1280), ("light", 360), ("dark", 390)])
def test_axe_finds_nothing_serious_in_the_switcher(chromium, named, scheme, width):
    """axe-core on the switcher in the tray (above the bar on a phone) and in the review sheet."""
    from axe_playwright_python.sync_playwright import Axe

    def serious(page):
        found = [v for v in Axe().run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
        return [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in found]

    context = chromium.new_context(color_scheme=scheme, viewport={"width": width, "height": 844}, is_mobile=width < 700, has_touch=width < 700)
    try:
        page = context.new_page()
        page.goto(named.url)
        page.wait_for_selector("html[data-ready=true]")
        page.evaluate("document.getElementById('photos').scrollIntoView()")
        page.locator("#grid li.photo input[type=checkbox]").nth(0).click()
        page.locator("#switcher [role=radio]").nth(1).click()
        assert page.locator("#switcher").is_visible()
        assert page.evaluate("document.getElementById('switcher').scrollWidth <= document.getElementById('switcher').clientWidth")
        assert serious(page) == []
        page.click("#picks-bar" if width < 700 else "#review")
        page.wait_for_selector("#review-sheet #switcher")
        assert serious(page) == []
    finally:
        context.close()
