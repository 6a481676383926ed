"""Issue 9, the page side: the page never discards a stored pick by itself. A client's 30
picks come back whole after a rebuild; picks over a lowered limit and picks of photos that
left the gallery are kept, marked and explained, and export waits until the client has
resolved them (Chromium). A site from before content ids carries the picks stored or
exported under its old ids over to the same photos when it is upgraded."""

import hashlib
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
    gallery.button("Download selection").click()
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


# --- a site from before content ids (manifest version 1, ids from paths) --------------------


def old_id(path):
    """A path-based id such as version 1 gave (12 hex digits from the path, not the content)."""
    return hashlib.sha256(("photo\0" + path).encode()).hexdigest()[:12]


def as_version_1(site):
    """Turns a built site into what version 1 wrote, as ContentIDTests does: path-based ids,
    no fingerprints, no library, only the settings version 1 had. Returns {path: old id}."""
    path = site.root / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["version"] = 1
    manifest.pop("library", None)
    options = manifest["options"]
    manifest["options"] = {key: options[key] for key in ("limit", "sort", "thumbSize", "previewSize", "quality", "includeGPS")}
    ids = {}
    for photo in manifest["photos"]:
        photo["id"] = ids[photo["path"]] = old_id(photo["path"])
        photo.pop("fingerprint", None)
    assert len(set(ids.values())) == len(ids)
    path.write_text(json.dumps(manifest), encoding="utf-8")
    return ids


def store_old_picks(page, site, names, old, limit):
    """What the old site's page kept in localStorage for these picks: its records, by old id."""
    picks = []
    for name in names:
        photo = site.photo(name)
        picks.append({"id": old[photo["path"]], "name": name, "path": photo["path"], "bytes": photo["bytes"], "thumb": photo["thumb"]["src"]})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"proofsheet:{site.gallery}:picks", json.dumps({"version": 2, "limit": limit, "picks": picks})])


def old_order_file(site, names, old, path):
    """The order file the old site's page exported for these picks: old ids, old paths."""
    picks = []
    for order, name in enumerate(names, 1):
        photo = site.photo(name)
        picks.append({"order": order, "id": old[photo["path"]], "path": photo["path"], "name": name, "bytes": photo["bytes"]})
    document = {"format": "proofsheet-order", "version": 1, "gallery": site.gallery, "title": site.manifest["title"],
                "limit": site.manifest["options"]["limit"], "exported": "2026-11-30T10:04:05Z", "picks": picks}
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return path


def saved_ids(page, site):
    saved = page.evaluate("k => JSON.parse(localStorage.getItem(k))", f"proofsheet:{site.gallery}:picks")
    return [p["id"] for p in saved["picks"]]


def upgrade(binary, library, site):
    """Makes `site` a site of version 1 and builds it again (the upgrade): returns {path: old
    id} and the upgraded site, whose photos each list the id they had."""
    old = as_version_1(site)
    upgraded = build(binary, library, site.root)
    assert upgraded.manifest["version"] == 2 and upgraded.gallery == site.gallery
    assert all(p["formerIds"] == [old[p["path"]]] for p in upgraded.photos)
    return old, upgraded


def import_old_file(page, site, order, expected):
    """Imports the old order file into a fresh page of `site`; checks the picks are the
    photos named `expected`, in order, with nothing unknown, and exported with their ids now."""
    client = Gallery(page, site).open().to_photos()
    client.import_file(order)
    notice = client.wait_notice(f"Imported {len(expected)} picks")
    assert "Not in this gallery" not in notice, notice
    assert page.locator("#problems").is_hidden(), page.locator("#problems").text_content()
    assert client.state()["tray"] == expected
    _, data = client.export()
    picks = json.loads(data)["picks"]
    assert [(p["id"], p["path"]) for p in picks] == [(site.photo(n)["id"], site.photo(n)["path"]) for n in expected]
    return client


def reopened_with_old_picks(page, binary, library, site, names, limit):
    """Upgrades `site`, then opens it in a browser that kept these picks from the old site,
    under the ids of then: the gallery as reloaded, and the upgraded site."""
    old, upgraded = upgrade(binary, library, site)
    gallery = Gallery(page, upgraded).open()
    store_old_picks(page, site, names, old, limit)
    gallery.reload()
    gallery.to_photos()
    return gallery, upgraded


# IMG_0021.jpg's content is unique in the library, so its identity follows it when it is
# renamed (the photos from 24 on repeat others).
OLD_PICKS = ["IMG_0021.jpg", "IMG_0003.jpg", "IMG_0030.jpg", "IMG_0007.jpg"]


def test_picks_stored_under_the_old_ids_of_a_site_from_before_content_ids_come_back_on_their_photos(page, binary, wedding):
    library, site = wedding
    gallery, upgraded = reopened_with_old_picks(page, binary, library, site, OLD_PICKS, 30)
    assert page.locator("#problems").is_hidden(), page.locator("#problems").text_content()
    state = gallery.state()
    assert state["tray"] == OLD_PICKS
    assert gallery.badges(OLD_PICKS) == {name: str(n) for n, name in enumerate(OLD_PICKS, 1)}
    assert state["status"] == "4 of 30 picked"
    # Kept from now on under the photos' content ids.
    assert saved_ids(page, site) == [upgraded.photo(name)["id"] for name in OLD_PICKS]


