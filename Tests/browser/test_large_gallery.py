"""A gallery bigger than one screen and than one run of cells (120): thumbnails are made
as they come near the screen, and sorting and searching work across runs (Chromium)."""

import os

import pytest

import helpers
from helpers import Gallery

COUNT = 130


@pytest.fixture(scope="module")
def big(binary, demo, tmp_path_factory):
    root = tmp_path_factory.mktemp("big")
    library = root / "library" / "Many"
    library.mkdir(parents=True)
    sources = sorted(p for p in demo.library.rglob("*.jpg"))
    for i in range(COUNT):
        os.link(sources[i % len(sources)], library / f"P{i:03d}.jpg")
    helpers.build_site(binary, root / "library", root / "Site", limit=0, extra=("--sort", "name", "--thumb-size", "120", "--preview-size", "240"))
    from conftest import Site

    return Site(root / "Site", root / "library")


def has_image(page, name):
    return page.evaluate(
        """name => { const li = Array.from(document.querySelectorAll('li.photo')).find(l => l.querySelector('.name').textContent === name);
                     const img = li.querySelector('a.open > img'); return img ? img.complete && img.naturalWidth > 0 : false; }""",
        name,
    )


def test_thumbnails_are_made_when_they_come_near_the_screen(chromium, big):
    context = chromium.new_context(viewport={"width": 1000, "height": 500})
    try:
        page = context.new_page()
        gallery = Gallery(page, big).open()
        page.wait_for_function("() => { const i = document.querySelector('li.photo a.open > img'); return i && i.complete && i.naturalWidth > 0; }")
        assert has_image(page, "P000.jpg")
        assert not has_image(page, "P129.jpg")
        made = page.evaluate("() => document.querySelectorAll('li.photo a.open > img').length")
        assert 0 < made < COUNT
        gallery.cell("P129.jpg").scroll_into_view_if_needed()
        page.wait_for_function("() => { const li = document.querySelectorAll('li.photo')[129]; const i = li.querySelector('a.open > img'); return i && i.complete && i.naturalWidth > 0; }")
    finally:
        context.close()


def test_sorting_and_searching_work_across_runs_of_cells(chromium, big):
    # Three columns: the run boundary (after P119) falls in the middle of a row of matches.
    context = chromium.new_context(viewport={"width": 920, "height": 900})
    try:
        page = context.new_page()
        gallery = Gallery(page, big).open()
        assert page.locator("ul.grid").count() == 2  # 120 + 10
        names = [f"P{i:03d}.jpg" for i in range(COUNT)]
        assert gallery.state()["visible"] == names
        page.get_by_label("Sort", exact=True).select_option("date-desc")
        page.get_by_label("Sort", exact=True).select_option("name")
        assert gallery.state()["visible"] == names
        assert page.locator("ul.grid").nth(1).locator("li").count() == 10
        search = page.get_by_label("Search", exact=True)
        search.fill("P1")
        search.press("Enter")
        page.wait_for_function("() => document.querySelectorAll('#gallery li.photo:not([hidden])').length === 30")
        assert gallery.state()["visible"] == names[100:]
        # While searching the runs flow together: P118, P119 (first run) and P120
        # (second run) share a row instead of leaving a gap.
        rows = {gallery.cell(n).bounding_box()["y"] for n in ("P118.jpg", "P119.jpg", "P120.jpg")}
        assert len(rows) == 1
        gallery.pick("P120.jpg", "P101.jpg")
        search.fill("")
        search.press("Enter")
        page.wait_for_function("() => document.querySelectorAll('#gallery li.photo:not([hidden])').length === 130")
        assert gallery.state()["badges"] == {"P120.jpg": "1", "P101.jpg": "2"}
        rows = {gallery.cell(n).bounding_box()["y"] for n in ("P118.jpg", "P119.jpg", "P120.jpg")}
        assert len(rows) == 2  # back in runs: P120 starts the second list
    finally:
        context.close()
