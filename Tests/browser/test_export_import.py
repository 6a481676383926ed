"""Behaviours 4 and 5 of issue 3 in Chromium: export (exact bytes, JSON and text), copy,
clear with confirmation, and import by file picker and by drop, with its refusals."""

import json
import re
from datetime import datetime, timezone

from helpers import Gallery, order_json

A, B, C, D, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg", "Crème brûlée.jpg"
TITLE = "Anna & Ben “Ü” </script>"


def utc_now():
    return datetime.now(timezone.utc).replace(microsecond=0)


def test_export_writes_exactly_the_order_file_of_product_md(page, make_site):
    site = make_site(limit=3, title=TITLE)
    gallery = Gallery(page, site).open()
    gallery.pick(E, "夕焼け.jpg", A)
    before = utc_now()
    name, data = gallery.export()
    after = utc_now()
    # Named after the gallery and the picks, its title made safe as a file name.
    assert name == "Anna & Ben “Ü” -script – 3 picks.json"
    exported = json.loads(data)["exported"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", exported)
    stamp = datetime.strptime(exported, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    assert before <= stamp <= after
    assert data == order_json(site, [E, "夕焼け.jpg", A], exported)
    assert json.loads(data)["title"] == TITLE
    gallery.wait_notice("Exported “Anna & Ben “Ü” -script – 3 picks.json” with 3 picks")


def test_export_keeps_the_order_after_reordering(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    gallery.button(f"Move {C} up").click()
    _, data = gallery.export()
    assert [p["name"] for p in json.loads(data)["picks"]] == [A, C, B]
    assert [p["order"] for p in json.loads(data)["picks"]] == [1, 2, 3]


def test_export_as_text_writes_the_numbered_plain_text_list_in_order(page, make_site):
    site = make_site(limit=3, title=TITLE)
    gallery = Gallery(page, site).open()
    gallery.pick(C, E)
    name, data = gallery.export("Export as text")
    assert name == "Anna & Ben “Ü” -script – 2 picks.txt"
    expected = (
        f"# {TITLE} — 2 picks — gallery {site.gallery}\n"
        + "1. " + site.photo(C)["path"] + "\n2. " + site.photo(E)["path"] + "\n"
    )
    assert data == expected.encode("utf-8")


def test_copy_puts_the_plain_text_list_on_the_clipboard(page, context, demo):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    gallery = Gallery(page, demo).open()
    gallery.pick(B, E)
    gallery.button("Plain-text list").click()
    gallery.wait_notice("Copied the plain-text list of the 2 picks")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == (
        f"# {demo.manifest['title']} — 2 picks — gallery {demo.gallery}\n"
        + "1. " + demo.photo(B)["path"] + "\n2. " + demo.photo(E)["path"] + "\n"
    )


def test_export_copy_and_clear_are_disabled_with_nothing_picked(page, demo):
    gallery = Gallery(page, demo).open()
    # Disabled, and not shown in the folded tray; More is there, for Import.
    for selector in ("#review", "#export-json", "#export-text", "#clear"):
        assert page.locator(selector).is_disabled() and page.locator(selector).is_hidden(), selector
    assert page.locator("#copy").is_enabled() and page.locator("#copy").is_visible()
    assert gallery.button("Import…").is_enabled()
    page.keyboard.press("Escape")
    gallery.pick(A)
    for name in ("Export as text", "Lightroom filter", "Clear"):
        assert gallery.button(name).is_enabled(), name
        page.locator("#copy").click()  # closes the menu again
    assert gallery.button("Review").is_enabled()
    assert gallery.button("Download selection").is_enabled()
    page.keyboard.press("Escape")
    gallery.unpick(A)
    assert page.locator("#export-json").is_disabled()


def test_clear_asks_first_and_empties_the_selection_only_when_confirmed(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B)
    page.recorder.answer = False
    gallery.button("Clear").click()
    assert page.recorder.dialogs[-1] == ("confirm", "Clear all 2 picks? This cannot be undone.")
    assert gallery.state()["checked"] == [A, B]
    page.recorder.answer = True
    gallery.button("Clear").click()
    state = gallery.state()
    assert state["checked"] == [] and state["tray"] == [] and state["badges"] == {}
    assert state["status"] == "0 of 3 picked"
    gallery.reload()
    assert gallery.state()["checked"] == []


def test_import_restores_an_exported_selection_in_a_fresh_browser(chromium, page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    gallery.pick(D, A, E)
    _, data = gallery.export()
    order = tmp_path / "order.json"
    order.write_bytes(data)
    # Another browser profile: nothing remembered.
    other = chromium.new_context()
    try:
        fresh = Gallery(other.new_page(), demo).open()
        assert fresh.state()["checked"] == []
        fresh.import_file(order)
        fresh.wait_status("3 of 3 picked — limit reached")
        state = fresh.state()
        assert state["tray"] == [D, A, E]
        assert state["badges"] == {D: "1", A: "2", E: "3"}
        assert "Imported 3 picks" in state["notice"]
    finally:
        other.close()


def test_import_of_the_text_variant_restores_the_order(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    text = tmp_path / "picks.txt"
    text.write_text(f"# a comment\n\n{demo.photo(E)['path']}\n{demo.photo(B)['path']}\n", encoding="utf-8")
    gallery.import_file(text)
    gallery.wait_status("2 of 3 picked")
    assert gallery.state()["tray"] == [E, B]


def write_order(path, site, names, gallery=None, extra=()):
    picks = [
        {"order": i + 1, "id": site.photo(n)["id"], "path": site.photo(n)["path"], "name": n, "bytes": site.photo(n)["bytes"]}
        for i, n in enumerate(names)
    ] + list(extra)
    document = {
        "format": "proofsheet-order", "version": 1, "gallery": gallery or site.gallery, "title": "Someone else's",
        "limit": 3, "exported": "2026-11-30T10:04:05Z", "picks": picks,
    }
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_import_from_another_gallery_with_none_of_its_photos_is_refused(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    gallery.pick(B)
    ghosts = [{"order": i + 1, "id": f"ffffffff000{i}", "path": f"Elsewhere/X{i}.jpg", "name": f"X{i}.jpg", "bytes": 1} for i in range(2)]
    order = write_order(tmp_path / "other.json", demo, [], gallery="0123456789ab", extra=ghosts)
    gallery.import_file(order)
    message = gallery.wait_notice("Not imported")
    assert "another gallery" in message and "0123456789ab" in message and demo.gallery in message
    assert "none of its photos is here" in message
    assert gallery.state()["checked"] == [B]


def test_import_from_another_gallery_whose_photos_are_here_is_imported_with_a_notice(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    order = write_order(tmp_path / "other.json", demo, [C, A], gallery="0123456789ab")
    gallery.import_file(order)
    message = gallery.wait_notice("Imported 2 picks")
    assert "made for another gallery (“Someone else's”), id 0123456789ab, but its photos are here" in message
    assert gallery.state()["tray"] == [C, A]


def test_import_keeps_unknown_photos_marked_until_they_are_removed(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    ghost = {"order": 2, "id": "ffffffffffff", "path": "Gone/IMG_9999.jpg", "name": "IMG_9999.jpg", "bytes": 1}
    order = write_order(tmp_path / "order.json", demo, [A], extra=[ghost])
    gallery.import_file(order)
    message = gallery.wait_notice("Imported 2 picks")
    assert "Not in this gallery, kept and marked in your picks until you remove them: IMG_9999.jpg." in message
    assert gallery.state()["tray"] == [A, "IMG_9999.jpg"]
    assert page.locator("#problems").text_content() == "IMG_9999.jpg is no longer in this gallery — remove it."
    gallery.button("Download selection").click()
    assert gallery.wait_notice("Not yet:") == "Not yet: IMG_9999.jpg is no longer in this gallery — remove it."
    gallery.button("Remove IMG_9999.jpg (no longer in this gallery)").click()
    assert page.locator("#problems").is_hidden()
    _, data = gallery.export()
    assert [p["name"] for p in json.loads(data)["picks"]] == [A]


def test_import_with_more_picks_than_the_limit_keeps_them_all_and_asks_to_remove_some(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    order = write_order(tmp_path / "order.json", demo, [A, B, C, D, E])
    order.write_text(order.read_text().replace('"limit": 3', '"limit": 5'))
    gallery.import_file(order)
    message = gallery.wait_notice("Imported 5 picks")
    assert "2 picks are over this gallery's limit of 3 — remove two before you export." in message
    state = gallery.state()
    assert state["tray"] == [A, B, C, D, E] and state["status"] == "5 of 3 picked — 2 over the limit"
    assert page.locator("#problems").text_content() == "2 picks are over the new limit of 3 — remove two."
    assert page.locator("#tray-list .tray-item.over .tray-name").all_text_contents() == [D, E]
    gallery.button("Download selection").click()
    gallery.wait_notice("Not yet: 2 picks are over the new limit of 3 — remove two.")
    assert "夕焼け.jpg" in gallery.state()["disabled"]  # nothing new while over the limit
    gallery.unpick(A)
    assert page.locator("#problems").text_content() == "1 pick is over the new limit of 3 — remove one."
    gallery.button(f"Remove {E} (over the limit)").click()
    assert page.locator("#problems").is_hidden()
    assert gallery.state()["status"] == "3 of 3 picked — limit reached"
    _, data = gallery.export()
    assert [p["name"] for p in json.loads(data)["picks"]] == [B, C, D]


def test_import_refuses_files_that_are_not_order_files(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    gallery.import_file(bad)
    gallery.wait_notice("not a proofsheet order file")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "proofsheet-order", ', encoding="utf-8")
    gallery.import_file(broken)
    gallery.wait_notice("not valid JSON")
    newer = write_order(tmp_path / "v3.json", demo, [A])
    newer.write_text(newer.read_text().replace('"version": 1', '"version": 3'))
    gallery.import_file(newer)
    gallery.wait_notice("version 3")
    assert gallery.state()["checked"] == []


def test_import_over_existing_picks_asks_before_replacing_them(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    gallery.pick(B)
    order = write_order(tmp_path / "order.json", demo, [A, C])
    page.recorder.answer = False
    gallery.import_file(order)
    gallery.wait_notice("Import cancelled")
    assert gallery.state()["checked"] == [B]
    page.recorder.answer = True
    gallery.import_file(order)
    gallery.wait_notice("Imported 2 picks")
    assert gallery.state()["tray"] == [A, C]
    assert page.recorder.dialogs[-1][1] == "Replace your 1 pick with the 2 in “order.json”?"


def test_dropping_an_order_file_on_the_page_imports_it(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    content = write_order(tmp_path / "order.json", demo, [C, A]).read_text()
    # A real File in a DataTransfer, dropped through the page's own drag events.
    page.evaluate("""content => {
      const data = new DataTransfer();
      data.items.add(new File([content], 'dropped.json', {type: 'application/json'}));
      const fire = (type) => document.getElementById('gallery').dispatchEvent(
        new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));
      fire('dragenter');
      if (document.getElementById('drop-zone').hidden) throw new Error('no drop zone shown');
      fire('dragover');
      fire('drop');
    }""", content)
    gallery.wait_notice("Imported 2 picks from “dropped.json”")
    assert gallery.state()["tray"] == [C, A]
    assert page.locator("#drop-zone").is_hidden()


def test_a_file_naming_no_photo_of_this_gallery_changes_nothing(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    gallery.pick(B)
    listing = tmp_path / "notes.txt"
    listing.write_text("shopping list\nmilk\n", encoding="utf-8")
    gallery.import_file(listing)
    assert "None of the 2 photos" in gallery.wait_notice("Not imported")
    image = tmp_path / "photo.jpg"
    image.write_bytes((demo.library / demo.photo(A)["path"]).read_bytes())
    gallery.import_file(image)
    gallery.wait_notice("not a text file")
    assert gallery.state()["checked"] == [B]
