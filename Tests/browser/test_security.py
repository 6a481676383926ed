"""No request leaves the page, and hostile names and EXIF text stay text (Chromium)."""

import json

import pytest

import helpers
from helpers import HOSTILE_DESCRIPTION, HOSTILE_NAME, Gallery

A, B, C = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg"


def test_nothing_is_requested_but_the_sites_own_files(page, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B)
    Gallery(page, None).cell(C).locator("a.open").click()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.get_by_text("Details", exact=True).click()
    page.keyboard.press("Escape")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("() => Array.from(document.images).filter(i => i.src).every(i => i.complete)")
    _, data = gallery.export()
    order = tmp_path / "order.json"
    order.write_bytes(data)
    page.recorder.answer = True
    gallery.button("Clear").click()
    gallery.import_file(order)
    gallery.wait_status("3 of 3 picked — limit reached")
    record = page.recorder
    assert record.blocked == []
    assert [url for url in record.requests if not url.startswith(("file:", "blob:", "data:"))] == []
    assert any(url.endswith(".jpg") for url in record.requests)  # the log does see the images
    site_root = demo.root.as_uri()
    assert all(url.startswith(site_root) for url in record.requests if url.startswith("file:"))


def test_the_content_security_policy_blocks_network_loads(page, demo):
    Gallery(page, demo).open()
    csp = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert "default-src 'none'" in csp and "connect-src 'none'" in csp
    # Something injected later (an extension, a bug) still cannot reach the network.
    violations = page.evaluate("""() => new Promise(resolve => {
      const seen = [];
      document.addEventListener('securitypolicyviolation', e => {
        seen.push(e.violatedDirective);
        if (seen.length === 2) resolve(seen.sort());
      });
      const img = document.createElement('img');
      img.src = 'http://127.0.0.1:9/pixel.png';
      document.body.appendChild(img);
      fetch('http://127.0.0.1:9/data.json').catch(() => {});
    })""")
    assert violations == ["connect-src", "img-src"]
    assert page.recorder.blocked == []


@pytest.fixture(scope="module")
def hostile_site(binary, demo, tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    library = root / "library"
    (library / "Trip").mkdir(parents=True)
    source = (demo.library / "Beach Day" / "IMG_0101.jpg").read_bytes()
    (library / "Trip" / HOSTILE_NAME).write_bytes(source)
    (library / "Trip" / "Described.jpg").write_bytes(helpers.with_exif_description(source, HOSTILE_DESCRIPTION))
    (library / "Trip" / "Plain.jpg").write_bytes(source)
    helpers.build_site(binary, library, root / "Site", limit=0, title='<b onmouseover="alert(1)">Trip</b>')
    from conftest import Site

    return Site(root / "Site", library)


def test_the_spliced_exif_description_reaches_the_manifest(hostile_site):
    assert hostile_site.photo("Described.jpg").get("description") == HOSTILE_DESCRIPTION
    assert HOSTILE_NAME in hostile_site.by_name


def test_hostile_names_and_exif_text_are_shown_as_text_and_run_nothing(page, hostile_site):
    gallery = Gallery(page, hostile_site).open()
    # The page fixture fails the test on any alert or script error; here we also look.
    assert page.title() == '<b onmouseover="alert(1)">Trip</b>'
    assert page.locator("h1").text_content() == '<b onmouseover="alert(1)">Trip</b>'
    assert page.locator("h1 b").count() == 0
    assert page.locator("img[src='x']").count() == 0
    # The embedded data and words, the page script and the site's one chunk file: nothing else runs.
    sources = page.evaluate("() => Array.from(document.scripts).map(s => s.getAttribute('src') || s.type)")
    assert sources[:2] == ["application/json", "application/json"] and len(sources) == 4
    assert sources[2].startswith("assets/proofsheet-") and sources[3].startswith("data/c-")
    label = gallery.box(HOSTILE_NAME)
    assert label.count() == 1
    assert page.locator("li.photo .name").all_text_contents().count(HOSTILE_NAME) == 1
    gallery.pick(HOSTILE_NAME, "Described.jpg")
    assert gallery.state()["tray"] == [HOSTILE_NAME, "Described.jpg"]
    assert page.locator("#tray-list img").count() == 2
    # The viewer shows the description as text, alt text included.
    Gallery(page, None).cell("Described.jpg").locator("a.open").click()
    page.get_by_text("Details", exact=True).click()
    rows = dict(zip(page.locator("#viewer-exif dt").all_text_contents(), page.locator("#viewer-exif dd").all_text_contents()))
    assert rows["Description"] == HOSTILE_DESCRIPTION
    assert page.locator("#viewer-image").get_attribute("alt") == HOSTILE_DESCRIPTION
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#viewer-name").text_content() == HOSTILE_NAME
    page.keyboard.press("Escape")
    _, data = gallery.export()
    assert [p["name"] for p in json.loads(data)["picks"]] == [HOSTILE_NAME, "Described.jpg"]
    # Nothing ran: no alert (checked by the fixture) and no element was injected.
    assert page.locator("img[src='x'], img[onerror]").count() == 0
    assert page.recorder.dialogs == []


def test_the_script_adds_one_global_name_only(page, demo, tmp_path):
    blank_page = tmp_path / "blank.html"
    blank_page.write_text("<!doctype html><title>blank</title>", encoding="utf-8")
    page.goto(blank_page.as_uri())
    blank = set(page.evaluate("() => Object.keys(window)"))
    Gallery(page, demo).open()
    added = set(page.evaluate("() => Object.keys(window)")) - blank
    assert added == {"Proofsheet"}
