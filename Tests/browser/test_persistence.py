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


def test_a_hand_edited_entry_loses_nothing_yet_cannot_pass_the_limit(page, demo):
    gallery = Gallery(page, demo).open()
    ids = [demo.photo(B)["id"], "000000000000", demo.photo(B)["id"]] + [demo.photo(n)["id"] for n in (A, D, C)]
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"proofsheet:{demo.gallery}:picks", json.dumps({"version": 1, "picks": ids})],
    )
    gallery.reload()
    state = gallery.state()
    # The duplicate is merged; the unknown id and the picks past the limit are kept, marked.
    assert state["tray"] == [B, "a photo (id 000000000000)", A, D, C]
    assert state["status"] == "5 of 3 picked — 2 over the limit"
    assert page.locator("#problems").text_content() == (
        "2 picks are over the limit of 3 — remove two. a photo (id 000000000000) is no longer in this gallery — remove it."
    )
    saved = page.evaluate("k => JSON.parse(localStorage.getItem(k))", f"proofsheet:{demo.gallery}:picks")
    assert [p["id"] for p in saved["picks"]] == [demo.photo(B)["id"], "000000000000"] + [demo.photo(n)["id"] for n in (A, D, C)]
    assert saved["version"] == 2 and saved["picks"][0]["name"] == B
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


def test_two_tabs_of_one_gallery_follow_each_other(context, demo):
    first = Gallery(context.new_page(), demo).open()
    second = Gallery(context.new_page(), demo).open()
    first.pick(A, B)
    second.wait_status("2 of 3 picked")
    assert second.state()["tray"] == [A, B]
    second.button(f"Move {B} up").click()
    first.page.wait_for_function("() => document.querySelector('#tray-list .tray-name').textContent === 'IMG_0102.jpg'")
    assert first.state()["badges"] == {B: "1", A: "2"}


def test_the_page_works_from_a_static_web_host(chromium, demo):
    import functools
    import http.server
    import threading

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(demo.root))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    context = chromium.new_context(accept_downloads=True)
    requests, errors = [], []
    context.route(lambda url: not url.startswith((origin + "/", "blob:", "data:")), lambda route: (requests.append(route.request.url), route.abort()))
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        gallery = Gallery(page, demo).open(origin + "/index.html")
        gallery.pick(C, A)
        gallery.reload()
        assert gallery.state()["tray"] == [C, A]
        _, data = gallery.export()
        assert [p["name"] for p in json.loads(data)["picks"]] == [C, A]
        page.wait_for_function("() => Array.from(document.querySelectorAll('#gallery a.open > img')).every(i => i.complete && i.naturalWidth > 0)")
        assert requests == [] and errors == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()
