"""The core flows again in WebKit, Safari's engine: Selenium driving Debian's
WebKitWebDriver (MiniBrowser) under the Xvfb that conftest starts. Picking, the limit,
order and renumbering, reordering, export bytes, import (refusals, another gallery's file,
picks over the limit kept), reload."""

import json
import re
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from helpers import STATE_JS, order_json

A, B, C, D, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg", "Crème brûlée.jpg"
WAIT = 30

# Records what the page hands to the browser to download, and keeps the browser from
# opening a save dialog: the bytes are the page's own Blob, read back with Blob.text().
CAPTURE_DOWNLOADS = """
window.__downloads = [];
const create = URL.createObjectURL.bind(URL);
URL.createObjectURL = (blob) => { const url = create(blob); window.__downloads.push({url, blob}); return url; };
document.addEventListener('click', (event) => {
  const a = event.target.closest && event.target.closest('a[download]');
  if (!a) return;
  const entry = window.__downloads.find(d => d.url === a.href);
  if (entry) entry.name = a.download;
  event.preventDefault();
}, true);
"""


class WebKitGallery:
    def __init__(self, driver, site):
        self.driver = driver
        self.site = site

    def open(self, fresh=True):
        self.driver.get(self.site.url)
        self.wait_ready()
        if fresh:
            self.driver.execute_script("localStorage.clear()")
            self.driver.refresh()
            self.wait_ready()
        return self

    def wait_ready(self):
        WebDriverWait(self.driver, WAIT).until(
            lambda d: d.execute_script("return document.documentElement.getAttribute('data-ready')") == "true"
        )

    def box(self, name):
        return self.driver.execute_script(
            "return document.querySelector('#p-' + arguments[0] + ' input')",
            self.site.photo(name)["id"],
        )

    def pick(self, *names):
        for name in names:
            self.box(name).click()

    def button(self, label):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll('button')).find(b => (b.getAttribute('aria-label') || b.textContent) === arguments[0])",
            label,
        )

    def state(self):
        return self.driver.execute_script(f"return ({STATE_JS})()")

    def wait_notice(self, fragment):
        WebDriverWait(self.driver, WAIT).until(
            lambda d: fragment in d.execute_script("return document.getElementById('notice').textContent")
        )
        return self.driver.execute_script("return document.getElementById('notice').textContent")

    def export(self, label="Export order"):
        self.driver.execute_script(CAPTURE_DOWNLOADS)
        self.button(label).click()
        WebDriverWait(self.driver, WAIT).until(lambda d: d.execute_script("return window.__downloads.length") == 1)
        name, text = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; const d = window.__downloads[0];"
            "d.blob.arrayBuffer().then(b => done([d.name, Array.from(new Uint8Array(b))]));"
        )
        return name, bytes(text)

    def import_file(self, path):
        chooser = self.driver.find_element(By.ID, "import-file")
        # WebDriver types a path into a file input; it must be displayed to accept it.
        self.driver.execute_script("arguments[0].hidden = false", chooser)
        chooser.send_keys(str(path))
        self.driver.execute_script("arguments[0].hidden = true", chooser)


@pytest.fixture
def gallery(webkit, demo):
    return WebKitGallery(webkit, demo).open()


def test_webkit_picks_in_order_up_to_the_limit_and_renumbers(gallery, demo):
    gallery.pick(C, A)
    state = gallery.state()
    assert state["badges"] == {C: "1", A: "2"}
    assert state["status"] == "2 of 3 picked"
    gallery.pick(D)
    state = gallery.state()
    assert state["status"] == "3 of 3 picked — limit reached"
    assert len(state["disabled"]) == 21 and D not in state["disabled"]
    assert not gallery.box(B).is_enabled()
    gallery.box(A).click()  # unpick the middle one
    state = gallery.state()
    assert state["badges"] == {C: "1", D: "2"}
    assert state["tray"] == [C, D]
    assert state["status"] == "2 of 3 picked"
    assert state["disabled"] == []


