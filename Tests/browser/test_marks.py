"""Marks (issue 31) in Chromium, Firefox and WebKit: stars, colour labels and reject set
with Lightroom's keys and with the controls, in the grid and in the viewer; kept across a
reload; exported as the order file's version 2 `marks`; imported into a fresh page; the
filter by marks; the keys ignored while typing a note or a search."""

import json
from pathlib import Path

import pytest

from engines import DriverGallery, until

A, B, C = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg"
ENGINES = ["chromium", "webkit", "firefox"]

# What a photo's cell shows of its marks, found by the file name: the stars on it, the
# label's colour, whether it is dimmed as rejected, the photo link's accessible name.
SHOWN_JS = """
const cell = Array.from(document.querySelectorAll('#gallery li.photo'))
  .find(li => li.querySelector('.name') && li.querySelector('.name').textContent === arguments[0]);
if (!cell) return null;
const marks = cell.querySelector('.marks');
const label = ['red', 'yellow', 'green', 'blue', 'purple'].find(c => marks.classList.contains(c)) || '';
return [marks.textContent, label, cell.classList.contains('rejected'), cell.querySelector('a.open').getAttribute('aria-label')];
"""
SHOWN_NAMES = """return Array.from(document.querySelectorAll('#gallery li.photo:not(.loading) .name')).map(n => n.textContent)"""
FILTER_JS = """const s = document.getElementById('marks-filter'); s.value = arguments[0];
s.dispatchEvent(new Event('change', {bubbles: true}));"""
# The button of a row of mark controls, by its accessible name.
CONTROL_JS = """return Array.from(arguments[0].querySelectorAll('button')).find(b => b.getAttribute('aria-label') === arguments[1]) || null"""

KEYS = {"\ue00c": "Escape"}


class ChromiumEngine:
    """Playwright's page behind the small interface the engine_*.py adapters give DriverGallery:
    WebDriver-style scripts (`arguments`, `return`), clicks, keys and downloads."""

    def __init__(self, page):
        self.page = page

    def get(self, url):
        self.page.goto(url)

    def refresh(self):
        self.page.reload()

    def _run(self, js, args, asynchronous):
        body = (f"return new Promise(done => (function () {{ {js} }}).apply(null, args.concat([done])))" if asynchronous
                else f"return (function () {{ {js} }}).apply(null, args)")
        handle = self.page.evaluate_handle(f"(args) => {{ {body} }}", list(args))
        element = handle.as_element()
        return element if element else handle.json_value()

    def script(self, js, *args):
        return self._run(js, args, False)

    def async_script(self, js, *args):
        return self._run(js, args, True)

    def click(self, element):
        element.click()

    def keys(self, *keys):
        for key in keys:
            self.page.keyboard.press(KEYS.get(key, key))

    def download(self, action):
        with self.page.expect_download() as info:
            action()
        download = info.value
        return download.suggested_filename, Path(download.path()).read_bytes()


@pytest.fixture(params=ENGINES)
def gallery(request, demo):
    if request.param == "chromium":
        engine = ChromiumEngine(request.getfixturevalue("page"))
    else:
        engine = request.getfixturevalue(f"{request.param}_engine")
    return DriverGallery(engine, demo).open().to_photos()


def shown(gallery, name):
    return gallery.engine.script(SHOWN_JS, name)


def wait_shown(gallery, name, stars, label, rejected, description):
    expected = ["★" * stars, label, rejected, f"View {name}" + (f", {description}" if description else "")]
    until(lambda: shown(gallery, name) == expected, f"{name} does not show {expected}: {shown(gallery, name)}")


def press_on(gallery, element, *keys):
    gallery.engine.script("arguments[0].focus()", element)
    gallery.engine.keys(*keys)


def control(gallery, row, label):
    button = gallery.engine.script(CONTROL_JS, row, label)
    assert button is not None, f"no mark control {label!r}"
    gallery.click(button)


def import_file(gallery, path):
    if isinstance(gallery.engine, ChromiumEngine):
        gallery.engine.page.set_input_files("#import-file", str(path))
    else:
        gallery.import_file(path)


