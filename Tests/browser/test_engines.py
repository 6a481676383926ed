"""The core flows in WebKit (Safari's engine: Selenium driving Debian's WebKitWebDriver
under the Xvfb that conftest starts) and in Firefox ESR (Marionette, headless), from
file:// and over HTTP: picking, the limit, order and renumbering, reordering, export
bytes, import (refusals, another gallery's file, picks over the limit kept), reload, the
viewer, no network. Chromium runs the same flows, and more, through Playwright in the
other files."""

import json
import os
import re

import pytest

import helpers
from engines import AFTER_TWO_FRAMES, ARROW_RIGHT, ESCAPE, SPACE, DriverGallery, until
from helpers import order_json

A, B, C, D, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg", "Crème brûlée.jpg"

# Each engine from file://, and over HTTP from the local server.
WAYS = [("webkit", "file"), ("webkit", "http"), ("firefox", "file"), ("firefox", "http")]


@pytest.fixture(params=WAYS, ids=[f"{engine}-{scheme}" for engine, scheme in WAYS])
def way(request):
    engine = request.getfixturevalue(f"{request.param[0]}_engine")
    server = request.getfixturevalue("http_server") if request.param[1] == "http" else None
    return engine, server


@pytest.fixture
def open_site(way):
    """Opens a site in the engine under test, from file:// or over HTTP, storage cleared."""
    engine, server = way

    def open_(site, fresh=True):
        return DriverGallery(engine, site).open(site.http_url(server) if server else site.url, fresh=fresh)

    return open_


@pytest.fixture
def gallery(open_site, demo):
    return open_site(demo)


def test_picks_in_order_up_to_the_limit_and_renumbers(gallery):
    gallery.pick(C, A)
    state = gallery.state()
    assert state["badges"] == {C: "1", A: "2"}
    assert state["status"] == "2 of 3 picked"
    gallery.pick(D)
    state = gallery.state()
    assert state["status"] == "3 of 3 picked — limit reached"
    assert len(state["disabled"]) == 21 and D not in state["disabled"]
    assert not gallery.enabled(gallery.box(B))
    gallery.unpick(A)  # the middle one
    state = gallery.state()
    assert state["badges"] == {C: "1", D: "2"}
    assert state["tray"] == [C, D]
    assert state["status"] == "2 of 3 picked"
    assert state["disabled"] == []


def test_limit_1_replaces_and_limit_0_counts(open_site, make_site):
    one = open_site(make_site(limit=1))
    one.pick(A, B)
    state = one.state()
    assert state["checked"] == [B] and state["badges"] == {B: "1"}
    assert state["status"] == "1 of 1 picked — picking another replaces it"
    unlimited = open_site(make_site(limit=0))
    unlimited.pick(A, B, C, D, E)
    state = unlimited.state()
    assert state["status"] == "5 picked" and state["disabled"] == []
    assert state["badges"] == {A: "1", B: "2", C: "3", D: "4", E: "5"}


def test_tray_reorders_and_removes(gallery):
    gallery.pick(A, B, C)
    gallery.press(f"Move {C} up")
    assert gallery.state()["tray"] == [A, C, B]
    gallery.press(f"Remove {A}")
    state = gallery.state()
    assert state["tray"] == [C, B]
    assert state["badges"] == {C: "1", B: "2"}


def test_export_writes_the_exact_order_file(gallery, demo):
    gallery.pick(E, A, "夕焼け.jpg")
    gallery.press(f"Move {A} up")
    name, data = gallery.export()
    assert name == "proofsheet demo – 3 picks.json"
    exported = json.loads(data)["exported"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", exported)
    assert data == order_json(demo, [A, E, "夕焼け.jpg"], exported)


def test_export_as_text(gallery, demo):
    gallery.pick(C, E)
    name, data = gallery.export("Export as text")
    assert name == "proofsheet demo – 2 picks.txt"
    assert data.decode("utf-8").splitlines()[1:] == ["1. " + demo.photo(C)["path"], "2. " + demo.photo(E)["path"]]


def test_picks_survive_a_reload(gallery):
    gallery.pick(B, A)
    gallery.reload()
    state = gallery.state()
    assert state["tray"] == [B, A]
    assert state["badges"] == {B: "1", A: "2"}


def test_clear_asks_first(gallery):
    gallery.pick(A, B)
    gallery.press("Clear")
    assert gallery.confirm(False) == "Clear all 2 picks? This cannot be undone."
    assert gallery.state()["checked"] == [A, B]
    gallery.press("Clear")
    gallery.confirm(True)
    assert gallery.state()["checked"] == []


def test_import_round_trip_and_refusals(gallery, demo, tmp_path):
    gallery.pick(D, B)
    _, data = gallery.export()
    good = tmp_path / "order.json"
    good.write_bytes(data)
    gallery.open(gallery.engine.script("return location.href"))  # fresh: storage cleared
    assert gallery.state()["checked"] == []
    gallery.import_file(good)
    gallery.wait_notice("Imported 2 picks")
    assert gallery.state()["tray"] == [D, B]

    document = json.loads(data)
    document["gallery"] = "0123456789ab"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(document))
    gallery.import_file(other)
    assert "made for another gallery" in gallery.wait_notice("but its photos are here")
    assert gallery.state()["tray"] == [D, B]
    document["picks"] = [{"order": 1, "id": "ffffffffffff", "path": "Elsewhere/X.jpg", "name": "X.jpg", "bytes": 1}]
    stranger = tmp_path / "stranger.json"  # a new name: the same one again fires no change
    stranger.write_text(json.dumps(document))
    gallery.import_file(stranger)
    assert "none of its photos is here" in gallery.wait_notice("Not imported")

    document = json.loads(data)
    extra = [demo.photo(n) for n in (A, C)]
    document["picks"] += [{"order": 3 + i, "id": p["id"], "path": p["path"], "name": p["name"], "bytes": p["bytes"]} for i, p in enumerate(extra)]
    over = tmp_path / "over.json"
    over.write_text(json.dumps(document))
    gallery.import_file(over)
    assert gallery.confirm(True) == "Replace your 2 picks with the 4 in “over.json”?"
    assert "1 pick is over this gallery's limit of 3 — remove one" in gallery.wait_notice("Imported 4 picks")
    assert gallery.state()["tray"] == [D, B, A, C]
    assert gallery.text("problems") == "1 pick is over the limit of 3 — remove one."


