"""Issue 29's grid, in Chromium, WebKit and Firefox: justified rows of uncropped photos
(each photo's box at its own aspect ratio, each full row as wide as the grid), large (the
median row at least 200 px at 1280 px, several rows in the first screen of the grid),
nothing under a photo (its name and date over it on hover and focus, and always the
checkbox's name), the pick control on the photo with the pick's number on it."""

import statistics

import pytest

from engines import DriverGallery
from helpers import Gallery

# Every drawn cell's box, its photo's shape, the grid's width, and what shows of its name.
CELLS_JS = """() => {
  const grid = document.getElementById('grid').getBoundingClientRect();
  return {
    width: grid.width, top: grid.top + window.scrollY,
    cells: Array.from(document.querySelectorAll('#grid li.photo:not(.loading)')).map(li => {
      const r = li.getBoundingClientRect(), img = li.querySelector('a.open img');
      const box = li.querySelector('input[name=pick]').getBoundingClientRect();
      const album = li.closest('section.album');
      return {name: li.querySelector('.name').textContent, album: Array.from(album.parentNode.children).indexOf(album),
              left: r.left - grid.left, right: r.right - grid.left, top: r.top + window.scrollY, height: r.height, width: r.width,
              img: [img.getBoundingClientRect().width, img.getBoundingClientRect().height], shape: img.width / img.height,
              nameOpacity: getComputedStyle(li.querySelector('.name')).opacity, dateOpacity: getComputedStyle(li.querySelector('.date')).opacity,
              boxInside: box.left >= r.left && box.right <= r.right && box.top >= r.top && box.bottom <= r.bottom, boxSize: box.width};
    }),
  };
}"""


def check_justified(found, desktop):
    cells = found["cells"]
    assert len(cells) >= 8, found
    for cell in cells:
        # Its own shape: the box's aspect ratio is the photo's (the thumbnail's), to a pixel.
        assert abs(cell["width"] - cell["height"] * cell["shape"]) <= 1.5, cell
        assert cell["img"] == [pytest.approx(cell["width"], abs=0.5), pytest.approx(cell["height"], abs=0.5)], cell
        assert cell["nameOpacity"] == "0" and cell["dateOpacity"] == "0", cell  # nothing over or under it at rest
        assert cell["boxInside"] and cell["boxSize"] >= 28, cell  # the pick control is on the photo
    rows = {}
    for cell in cells:
        rows.setdefault((cell["album"], round(cell["top"])), []).append(cell)
    last_of_album = {}
    for album, top in rows:
        last_of_album[album] = max(top, last_of_album.get(album, top))
    for (album, top), row in rows.items():
        heights = {round(c["height"]) for c in row}
        assert len(heights) == 1, row  # a row is one height
        if top != last_of_album[album]:
            assert max(c["right"] for c in row) == pytest.approx(found["width"], abs=1), row  # full width
            assert min(c["left"] for c in row) == pytest.approx(0, abs=1), row
    heights = [row[0]["height"] for row in rows.values()]
    if desktop:
        assert statistics.median(heights) >= 200, heights
        # Several rows in the grid's first screen (800 px): two whole, and a third begun.
        whole = [key for key, row in rows.items() if key[1] + row[0]["height"] <= found["top"] + 800]
        begun = [key for key in rows if key[1] < found["top"] + 800]
        assert len(whole) >= 2 and len(begun) >= 3, sorted(rows)
    return rows


def test_the_grid_is_justified_rows_of_uncropped_photos_at_1280(page, demo):
    page.set_viewport_size({"width": 1280, "height": 800})
    Gallery(page, demo).open()
    rows = check_justified(page.evaluate(CELLS_JS), desktop=True)
    shapes = {round(c["shape"], 2) for row in rows.values() for c in row}
    assert len(shapes) >= 2, shapes  # landscape and portrait side by side: not a test of one shape


def test_the_grid_is_justified_on_a_phone(chromium, demo):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        Gallery(page, demo).open()
        rows = check_justified(page.evaluate(CELLS_JS), desktop=False)
        assert min(row[0]["height"] for row in rows.values()) >= 120
    finally:
        context.close()