def test_webkit_limit_1_replaces_and_limit_0_counts(webkit, make_site):
    one = WebKitGallery(webkit, make_site(limit=1)).open()
    one.pick(A, B)
    state = one.state()
    assert state["checked"] == [B] and state["badges"] == {B: "1"}
    assert state["status"] == "1 of 1 picked — picking another replaces it"
    unlimited = WebKitGallery(webkit, make_site(limit=0)).open()
    unlimited.pick(A, B, C, D, E)
    state = unlimited.state()
    assert state["status"] == "5 picked" and state["disabled"] == []
    assert state["badges"] == {A: "1", B: "2", C: "3", D: "4", E: "5"}


def test_webkit_tray_reorders_and_removes(gallery):
    gallery.pick(A, B, C)
    gallery.button(f"Move {C} up").click()
    assert gallery.state()["tray"] == [A, C, B]
    gallery.button(f"Remove {A}").click()
    state = gallery.state()
    assert state["tray"] == [C, B]
    assert state["badges"] == {C: "1", B: "2"}


def test_webkit_export_writes_the_exact_order_file(gallery, demo):
    gallery.pick(E, A, "夕焼け.jpg")
    gallery.button(f"Move {A} up").click()
    name, data = gallery.export()
    assert name == "order.json"
    exported = json.loads(data)["exported"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", exported)
    assert data == order_json(demo, [A, E, "夕焼け.jpg"], exported)


def test_webkit_export_as_text(gallery, demo):
    gallery.pick(C, E)
    name, data = gallery.export("Export as text")
    assert name == "order.txt"
    assert data.decode("utf-8").splitlines()[2:] == [demo.photo(C)["path"], demo.photo(E)["path"]]


def test_webkit_picks_survive_a_reload(gallery):
    gallery.pick(B, A)
    gallery.open(fresh=False)
    state = gallery.state()
    assert state["tray"] == [B, A]
    assert state["badges"] == {B: "1", A: "2"}


def test_webkit_clear_asks_first(gallery, webkit):
    gallery.pick(A, B)
    gallery.button("Clear").click()
    alert = WebDriverWait(webkit, WAIT).until(lambda d: d.switch_to.alert)
    assert alert.text == "Clear all 2 picks? This cannot be undone."
    alert.dismiss()
    assert gallery.state()["checked"] == [A, B]
    gallery.button("Clear").click()
    WebDriverWait(webkit, WAIT).until(lambda d: d.switch_to.alert).accept()
    assert gallery.state()["checked"] == []


def test_webkit_import_round_trip_and_refusals(gallery, demo, tmp_path):
    gallery.pick(D, B)
    _, data = gallery.export()
    good = tmp_path / "order.json"
    good.write_bytes(data)
    gallery.open()  # fresh: storage cleared
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
    alert = WebDriverWait(gallery.driver, WAIT).until(lambda d: d.switch_to.alert)
    assert alert.text == "Replace your 2 picks with the 4 in “over.json”?"
    alert.accept()
    assert "1 pick is over this gallery's limit of 3 — remove one" in gallery.wait_notice("Imported 4 picks")
    assert gallery.state()["tray"] == [D, B, A, C]
    assert gallery.driver.execute_script("return document.getElementById('problems').textContent") == (
        "1 pick is over the limit of 3 — remove one."
    )


def test_webkit_blocks_network_loads_by_content_security_policy(gallery):
    # An image or fetch aimed at the network, injected after load, is refused by the
    # page's policy before any request is made.
    violations = gallery.driver.execute_async_script("""
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
    """)
    assert violations == ["connect-src", "img-src"]
    # And the page itself kept working from file://.
    gallery.pick(A)
    assert gallery.state()["status"] == "1 of 3 picked"


def test_webkit_viewer_steps_picks_with_space_and_closes_with_escape(gallery, demo):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = gallery.driver
    driver.find_element(By.CSS_SELECTOR, f"#p-{demo.photo(B)['id']} a.open").click()
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.getElementById('viewer').open"))
    name = lambda: driver.execute_script("return document.getElementById('viewer-name').textContent")  # noqa: E731
    assert name() == B
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    WebDriverWait(driver, WAIT).until(lambda d: name() == C)
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    WebDriverWait(driver, WAIT).until(lambda d: gallery.state()["badges"] == {C: "1"})
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(driver, WAIT).until(lambda d: not d.execute_script("return document.getElementById('viewer').open"))
    assert gallery.state()["tray"] == [C]