def test_viewer_steps_picks_with_space_and_closes_with_escape(gallery):
    gallery.view(B)
    name = lambda: gallery.text("viewer-name")  # noqa: E731
    assert name() == B
    gallery.engine.keys(ARROW_RIGHT)
    until(lambda: name() == C, "→ did not show the next photo")
    gallery.engine.keys(SPACE)
    gallery.wait_state(lambda s: s["badges"] == {C: "1"}, "Space did not pick the photo shown")
    gallery.engine.keys(ESCAPE)
    until(lambda: not gallery.viewer_open(), "Esc did not close the viewer")
    assert gallery.state()["tray"] == [C]


# Loads aimed at the network, injected after load: the page's policy refuses each one
# before any request is made.
NETWORK_LOADS = """
const done = arguments[arguments.length - 1];
const seen = [];
document.addEventListener('securitypolicyviolation', e => {
  seen.push(e.violatedDirective);
  if (seen.length === 2) done(seen.sort());
});
const img = document.createElement('img');
img.src = 'http://127.0.0.1:9/pixel.png';
document.body.appendChild(img);
fetch('http://127.0.0.1:9/data.json').catch(() => {});
"""


def test_blocks_network_loads_by_content_security_policy(gallery, way):
    engine, server = way
    assert engine.async_script(NETWORK_LOADS) == ["connect-src", "img-src"]
    gallery.pick(A)
    assert gallery.state()["status"] == "1 of 3 picked"
    if engine.name == "firefox":
        # Every HTTP request the browser made, the page's or its own: none from file://,
        # and over HTTP only the page's own files from the local server.
        requests = engine.requests()
        if server is None:
            assert requests == [], requests
        else:
            assert requests and all(url.startswith(server.origin + "/") for url in requests), requests


@pytest.fixture(scope="module")
def tall(binary, demo, workdir):
    """One album of 400 photos (the demo's thumbnails under new names): many screens tall.
    In the tests' workdir, which the local HTTP server serves."""
    root = workdir / "tall"
    sources = sorted(p for p in (demo.root / "thumbs").glob("*.jpg") if "@2x" not in p.name)
    folder = root / "library" / "Album"
    folder.mkdir(parents=True)
    for n in range(400):
        os.link(sources[n % len(sources)], folder / f"P{n:04d}.jpg")
    helpers.build_site(binary, root / "library", root / "Site", limit=10, extra=("--sort", "name", "--thumb-size", "120", "--preview-size", "240"))
    from conftest import Site

    return Site(root / "Site", root / "library")


def test_cells_filled_again_while_scrolling_show_only_their_own(open_site, tall, way):
    """The grid fills the cells that leave the screen again for the photos coming onto it:
    a screen at a time down and back, every drawn cell is one photo's, picked ones too."""
    engine, _server = way
    gallery = open_site(tall)
    gallery.pick("P0001.jpg", "P0006.jpg")
    picked = ["P0001.jpg", "P0006.jpg"]
    arguments = helpers.cells_agree_arguments(tall, picked)
    engine.script("document.querySelectorAll('#grid li.photo:not(.loading)').forEach(li => li.setAttribute('data-first', li.querySelector('.name').textContent))")
    for direction in [1] * 6 + [-1] * 6:
        engine.script("window.scrollBy(0, arguments[0] * window.innerHeight)", direction)
        engine.async_script(AFTER_TWO_FRAMES)
        until(lambda: not engine.script("return !!document.querySelector('#grid li.photo.loading')"), "frames still waiting")
        assert engine.script(f"return ({helpers.CELLS_AGREE_JS})(arguments[0])", arguments) == []
    # Cells drawn first were filled again with other photos (else this tested nothing).
    assert engine.script("return Array.from(document.querySelectorAll('#grid li.photo[data-first]')).filter(li => li.querySelector('.name').textContent !== li.getAttribute('data-first')).length") > 0
    assert gallery.state()["badges"] == {"P0001.jpg": "1", "P0006.jpg": "2"}
