"""Issue 9, the page side: the page never discards a stored pick by itself. A client's 30
picks come back whole after a rebuild; picks over a lowered limit and picks of photos that
left the gallery are kept, marked and explained, and export waits until the client has
resolved them (Chromium)."""

import json
import os
import shutil

import pytest

import helpers
from helpers import Gallery

COUNT = 36
PICKED = [f"IMG_{i:04d}.jpg" for i in (7, 3, 21, 0, 35, 12, 8, 30, 1, 19, 25, 4, 33, 16, 10, 27, 2, 14, 31, 22, 6, 18, 29, 9, 24, 13, 34, 5, 20, 11)]


def make_library(demo, root):
    library = root / "library"
    for album in ("Ceremony", "Party"):
        (library / album).mkdir(parents=True)
    sources = sorted(demo.library.rglob("*.jpg"))
    for i in range(COUNT):
        album = "Ceremony" if i < COUNT // 2 else "Party"
        shutil.copy2(sources[i % len(sources)], library / album / f"IMG_{i:04d}.jpg")
    return library


def build(binary, library, site, *extra):
    helpers.run(binary, "build", library, "--output", site, "--templates", helpers.TEMPLATES, "--quiet",
                "--thumb-size", "120", "--preview-size", "240", *map(str, extra))
    from conftest import Site

    return Site(site, library)


@pytest.fixture
def wedding(binary, demo, tmp_path):
    library = make_library(demo, tmp_path)
    site = build(binary, library, tmp_path / "Site", "--limit", 30, "--title", "Anna & Ben")
    return library, site


def pick_thirty(page, site):
    gallery = Gallery(page, site).open()
    gallery.pick(*PICKED)
    gallery.wait_status("30 of 30 picked — limit reached")
    return gallery


def test_the_clients_30_picks_are_intact_after_a_bare_rebuild_and_reload(page, binary, wedding):
    library, site = wedding
    gallery = pick_thirty(page, site)
    rebuilt = build(binary, library, site.root)  # no options at all
    gallery.reload()
    state = gallery.state()
    assert state["tray"] == PICKED
    assert state["trayNumbers"] == [str(n) for n in range(1, 31)]
    assert state["badges"] == {name: str(n) for n, name in enumerate(PICKED, 1)}
    limit = rebuilt.manifest["options"]["limit"]
    saved = page.evaluate("k => JSON.parse(localStorage.getItem(k))", f"proofsheet:{site.gallery}:picks")
    assert [p["name"] for p in saved["picks"]] == PICKED
    if limit == 30:
        assert state["status"] == "30 of 30 picked — limit reached"
        assert page.locator("#problems").is_hidden()
    else:  # the rebuild forgot the limit: the picks still stay, marked
        assert state["status"] == f"30 of {limit} picked — {30 - limit} over the limit"


def test_picks_over_a_lowered_limit_are_kept_and_export_waits_until_they_are_removed(page, binary, wedding):
    library, site = wedding
    gallery = pick_thirty(page, site)
    build(binary, library, site.root, "--limit", 28)
    gallery.reload()
    state = gallery.state()
    assert state["tray"] == PICKED
    assert state["status"] == "30 of 28 picked — 2 over the limit"
    assert page.locator("#problems").text_content() == "2 picks are over the new limit of 28 — remove two."
    assert page.locator("#tray-list .tray-item.over .tray-name").all_text_contents() == PICKED[28:]
    # Nothing leaves by itself, not even after another reload.
    gallery.reload()
    assert gallery.state()["tray"] == PICKED
    gallery.button("Export order").click()
    assert gallery.wait_notice("Not yet") == "Not yet: 2 picks are over the new limit of 28 — remove two."
    gallery.button("Export as text").click()
    gallery.wait_notice("Not yet: 2 picks")
    # The client chooses which two go: here the 3rd and the 10th.
    gallery.button(f"Remove {PICKED[2]}").click()
    assert page.locator("#problems").text_content() == "1 pick is over the new limit of 28 — remove one."
    gallery.unpick(PICKED[9])
    assert page.locator("#problems").is_hidden()
    assert gallery.state()["status"] == "28 of 28 picked — limit reached"
    _, data = gallery.export()
    expected = [n for n in PICKED if n not in (PICKED[2], PICKED[9])]
    assert [p["name"] for p in json.loads(data)["picks"]] == expected


def test_a_pick_of_a_photo_that_left_the_gallery_is_kept_and_named(page, binary, wedding):
    library, site = wedding
    gallery = pick_thirty(page, site)
    gone = PICKED[4]  # IMG_0035.jpg, in Party
    kept_path = site.photo(gone)["path"]
    os.remove(library / kept_path)
    build(binary, library, site.root, "--limit", 30)
    gallery.reload()
    state = gallery.state()
    assert state["tray"] == PICKED
    assert gone not in state["checked"] and len(state["checked"]) == 29
    assert page.locator("#problems").text_content() == f"{gone} is no longer in this gallery — remove it."
    missing = page.locator("#tray-list .tray-item.missing")
    assert missing.locator(".tray-name").all_text_contents() == [gone]
    assert missing.locator(".tray-name").get_attribute("title") == kept_path
    assert missing.locator("img").count() == 0  # its thumbnail is gone with it: no broken image
    gallery.button("Copy list").click()
    gallery.wait_notice(f"Not yet: {gone} is no longer in this gallery")
    gallery.button(f"Remove {gone} (no longer in this gallery)").click()
    assert page.locator("#problems").is_hidden()
    _, data = gallery.export()
    assert [p["name"] for p in json.loads(data)["picks"]] == [n for n in PICKED if n != gone]
