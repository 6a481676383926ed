"""Behaviour 7 of issue 3 in Chromium (browsing): album filter, search, sort, the
full-screen viewer (prev/next, keys, swipe, space to pick, Esc, details), phone width,
dark mode, and the gallery without JavaScript."""

import re
import urllib.parse
from pathlib import Path

from helpers import Gallery

A, B, C = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg"


def names_in(site, album):
    return [p["name"] for p in site.photos if p["album"] == album]


def test_the_album_filter_shows_one_album(page, demo):
    gallery = Gallery(page, demo).open().to_photos()
    page.get_by_label("Album", exact=True).select_option("City Walk")
    state = gallery.state()
    assert state["visible"] == names_in(demo, "City Walk")
    assert page.locator("#shown").text_content() == "Showing 8 of 24 photos."
    assert page.locator("section.album:visible h2").all_text_contents()[0].startswith("City Walk")
    page.get_by_label("Album", exact=True).select_option("*")
    # The grid draws its rows in the frame after the filter: waited for, as above.
    page.wait_for_function("() => document.querySelectorAll('#gallery li.photo:not([hidden])').length === 24")
    assert len(gallery.state()["visible"]) == 24


def test_search_finds_photos_by_name_ignoring_case_and_accents(page, demo):
    gallery = Gallery(page, demo).open().to_photos()
    search = page.get_by_label("Search", exact=True)
    search.fill("creme BRU")
    page.wait_for_function("() => document.querySelectorAll('#gallery li.photo:not([hidden])').length === 1")
    assert gallery.state()["visible"] == ["Crème brûlée.jpg"]
    search.fill("夕焼")
    page.wait_for_function("() => document.querySelectorAll('#gallery li.photo:not([hidden])').length === 1")
    assert gallery.state()["visible"] == ["夕焼け.jpg"]
    search.fill("no such photo")
    page.wait_for_selector("#no-results", state="visible")
    assert gallery.state()["visible"] == []
    search.fill("")
    page.wait_for_selector("#no-results", state="hidden")
    # All 24 shown again: the page says so by no longer counting ("Showing 1 of 24…").
    # (How many cells are drawn depends on the scroll: the grid draws the rows near it.)
    page.wait_for_function("() => document.getElementById('shown').textContent === ''")
    assert gallery.state()["visible"][:2] == ["IMG_0101.jpg", "IMG_0102.jpg"]


def test_picks_survive_filtering_and_searching(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A)
    page.get_by_label("Album", exact=True).select_option("Garden Party")
    gallery.pick("Welcome.jpg")
    page.get_by_label("Album", exact=True).select_option("*")
    assert gallery.state()["tray"] == [A, "Welcome.jpg"]


def test_sort_by_name_and_by_date(page, demo):
    gallery = Gallery(page, demo).open().to_photos()
    beach = names_in(demo, "Beach Day")  # the build sorts by date

    def beach_order():
        return [n for n in gallery.state()["visible"] if n in beach]

    assert beach_order() == beach
    page.get_by_label("Sort", exact=True).select_option("name")
    assert beach_order() == sorted(beach, key=lambda n: (n.lower().replace("è", "e").replace("û", "u")))
    page.get_by_label("Sort", exact=True).select_option("date-desc")
    assert beach_order() == list(reversed(beach))
    page.get_by_label("Sort", exact=True).select_option("date")
    assert beach_order() == beach
    # Albums keep their place whatever the sort.
    albums = [p["album"] for p in demo.photos]
    state = gallery.state()
    assert [demo.photo(n)["album"] for n in state["visible"]] == albums


def open_viewer(page, name):
    Gallery(page, None).cell(name).locator("a.open").click()
    page.wait_for_selector("#viewer[open]")


def test_the_viewer_shows_the_preview_and_steps_with_arrow_keys(page, demo):
    Gallery(page, demo).open()
    open_viewer(page, B)
    assert page.locator("#viewer-name").text_content() == B
    assert page.locator("#viewer-count").text_content() == "2 of 24"
    image = page.locator("#viewer-image")
    assert image.get_attribute("src") == demo.photo(B)["preview"]["src"]
    page.wait_for_function("() => { const i = document.getElementById('viewer-image'); return i.complete && i.naturalWidth > 0; }")
    page.keyboard.press("ArrowRight")
    assert page.locator("#viewer-name").text_content() == C
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#viewer-name").text_content() == A
    page.keyboard.press("ArrowLeft")  # wraps to the last photo
    assert page.locator("#viewer-name").text_content() == demo.photos[-1]["name"]
    page.get_by_role("button", name="Next photo").click()
    assert page.locator("#viewer-name").text_content() == A
    page.get_by_role("button", name="Previous photo").click()
    assert page.locator("#viewer-name").text_content() == demo.photos[-1]["name"]


def test_space_in_the_viewer_picks_and_unpicks(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A)
    open_viewer(page, C)
    page.keyboard.press("Space")
    state = gallery.state()
    assert state["badges"] == {A: "1", C: "2"}
    assert page.locator("#viewer-pick").is_checked()
    assert page.locator("#viewer-pick-label").text_content() == "Picked · 2"
    assert page.locator("#viewer-badge").text_content() == "2"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    assert gallery.state()["badges"] == {A: "1"}
    assert not page.locator("#viewer-pick").is_checked()


def test_escape_closes_the_viewer_and_returns_focus_to_the_photo(page, demo):
    Gallery(page, demo).open()
    open_viewer(page, C)
    page.keyboard.press("Escape")
    page.wait_for_selector("#viewer", state="hidden")
    assert page.evaluate("() => document.activeElement.closest('li.photo').querySelector('.name').textContent") == C
    open_viewer(page, C)
    page.get_by_role("button", name="Close viewer").click()
    page.wait_for_selector("#viewer", state="hidden")