def test_marks_set_kept_filtered_exported_and_imported(gallery, tmp_path):
    engine = gallery.engine

    # Lightroom's keys on a photo's checkbox in the grid.
    press_on(gallery, gallery.box(A), "4")
    wait_shown(gallery, A, 4, "", False, "4 stars")
    engine.keys("6")
    wait_shown(gallery, A, 4, "red", False, "4 stars, red label")
    engine.keys("6")  # the same key again clears it
    wait_shown(gallery, A, 4, "", False, "4 stars")
    engine.keys("7", "x")
    wait_shown(gallery, A, 4, "yellow", True, "4 stars, yellow label, rejected")
    engine.keys("0")
    wait_shown(gallery, A, 0, "yellow", True, "yellow label, rejected")
    press_on(gallery, gallery.box(B), "8")
    wait_shown(gallery, B, 0, "green", False, "green label")
    engine.keys("9", "1")
    wait_shown(gallery, B, 1, "blue", False, "1 star, blue label")

    # The controls of a cell: its ☆ opens a small panel of them.
    opener = engine.script("return arguments[0].closest('li.photo').querySelector('button.marks-open')", gallery.box(B))
    assert engine.script("return arguments[0].getAttribute('aria-label')", opener) == f"Marks for {B}: 1 star, blue label"
    gallery.click(opener)
    panel = engine.script("const p = document.querySelector('#gallery .marks-panel'); return p && !p.hidden ? p : null")
    assert panel is not None, "the ☆ opened no panel"
    control(gallery, panel, "3 stars")
    control(gallery, panel, "Purple")
    control(gallery, panel, "Reject")
    wait_shown(gallery, B, 3, "purple", True, "3 stars, purple label, rejected")
    control(gallery, panel, "Reject")
    wait_shown(gallery, B, 3, "purple", False, "3 stars, purple label")
    assert engine.script("return Array.from(arguments[0].querySelectorAll('[aria-pressed=true]')).map(b => b.getAttribute('aria-label'))", panel) == [
        "3 stars", "Purple"]

    # In the viewer: the keys on its photo, and its row of controls beside the pick button.
    engine.keys("\ue00c")
    gallery.view(C)
    row = engine.script("return document.querySelector('#viewer-marks .marks-row')")
    engine.keys("5", "9")
    until(lambda: engine.script("return arguments[0].querySelector('[aria-pressed=true][aria-label=\"5 stars\"]') !== null", row),
          "5 in the viewer set no stars")
    control(gallery, row, "Green")
    control(gallery, row, "2 stars")
    engine.keys("x")
    until(lambda: engine.script("return Array.from(arguments[0].querySelectorAll('[aria-pressed=true]')).map(b => b.getAttribute('aria-label'))", row)
          == ["2 stars", "Green", "Reject"], "the viewer's row does not show 2 stars, green, reject")

    # Keys typed in a note (on a picked photo) are text, not marks.
    gallery.click(engine.script("return document.getElementById('viewer-pick')"))
    note = engine.script("return document.getElementById('viewer-note')")
    until(lambda: engine.script("return arguments[0].offsetParent !== null", note), "the picked photo has no note field")
    press_on(gallery, note, "1", "x", "6")
    assert engine.script("return arguments[0].value", note) == "1x6"
    assert engine.script("return Array.from(arguments[0].querySelectorAll('[aria-pressed=true]')).map(b => b.getAttribute('aria-label'))", row) == [
        "2 stars", "Green", "Reject"]
    engine.script("arguments[0].blur()", note)
    engine.script("document.getElementById('viewer-close').click()")
    until(lambda: not gallery.viewer_open(), "the viewer did not close")
    wait_shown(gallery, C, 2, "green", True, "2 stars, green label, rejected")
    # …and typed in the search field.
    press_on(gallery, engine.script("return document.getElementById('search')"), "5")
    engine.script("const s = document.getElementById('search'); s.value = ''; s.dispatchEvent(new Event('input'))")

    # Kept across a reload.
    gallery.reload()
    gallery.to_photos()
    wait_shown(gallery, A, 0, "yellow", True, "yellow label, rejected")
    wait_shown(gallery, B, 3, "purple", False, "3 stars, purple label")
    wait_shown(gallery, C, 2, "green", True, "2 stars, green label, rejected")

    # The filter by marks.
    for value, names in [("stars-2", [B, C]), ("stars-3", [B]), ("label-yellow", [A]), ("rejected", [A, C])]:
        engine.script(FILTER_JS, value)
        until(lambda: sorted(engine.script(SHOWN_NAMES)) == sorted(names), f"the filter {value} does not show {names}: {engine.script(SHOWN_NAMES)}")
    engine.script(FILTER_JS, "")
    until(lambda: len(engine.script(SHOWN_NAMES)) > 3, "All photos did not come back")

    # Exported as version 2's marks.
    _, data = gallery.export()
    order = json.loads(data)
    assert order["version"] == 2
    marks = {mark["name"]: mark for mark in order["marks"]}
    assert sorted(marks) == sorted([A, B, C])
    for mark in marks.values():
        assert set(mark) <= {"id", "path", "name", "rating", "label", "rejected"} and mark["path"].endswith(mark["name"])
    assert {name: (m["rating"], m.get("label"), m.get("rejected")) for name, m in marks.items()} == {
        A: (0, "yellow", True), B: (3, "purple", None), C: (2, "green", True)}
    assert [p["name"] for p in order["picks"]] == [C]

    # Imported into a fresh page.
    path = tmp_path / "order.json"
    path.write_bytes(data)
    gallery.open(engine.script("return location.href"), fresh=True)
    gallery.to_photos()
    wait_shown(gallery, B, 0, "", False, "")
    import_file(gallery, path)
    gallery.wait_notice("Imported 1 pick")
    wait_shown(gallery, A, 0, "yellow", True, "yellow label, rejected")
    wait_shown(gallery, B, 3, "purple", False, "3 stars, purple label")
    wait_shown(gallery, C, 2, "green", True, "2 stars, green label, rejected")


def test_a_file_without_marks_is_version_1(gallery):
    gallery.pick(A)
    _, data = gallery.export()
    order = json.loads(data)
    assert order["version"] == 1 and "marks" not in order


def test_a_file_of_marks_and_no_pick_imports_the_marks(page, demo, tmp_path):
    gallery = DriverGallery(ChromiumEngine(page), demo).open().to_photos()
    gallery.pick(A)
    photo = demo.photo(B)
    path = tmp_path / "marks.json"
    path.write_text(json.dumps({"format": "proofsheet-order", "version": 2, "gallery": demo.gallery, "title": "t", "limit": 3,
                                "marks": [{"id": photo["id"], "path": photo["path"], "name": B, "rating": 5, "label": "blue"},
                                          {"path": "Nowhere/else.jpg", "name": "else.jpg", "rating": 9, "label": "pink"}]}))
    import_file(gallery, path)
    gallery.wait_notice("Imported the marks on 1 photo from “marks.json”.")
    wait_shown(gallery, B, 5, "blue", False, "5 stars, blue label")
    assert gallery.state()["tray"] == [A]  # the picks are left as they were
