"""Behaviour 6 of issue 3 in Chromium: picks survive a reload, kept per gallery id in
localStorage; a damaged or hand-edited entry cannot pass the limit; without storage the
page still works and says so."""

import json

from helpers import Gallery

A, B, C, D = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg"


def test_picks_and_their_order_survive_a_reload(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(C, A, B)
    gallery.button(f"Move {B} up").click()
    gallery.reload()
    state = gallery.state()
    assert state["tray"] == [C, B, A]
    assert state["badges"] == {C: "1", B: "2", A: "3"}
    assert state["status"] == "3 of 3 picked — limit reached"
    assert len(state["disabled"]) == 21
    assert page.locator("#storage-note").is_hidden()


def test_picks_are_kept_per_gallery(page, demo, make_site):
    other = make_site(limit=3, title="Another gallery")
    assert other.gallery != demo.gallery
    gallery = Gallery(page, demo).open()
    gallery.pick(A)
    # Every file:// page shares one storage; the gallery id keeps them apart.
    second = Gallery(page, other).open()
    assert second.state()["checked"] == []
    second.pick(D)
    gallery.open()
    assert gallery.state()["checked"] == [A]
    keys = page.evaluate("() => Object.keys(localStorage).sort()")
    assert keys == sorted([f"proofsheet:{demo.gallery}:picks", f"proofsheet:{other.gallery}:picks"])


def test_a_hand_edited_entry_cannot_pass_the_limit_or_add_unknown_photos(page, demo):
    gallery = Gallery(page, demo).open()
    ids = [demo.photo(B)["id"], "000000000000", demo.photo(B)["id"]] + [demo.photo(n)["id"] for n in (A, D, C)]
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"proofsheet:{demo.gallery}:picks", json.dumps({"version": 1, "picks": ids})],
    )
    gallery.reload()
    state = gallery.state()
    assert state["tray"] == [B, A, D]
    assert state["status"] == "3 of 3 picked — limit reached"
    assert "first 3 were kept" in state["notice"]
    saved = page.evaluate("k => JSON.parse(localStorage.getItem(k))", f"proofsheet:{demo.gallery}:picks")
    assert saved["picks"] == [demo.photo(n)["id"] for n in (B, A, D)]


def test_a_damaged_entry_is_ignored(page, demo):
    gallery = Gallery(page, demo).open()
    page.evaluate("k => localStorage.setItem(k, '{not json')", f"proofsheet:{demo.gallery}:picks")
    gallery.reload()
    assert gallery.state()["checked"] == []
    gallery.pick(A)
    assert gallery.state()["status"] == "1 of 3 picked"


def test_without_storage_the_page_works_and_says_picks_will_not_be_remembered(context, page, demo):
    # What Chromium does when a user blocks site data: touching localStorage throws.
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {
      configurable: true, get() { throw new DOMException('The user denied access', 'SecurityError'); } });""")
    gallery = Gallery(page, demo).open()
    note = page.locator("#storage-note")
    assert note.is_visible()
    assert "won't be remembered" in note.text_content()
    gallery.pick(A, B)
    assert gallery.state()["tray"] == [A, B]
    name, data = gallery.export()
    assert [p["name"] for p in json.loads(data)["picks"]] == [A, B]
    gallery.reload()
    assert gallery.state()["checked"] == []
