"""Behaviour 3 of issue 3 in Chromium: the tray lists the picks in order with thumbnail
and name, reorders by dragging, by buttons and by keys, and removes."""

import os

import pytest

from helpers import LONG_NAMES, NAMES_JS, SHORT_NAMES, Gallery, check_names

A, B, C, D = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg"


def tray_item(page, name):
    return page.locator("#tray-list li.tray-item", has=page.locator(".tray-name", has_text=name))


def test_the_tray_shows_each_pick_in_order_with_its_thumbnail_and_name(page, demo):
    gallery = Gallery(page, demo).open()
    assert page.locator("#tray-empty").is_visible()
    gallery.pick(C, A)
    state = gallery.state()
    assert state["tray"] == [C, A]
    assert state["trayNumbers"] == ["1", "2"]
    assert not page.locator("#tray-empty").is_visible()
    thumbs = page.locator("#tray-list img.tray-thumb")
    assert thumbs.nth(0).get_attribute("src") == demo.photo(C)["thumb"]["src"]
    assert thumbs.nth(1).get_attribute("src") == demo.photo(A)["thumb"]["src"]
    # The thumbnails really load (from file://).
    page.wait_for_function("() => Array.from(document.querySelectorAll('#tray-list img')).every(i => i.complete && i.naturalWidth > 0)")