def test_the_viewer_shows_exif_details_on_demand(page, demo):
    Gallery(page, demo).open()
    open_viewer(page, A)
    details = page.locator("#viewer-exif")
    assert not details.is_visible()
    page.get_by_text("Details", exact=True).click()
    assert details.is_visible()
    rows = dict(zip(page.locator("#viewer-exif dt").all_text_contents(), page.locator("#viewer-exif dd").all_text_contents()))
    photo = demo.photo(A)
    assert rows["Date"] == photo["date"].replace("T", " ")
    assert rows["Camera"] == photo["camera"]
    assert rows["Exposure"] == photo["exposure"]
    assert rows["Aperture"] == photo["aperture"]
    assert rows["ISO"] == str(photo["iso"])
    assert rows["File"] == photo["path"]
    assert rows["Description"] == photo["description"]


def test_the_viewer_steps_through_the_filtered_photos_only(page, demo):
    Gallery(page, demo).open()
    page.get_by_label("Album", exact=True).select_option("Garden Party")
    garden = names_in(demo, "Garden Party")
    open_viewer(page, garden[-1])
    assert page.locator("#viewer-count").text_content() == "8 of 8"
    page.keyboard.press("ArrowRight")
    assert page.locator("#viewer-name").text_content() == garden[0]


def test_swiping_the_preview_moves_to_the_next_and_previous_photo(chromium, demo):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        Gallery(page, demo).open()
        Gallery(page, None).cell(B).locator("a.open").tap()
        page.wait_for_selector("#viewer[open]")
        assert page.locator("#viewer-name").text_content() == B
        box = page.locator("#viewer-stage").bounding_box()
        y = box["y"] + box["height"] / 2
        cdp = context.new_cdp_session(page)

        def swipe(x0, x1):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
            for step in range(1, 6):
                x = x0 + (x1 - x0) * step / 5
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        swipe(box["x"] + box["width"] * 0.8, box["x"] + box["width"] * 0.2)  # right to left: next
        page.wait_for_function("n => document.getElementById('viewer-name').textContent === n", arg=C)
        swipe(box["x"] + box["width"] * 0.2, box["x"] + box["width"] * 0.8)  # left to right: previous
        page.wait_for_function("n => document.getElementById('viewer-name').textContent === n", arg=B)
    finally:
        context.close()


def test_phone_width_has_one_column_layout_no_sideways_scroll_and_a_docked_tray(chromium, demo):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        gallery = Gallery(page, demo).open()
        gallery.pick(A, B)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        tray = page.locator("#tray").bounding_box()
        assert abs(tray["y"] + tray["height"] - 844) < 1 and abs(tray["width"] - 390) < 1
        assert page.get_by_role("button", name="Review").is_visible()
        # Two photos side by side at least, each at least 140 px wide.
        boxes = [page.locator("li.photo").nth(i).bounding_box() for i in range(2)]
        assert boxes[0]["y"] == boxes[1]["y"] and boxes[0]["width"] >= 140
    finally:
        context.close()


def luminance(css_color):
    r, g, b = (int(v) for v in re.findall(r"\d+", css_color)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_page_follows_the_system_dark_mode(chromium, demo):
    for scheme, dark in (("dark", True), ("light", False)):
        context = chromium.new_context(color_scheme=scheme)
        try:
            page = context.new_page()
            Gallery(page, demo).open()
            background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
            text = page.evaluate("() => getComputedStyle(document.body).color")
            assert (luminance(background) < 60) == dark, (scheme, background)
            assert (luminance(text) > 180) == dark, (scheme, text)
        finally:
            context.close()


def test_without_javascript_the_gallery_is_still_browsable(chromium, demo):
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(demo.url)
        # A small gallery is whole on the one page, and says why nothing can be picked.
        assert page.locator(".noscript-note").text_content().startswith("Picking photos needs JavaScript")
        assert page.locator("li.photo img").count() == 24
        page.locator("li.photo img").first.scroll_into_view_if_needed()
        page.wait_for_function("() => { const i = document.querySelector('li.photo img'); return i.complete && i.naturalWidth > 0; }")
        for link in page.locator("li.photo a.open").all()[:5]:
            href = link.get_attribute("href")
            assert (demo.root / urllib.parse.unquote(href)).is_file()
        # The picker's controls, useless without a script, are not shown.
        assert page.locator("#toolbar").is_hidden() and page.locator("#tray").is_hidden()
        assert page.locator("li.photo input").count() == 0
        assert page.locator("li.photo .name").first.is_visible()
        # Each album has its own page too.
        assert page.locator("nav.album-nav a").all_text_contents() == ["Beach Day", "City Walk", "Garden Party"]
        page.locator("nav.album-nav a", has_text="Garden Party").click()
        page.wait_for_load_state()
        assert page.locator("h1").text_content() == "Garden Party"
        assert page.locator("li.photo").count() == 8
        assert page.locator("nav.pager").count() == 0
        page.locator("li.photo").first.locator("a.open").click()
        page.wait_for_url(re.compile(r".*/previews/.*\.jpg$"))
        page.go_back()
        page.get_by_role("link", name="the gallery").click()
        page.wait_for_url(demo.url)
        page.locator("li.photo").filter(has=page.get_by_text(A, exact=True)).locator("a.open").click()
        page.wait_for_url(re.compile(r".*/previews/.*\.jpg$"))
    finally:
        context.close()