def test_an_order_file_from_before_content_ids_finds_its_photos_after_one_moved(page, binary, wedding, tmp_path):
    library, site = wedding
    order = old_order_file(site, OLD_PICKS, {p["path"]: old_id(p["path"]) for p in site.photos}, tmp_path / "old-order.json")
    old, _ = upgrade(binary, library, site)
    # Moved after the upgrade: its old path names nothing now, the id it had still does.
    os.rename(library / "Party" / "IMG_0021.jpg", library / "Party" / "Cake cutting.jpg")
    moved = build(binary, library, site.root)
    assert moved.photo("Cake cutting.jpg")["formerIds"] == [old["Party/IMG_0021.jpg"]]
    renamed = ["Cake cutting.jpg"] + OLD_PICKS[1:]
    client = import_old_file(page, moved, order, renamed)
    assert client.badges(renamed) == {name: str(n) for n, name in enumerate(renamed, 1)}


BIG = [("Album 1", 200), ("Album 2", 900)]


@pytest.fixture
def big_library(binary, demo, tmp_path):
    """1,100 photos of distinct content (a comment each, so each keeps its identity when
    moved) in two chunks, the first screen's and Album 2's; limit 10."""
    sources = sorted(p for p in (demo.root / "thumbs").glob("*.jpg") if "@2x" not in p.name)
    library = tmp_path / "library"
    n = 0
    for album, count in BIG:
        (library / album).mkdir(parents=True)
        for _ in range(count):
            jpeg = sources[n % len(sources)].read_bytes()
            comment = f"photo {n}".encode()
            (library / album / f"P{n:04d}.jpg").write_bytes(jpeg[:2] + b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment + jpeg[2:])
            n += 1
    site = build(binary, library, tmp_path / "Site", "--limit", 10, "--sort", "name")
    assert [count for _, count in page_chunks(site)] == [200, 900]
    return library, site


def page_chunks(site):
    import re

    html = site.index.read_text(encoding="utf-8")
    return json.loads(re.search(r'<script type="application/json" id="proofsheet-data">(.*?)</script>', html, re.S).group(1))["chunks"]


def loaded_chunks(page):
    return page.evaluate("() => Array.from(document.scripts).map(s => s.getAttribute('src') || '').filter(s => s.startsWith('data/c-'))")


# P1050 and P0700 are in Album 2's chunk, which the first screen does not load.
BIG_PICKS = ["P1050.jpg", "P0003.jpg", "P0700.jpg", "P0150.jpg"]


def test_picks_stored_under_old_ids_in_chunks_not_loaded_are_found_through_the_search_index(page, binary, big_library):
    library, site = big_library
    gallery, upgraded = reopened_with_old_picks(page, binary, library, site, BIG_PICKS, 10)
    new_ids = [upgraded.photo(name)["id"] for name in BIG_PICKS]
    # Settled: each pick found (stored again under its new id), or marked as not here.
    page.wait_for_function("""([k, ids]) => {
      const s = JSON.parse(localStorage.getItem(k) || 'null');
      return !document.getElementById('problems').hidden || (!!s && JSON.stringify(s.picks.map(p => p.id)) === JSON.stringify(ids));
    }""", arg=[f"proofsheet:{site.gallery}:picks", new_ids])
    assert page.locator("#problems").is_hidden(), page.locator("#problems").text_content()
    assert saved_ids(page, site) == new_ids
    state = gallery.state()
    assert state["tray"] == BIG_PICKS
    assert state["status"] == "4 of 10 picked"
    # Told by the search index: Album 2's chunk was never loaded.
    assert loaded_chunks(page) == [f"data/{page_chunks(upgraded)[0][0]}.js"]
    gallery.pick("P0001.jpg")
    assert gallery.state()["tray"] == BIG_PICKS + ["P0001.jpg"]


def test_an_old_order_file_finds_photos_moved_in_chunks_not_loaded(page, binary, big_library, tmp_path):
    library, site = big_library
    order = old_order_file(site, BIG_PICKS, {p["path"]: old_id(p["path"]) for p in site.photos}, tmp_path / "old-order.json")
    old, _ = upgrade(binary, library, site)
    # Two of them move after the upgrade, one in each chunk.
    os.rename(library / "Album 2" / "P1050.jpg", library / "Album 2" / "Z last.jpg")
    os.rename(library / "Album 1" / "P0003.jpg", library / "Album 1" / "A first.jpg")
    moved = build(binary, library, site.root)
    renamed = ["Z last.jpg", "A first.jpg"] + BIG_PICKS[2:]
    assert [moved.photo(name)["formerIds"] for name in renamed] == [[old[site.photo(name)["path"]]] for name in BIG_PICKS]
    import_old_file(page, moved, order, renamed)