def test_move_buttons_reorder_the_picks_and_the_badges_follow(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    assert gallery.button(f"Move {A} up").is_disabled()
    assert gallery.button(f"Move {C} down").is_disabled()
    gallery.button(f"Move {C} up").click()
    state = gallery.state()
    assert state["tray"] == [A, C, B]
    assert state["badges"] == {A: "1", C: "2", B: "3"}
    gallery.button(f"Move {A} down").click()
    assert gallery.state()["tray"] == [C, A, B]
    # Focus stays on the button that was pressed, now in its new place.
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == f"Move {A} down"


def test_keys_move_a_pick_without_a_mouse(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    gallery.button(f"Remove {C}").focus()
    page.keyboard.press("Alt+ArrowUp")
    assert gallery.state()["tray"] == [A, C, B]
    page.keyboard.press("Alt+ArrowUp")
    assert gallery.state()["tray"] == [C, A, B]
    page.keyboard.press("Alt+End")
    state = gallery.state()
    assert state["tray"] == [A, B, C]
    assert state["badges"] == {A: "1", B: "2", C: "3"}
    # The moved pick keeps the focus, so one can keep pressing.
    assert page.evaluate("() => document.activeElement.closest('.tray-item').querySelector('.tray-name').textContent") == C


def test_dragging_a_pick_reorders_the_tray(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    source = tray_item(page, C)
    target = tray_item(page, A)
    source.drag_to(target, target_position={"x": 30, "y": 3})
    state = gallery.state()
    assert state["tray"] == [C, A, B]
    assert state["badges"] == {C: "1", A: "2", B: "3"}
    # And back down: dropped on the lower half of the last pick, it goes after it.
    box = tray_item(page, B).bounding_box()
    tray_item(page, C).drag_to(tray_item(page, B), target_position={"x": 30, "y": box["height"] - 3})
    assert gallery.state()["tray"] == [A, B, C]


def test_removing_from_the_tray_unpicks_and_renumbers(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    gallery.button(f"Remove {B}").click()
    state = gallery.state()
    assert state["tray"] == [A, C]
    assert state["checked"] == [A, C]
    assert state["badges"] == {A: "1", C: "2"}
    assert state["status"] == "2 of 3 picked"
    assert state["disabled"] == []
    # Delete on a focused pick removes it too.
    gallery.button(f"Move {C} up").focus()
    page.keyboard.press("Delete")
    assert gallery.state()["tray"] == [A]


def test_a_pick_adds_one_tray_item_and_keeps_the_others(page, demo):
    # The tray is redrawn on every change; items whose pick shows the same are kept (a
    # pick among 500 would otherwise rebuild 500 items), and the rest stay right.
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B)
    page.evaluate("() => { window.kept = Array.from(document.querySelectorAll('#tray-list li.tray-item')); }")
    gallery.pick(C)
    same = page.evaluate("() => Array.from(document.querySelectorAll('#tray-list li.tray-item')).map((li, i) => li === window.kept[i])")
    # A is kept; B was the last (its ↓ is enabled now), so it is made again; C is new.
    assert same == [True, False, False]
    assert gallery.state()["tray"] == [A, B, C]
    assert gallery.state()["trayNumbers"] == ["1", "2", "3"]
    assert not gallery.button(f"Move {B} down").is_disabled()
    assert gallery.button(f"Move {C} down").is_disabled()
    gallery.button(f"Remove {A}").click()
    state = gallery.state()
    assert state["tray"] == [B, C]
    assert state["trayNumbers"] == ["1", "2"]
    assert gallery.button(f"Move {B} up").is_disabled()
    assert page.locator("#tray-list li.tray-item").count() == 2


LONG = "IMG_20190704_183512_HDR.jpg"


def test_a_long_name_in_the_tray_wraps_between_its_parts_not_inside_one(page, make_site, demo, workdir):
    # A phone's name is wider than the tray's name column (about 100 px beside the
    # thumbnail and the buttons): it wraps after an underscore or before the dot, never
    # mid-word ("IMG_000000.j" / "pg").
    library = workdir / "library-long-name"
    if not library.exists():
        album = sorted(p for p in demo.library.iterdir() if p.is_dir())[0]
        (library / album.name).mkdir(parents=True)
        os.link(sorted(album.iterdir())[0], library / album.name / LONG)
    gallery = Gallery(page, make_site(library=library)).open()
    gallery.pick(LONG)
    assert gallery.state()["tray"] == [LONG]
    lines = page.evaluate("""() => {
      const name = document.querySelector('#tray-list .tray-name');
      const parts = Array.from(name.childNodes).filter(n => n.nodeType === Node.TEXT_NODE);
      const range = document.createRange();
      const rects = parts.map(part => { range.selectNodeContents(part); return Array.from(range.getClientRects()).filter(r => r.width > 0).length; });
      return {parts: parts.map(p => p.textContent), rects, height: name.getBoundingClientRect().height,
              line: parseFloat(getComputedStyle(name).lineHeight) || name.getClientRects()[0].height};
    }""")
    assert lines["parts"] == ["IMG_", "20190704_", "183512_", "HDR", ".jpg"]
    assert lines["height"] > 1.5 * lines["line"], lines  # it does wrap here, so the test means something
    assert lines["rects"] == [1] * len(lines["parts"]), lines  # and no part is split across lines


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844), (320, 700)], ids=["desktop", "phone-390", "phone-320"])
def test_names_fit_a_line_or_wrap_between_their_parts_in_the_grid_and_the_tray(page, names, width, height):
    # "IMG_0101.jpg" took two lines in the desktop tray ("IMG_0101" / ".jpg", its name
    # column ~85 px beside the buttons), and the grid broke "IMG_20190704_1" / "83512_HDR.jpg".
    # A short name is on one line in both; a long one wraps between its parts, two lines at
    # most in a cell and in the desktop tray; on a phone, where the picks are listed in the
    # review sheet the bar opens, one line, ellipsized; every cell keeps the probe's height;
    # the whole name is the tooltip and the checkbox's name.
    page.set_viewport_size({"width": width, "height": height})
    gallery = Gallery(page, names).open()
    gallery.pick(*SHORT_NAMES, *LONG_NAMES)  # by each checkbox's accessible name
    phone = width <= 760
    if phone:
        page.locator("#picks-bar").click()
        page.wait_for_selector("#review-sheet[open]")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    check_names(page.evaluate(NAMES_JS), tray_lines=1 if phone else 2, picks="review" if phone else "tray")
