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
    # The site kept its settings: the limit and the title, with no option given.
    assert rebuilt.manifest["options"]["limit"] == 30
    assert rebuilt.manifest["title"] == "Anna & Ben"
    assert page.title().startswith("Anna & Ben")
    saved = page.evaluate("k => JSON.parse(localStorage.getItem(k))", f"proofsheet:{site.gallery}:picks")
    assert [p["name"] for p in saved["picks"]] == PICKED
    assert state["status"] == "30 of 30 picked — limit reached"
    assert page.locator("#problems").is_hidden()


def test_a_renamed_photo_stays_picked_in_its_place(page, binary, wedding):
    # IMG_0021.jpg is the 19th pick, and its content is unique in the library (the photos
    # from 24 on repeat the first twelve), so its id is its content alone.
    library, site = wedding
    gallery = pick_thirty(page, site)
    before = site.photo("IMG_0021.jpg")
    os.rename(library / "Party" / "IMG_0021.jpg", library / "Party" / "Cake cutting.jpg")
    rebuilt = build(binary, library, site.root)
    after = rebuilt.photo("Cake cutting.jpg")
    assert after["id"] == before["id"]
    gallery.reload()
    renamed = [("Cake cutting.jpg" if name == "IMG_0021.jpg" else name) for name in PICKED]
    state = gallery.state()
    assert state["tray"] == renamed
    assert state["status"] == "30 of 30 picked — limit reached"
    assert page.locator("#problems").is_hidden()
    _, data = gallery.export()
    picks = json.loads(data)["picks"]
    assert [p["name"] for p in picks] == renamed
    assert picks[PICKED.index("IMG_0021.jpg")]["path"] == "Party/Cake cutting.jpg"


def test_the_clients_file_is_imported_into_a_fresh_build_with_photos_added(chromium, page, binary, wedding, demo, tmp_path):
    library, site = wedding
    gallery = pick_thirty(page, site)
    _, data = gallery.export()
    order = tmp_path / "anna.json"
    order.write_bytes(data)
    # The photographer adds photos and builds into a new folder from scratch.
    extra = sorted(demo.library.rglob("*.jpg"))[0]
    shutil.copy2(extra, library / "Party" / "Late arrival.jpg")
    fresh = build(binary, library, tmp_path / "Fresh", "--limit", 30, "--title", "Anna & Ben")
    assert fresh.gallery == site.gallery
    assert len(fresh.manifest["photos"]) == COUNT + 1
    other = chromium.new_context()
    try:
        client = Gallery(other.new_page(), fresh).open()
        client.import_file(order)
        client.wait_status("30 of 30 picked — limit reached")
        state = client.state()
        assert state["tray"] == PICKED
        assert "another gallery" not in state["notice"]
        assert "Imported 30 picks" in state["notice"]
    finally:
        other.close()


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
    gallery.button("Copy list…").click()
    gallery.button("Plain-text list").click()
    gallery.wait_notice(f"Not yet: {gone} is no longer in this gallery")
    gallery.button(f"Remove {gone} (no longer in this gallery)").click()
    assert page.locator("#problems").is_hidden()
    _, data = gallery.export()
    assert [p["name"] for p in json.loads(data)["picks"]] == [n for n in PICKED if n != gone]


def test_cafe_in_nfc_and_in_nfd_are_two_photos_end_to_end(page, binary, demo, tmp_path):
    # The same name to Swift's `==` and to a reader, two files on disk: ticking one must not
    # tick the other, and the order file must name the one ticked, byte for byte.
    import unicodedata

    library = tmp_path / "library"
    library.mkdir()
    sources = sorted(demo.library.rglob("*.jpg"))
    nfc, nfd = unicodedata.normalize("NFC", "Café.jpg"), unicodedata.normalize("NFD", "Café.jpg")
    assert nfc != nfd
    shutil.copy2(sources[0], library / nfc)
    shutil.copy2(sources[1], library / nfd)
    site = build(binary, library, tmp_path / "Site", "--limit", 2)
    photos = {p["path"]: p for p in site.photos}
    assert set(photos) == {nfc, nfd}
    assert photos[nfc]["id"] != photos[nfd]["id"]
    gallery = Gallery(page, site).open()
    page.locator(f'#gallery input[type=checkbox][value="{photos[nfd]["id"]}"]').check()
    state = gallery.state()
    assert len(state["checked"]) == 1
    _, data = gallery.export()
    picks = json.loads(data)["picks"]
    assert [(p["id"], p["path"]) for p in picks] == [(photos[nfd]["id"], nfd)]
    # collect delivers that file, not its look-alike.
    out = tmp_path / "Picked"
    order = tmp_path / "order.json"
    order.write_bytes(data)
    helpers.run(binary, "collect", order, "--library", library, "--output", out, "--site", site.root)
    collected = [f for f in os.listdir(out) if f.endswith(".jpg")]
    assert len(collected) == 1
    assert (out / collected[0]).read_bytes() == sources[1].read_bytes()