def test_the_name_and_date_show_on_hover_and_focus_and_name_the_checkbox(page, demo):
    gallery = Gallery(page, demo).open()
    name = demo.photos[0]["name"]
    box = gallery.box(name)  # found by its accessible name: the file name
    cell = gallery.cell(name)
    opacity = "el => getComputedStyle(el).opacity"
    assert cell.locator(".name").evaluate(opacity) == "0"
    cell.hover()
    page.wait_for_function("el => getComputedStyle(el).opacity === '1'", arg=cell.locator(".name").element_handle())
    assert cell.locator(".date").evaluate(opacity) == "1"
    page.mouse.move(1, 1)
    page.wait_for_function("el => getComputedStyle(el).opacity === '0'", arg=cell.locator(".name").element_handle())
    box.focus()
    page.wait_for_function("el => getComputedStyle(el).opacity === '1'", arg=cell.locator(".name").element_handle())
    assert cell.locator("a.open").get_attribute("aria-label") == f"View {name}"


def test_the_pick_number_is_on_the_photos_pick_control(page, demo):
    gallery = Gallery(page, demo).open()
    names = [p["name"] for p in demo.photos[:2]]
    gallery.pick(*names)
    for number, name in enumerate(names, 1):
        cell = gallery.cell(name)
        badge = cell.locator(".badge")
        assert badge.text_content() == str(number)
        b, c = badge.bounding_box(), cell.locator("input[name=pick]").bounding_box()
        centre = (c["x"] + c["width"] / 2, c["y"] + c["height"] / 2)
        assert b["x"] <= centre[0] <= b["x"] + b["width"] and b["y"] <= centre[1] <= b["y"] + b["height"]
    # A click on the number is a click on the box: it unpicks.
    b = gallery.cell(names[1]).locator(".badge").bounding_box()
    page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    page.wait_for_function("() => document.querySelectorAll('#grid input[name=pick]:checked').length === 1")


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_the_grid_is_justified_in_firefox_and_webkit(request, demo, name):
    engine = request.getfixturevalue(f"{name}_engine")
    if name == "firefox":
        engine.viewport(1280, 800)
    else:
        engine.driver.set_window_size(1280, 900)
    gallery = DriverGallery(engine, demo).open()
    check_justified(gallery.engine.script(f"return ({CELLS_JS})()"), desktop=False)


def test_esc_returns_focus_to_the_last_photo_shown_and_the_pick_button_is_large(page, demo):
    gallery = Gallery(page, demo).open()
    names = [p["name"] for p in demo.photos[:3]]
    gallery.view(names[0])
    pick = page.locator("#viewer-pick").bounding_box()
    assert pick["width"] >= 40 and pick["height"] >= 40, pick  # a thumb's target
    page.keyboard.press("ArrowRight")
    page.wait_for_function("n => document.getElementById('viewer-name').textContent === n", arg=names[1])
    page.keyboard.press("ArrowRight")
    page.wait_for_function("n => document.getElementById('viewer-name').textContent === n", arg=names[2])
    page.keyboard.press("Escape")
    page.wait_for_selector("#viewer", state="hidden")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == f"View {names[2]}"


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_esc_returns_focus_to_the_last_photo_shown_in_firefox_and_webkit(request, demo, name):
    from engines import ARROW_RIGHT, ESCAPE, until

    engine = request.getfixturevalue(f"{name}_engine")
    gallery = DriverGallery(engine, demo).open()
    names = [p["name"] for p in demo.photos[:2]]
    gallery.view(names[0])
    engine.keys(ARROW_RIGHT)
    until(lambda: gallery.text("viewer-name") == names[1], "the viewer did not step")
    engine.keys(ESCAPE)
    until(lambda: not gallery.viewer_open(), "Esc did not close the viewer")
    until(lambda: engine.script("return document.activeElement.getAttribute('aria-label')") == f"View {names[1]}",
          "focus did not go to the last photo shown")
