"""The page over WebDriver in WebKit (Selenium + WebKitWebDriver) and Firefox (Marionette):
one `DriverGallery` for both, over a small adapter per engine that knows only how that
engine runs a script, clicks, types, answers a dialog and downloads.

Everything is found the way a person finds it — a checkbox by the file name under it, a
button by its label — and checked through `helpers.STATE_JS`, so the tests do not depend
on how the page builds its grid.
"""

import json
import time
from pathlib import Path

from helpers import OPENER_JS, STATE_JS

WAIT = 30  # seconds for anything the page does in response to an action

# WebDriver key code points (the same in Selenium and Marionette).
ARROW_RIGHT, SPACE, ESCAPE = "\ue014", "\ue00d", "\ue00c"
TAB = "\ue004"
ALT = "\ue00a"

# The page says it is ready (data-ready) when its script has run; a browser paints the
# first frame after that. Until it has, content-visibility:auto content (the grid) is not
# hit-testable, and WebDriver refuses a click there as "element not interactable": WebKit
# did so about half the time on an idle machine. Two frames later the first one is done.
AFTER_TWO_FRAMES = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
"""

# Scrolls an element to the middle of the screen and resolves once a frame has been
# painted with it there and its centre hits it (or its label): then a click lands on it.
INTO_VIEW = """
const el = arguments[0], done = arguments[arguments.length - 1];
el.scrollIntoView({block: 'center', inline: 'center'});
const hits = () => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return top !== null && (top === el || el.contains(top) || (el.labels && Array.from(el.labels).some(l => l.contains(top))));
};
const check = (frames) => requestAnimationFrame(() => requestAnimationFrame(() =>
  hits() || frames > 60 ? done(hits()) : check(frames + 1)));
check(0);
"""

BOX_JS = """
const cell = Array.from(document.querySelectorAll('#gallery li.photo'))
  .find(li => li.querySelector('.name').textContent === arguments[0]);
return cell ? cell.querySelector('input[type=checkbox]') : null;
"""

BUTTON_JS = """
return Array.from(document.querySelectorAll('button'))
  .find(b => (b.getAttribute('aria-label') || b.textContent.trim()) === arguments[0]) || null;
"""

# Pages opened by the tests start from empty storage unless the test says otherwise.
CLEAR_STORAGE = "localStorage.clear()"


def until(condition, message, timeout=WAIT):
    """Waits for `condition()` to be true (polling), or fails with `message`."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s: {message}")
        time.sleep(0.05)


class DriverGallery:
    """The generated page in a WebDriver engine, driven through its real controls."""

    def __init__(self, engine, site):
        self.engine = engine
        self.site = site

    def open(self, url=None, fresh=True):
        self.engine.get(url or self.site.url)
        self.wait_ready()
        if fresh:
            self.engine.script(CLEAR_STORAGE)
            self.reload()
        return self

    def reload(self):
        self.engine.refresh()
        self.wait_ready()

    def to_photos(self):
        """Past the cover, where its "View the photos" leads: the header and the first photos."""
        self.engine.script("document.getElementById('photos').scrollIntoView()")
        self.engine.async_script(AFTER_TWO_FRAMES)
        return self

    def wait_ready(self):
        until(
            lambda: self.engine.script("return document.documentElement.getAttribute('data-ready')") == "true",
            "the page never set data-ready",
        )
        self.engine.async_script(AFTER_TWO_FRAMES)

    def click(self, element):
        """Clicks as a person does: the element scrolled into sight and painted there first."""
        assert self.engine.async_script(INTO_VIEW, element), "the element never came into view unobscured"
        self.engine.click(element)

    def box(self, name):
        if self.engine.script("const s = document.getElementById('review-sheet'); return !!s && s.open"):
            self.click(self.engine.script("return document.getElementById('review-close')"))  # the photos are behind it
        box = self.engine.script(BOX_JS, name)
        assert box is not None, f"no checkbox for {name}"
        return box

    def pick(self, *names):
        for name in names:
            self.click(self.box(name))

    unpick = pick  # a click toggles

    def button(self, label):
        """A button by its label, revealed first as a person would (helpers.OPENER_JS)."""
        for _ in range(2):  # the sheet closed, then the menu opened
            opener = self.engine.script(f"return ({OPENER_JS})(arguments[0])", label)
            if opener:
                self.click(self.engine.script("return document.getElementById(arguments[0])", opener))
        button = self.engine.script(BUTTON_JS, label)
        assert button is not None, f"no button {label!r}"
        return button

    def press(self, label):
        self.click(self.button(label))

    def enabled(self, element):
        return self.engine.script("return !arguments[0].disabled && arguments[0].getAttribute('aria-disabled') !== 'true'", element)

    def state(self):
        return self.engine.script(f"return ({STATE_JS})()")

    def text(self, element_id):
        return self.engine.script("return document.getElementById(arguments[0]).textContent", element_id)

    def wait_state(self, check, message):
        """Waits until `check(state)` holds; returns that state."""
        found = []
        until(lambda: check(found.append(self.state()) or found[-1]), f"{message}; last state {found[-1:]}")
        return found[-1]

    def wait_refusal(self, fragment):
        """Waits for a refused pick's message, beside its photo; returns it."""
        shown = "const r = document.getElementById('refusal'); return r && !r.hidden ? r.textContent : ''"
        until(lambda: fragment in self.engine.script(shown), f"no refusal with {fragment!r} beside a photo")
        return self.engine.script(shown)

    def wait_notice(self, fragment):
        until(lambda: fragment in self.text("notice"), f"no notice with {fragment!r} (notice: {self.text('notice')!r})")
        return self.text("notice")

    def export(self, label="Download selection"):
        """Presses an export button; returns (file name, bytes) of what the page handed over."""
        return self.engine.download(lambda: self.press(label))

    def import_file(self, path):
        # WebDriver types a path into a file input, which must be displayed to accept it;
        # the page's is hidden behind its Import… button. It is hidden again as the file
        # arrives, before the page's own handler runs (which may open a confirm()).
        chooser = self.engine.script(
            "const input = document.getElementById('import-file'); input.hidden = false;"
            "input.addEventListener('change', () => { input.hidden = true; }, {once: true, capture: true});"
            "return input;"
        )
        chooser.send_keys(str(path))

    def view(self, name):
        """Opens the viewer by clicking a photo's thumbnail."""
        link = self.engine.script("return arguments[0].closest('li.photo').querySelector('a.open')", self.box(name))
        self.click(link)
        until(lambda: self.engine.script("return document.getElementById('viewer').open"), "the viewer did not open")

    def viewer_open(self):
        return self.engine.script("return document.getElementById('viewer').open")

    def confirm(self, answer):
        """Answers the confirm() the page is showing; returns its text."""
        return self.engine.answer_dialog(answer)


# --- WebKit: Selenium ---------------------------------------------------------------------

# WebKitGTK saves no downloads under automation, so the page's Blob is read back instead:
# this records what the page hands to URL.createObjectURL and the name on the link it
# clicks, and keeps the browser from opening a save dialog.
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

READ_DOWNLOAD = """
const done = arguments[arguments.length - 1]; const d = window.__downloads[0];
d.blob.arrayBuffer().then(b => done([d.name, Array.from(new Uint8Array(b))]));
"""


class WebKitEngine:
    name = "webkit"

    def __init__(self, driver):
        self.driver = driver

    def get(self, url):
        self.driver.get(url)

    def refresh(self):
        self.driver.refresh()

    def script(self, js, *args):
        return self.driver.execute_script(js, *args)

    def async_script(self, js, *args):
        return self.driver.execute_async_script(js, *args)

    def click(self, element):
        element.click()

    def keys(self, *keys):
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def chord(self, *keys):
        """Presses keys together (Alt+P: chord(ALT, "p")): down in order, up in reverse."""
        from selenium.webdriver.common.action_chains import ActionChains

        actions = ActionChains(self.driver)
        for key in keys:
            actions.key_down(key)
        for key in reversed(keys):
            actions.key_up(key)
        actions.perform()

    def download(self, action):
        self.script(CAPTURE_DOWNLOADS)
        action()
        until(lambda: self.script("return window.__downloads.length") == 1, "the page made no download")
        name, data = self.async_script(READ_DOWNLOAD)
        return name, bytes(data)

    def answer_dialog(self, answer):
        alert = until(lambda: self._alert(), "no dialog")
        text = alert.text
        alert.accept() if answer else alert.dismiss()
        return text

    def _alert(self):
        from selenium.common.exceptions import NoAlertPresentException

        try:
            return self.driver.switch_to.alert
        except NoAlertPresentException:
            return None


# WebKitGTK's MiniBrowser will not make its window narrower than its toolbar (447 px of
# page), so phone widths are reached the way a phone-sized viewport is: the page is loaded
# in an <iframe> of that size, in a wrapper page of the same origin (the local HTTP server),
# and the driver works inside the frame. There the page's media queries, vh units,
# innerWidth/innerHeight, scrolling, hit-testing and focus are the frame's; its storage and
# scripts are its own.
PHONE_FRAME = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>phone frame</title>
<style>html, body {{ margin: 0; background: #777; }} iframe {{ display: block; border: 0; width: {width}px; height: {height}px; }}</style>
</head><body><iframe id="phone" title="the page at {width}×{height}" src="{src}"></iframe></body></html>
"""


class FramedWebKitEngine(WebKitEngine):
    """WebKit with the page in a phone-sized frame (see PHONE_FRAME); `viewport` sets its size."""

    name = "webkit"

    def __init__(self, driver, server):
        super().__init__(driver)
        self.server = server
        self.size = (390, 844)

    def viewport(self, width, height):
        self.size = (width, height)
        # The wrapper and its frame whole inside the window.
        self.driver.set_window_size(max(width + 100, 800), height + 150)

    def get(self, url):
        if url.startswith("file:"):  # the same file, from the server, so that the frame is same-origin
            from urllib.parse import unquote, urlsplit

            url = self.server.url(Path(unquote(urlsplit(url).path)))
        width, height = self.size
        wrapper = self.server.root / f"phone-frame-{width}x{height}.html"
        wrapper.write_text(PHONE_FRAME.format(width=width, height=height, src=url.replace("&", "&amp;").replace('"', "&quot;")))
        self.driver.switch_to.default_content()
        self.driver.get(self.server.url(wrapper))
        self._enter()

    def refresh(self):
        self.driver.switch_to.default_content()
        self.driver.refresh()
        self._enter()

    def _enter(self):
        from selenium.webdriver.common.by import By

        self.driver.switch_to.frame(self.driver.find_element(By.ID, "phone"))
        size = self.script("return [innerWidth, innerHeight]")
        assert size == list(self.size), f"the frame's viewport is {size}, wanted {list(self.size)}"

    def leave(self):
        self.driver.switch_to.default_content()
        self.driver.set_window_size(1280, 900)


# --- Firefox: Marionette ------------------------------------------------------------------

# In chrome context: every HTTP(S) request the browser makes, page or not, is recorded.
WATCH_REQUESTS = """
const seen = [];
const observer = { observe(subject) { seen.push(subject.QueryInterface(Ci.nsIHttpChannel).URI.spec); } };
Services.obs.addObserver(observer, 'http-on-modify-request');
window.__proofsheetRequests = seen;
"""

# In chrome context: uncaught errors of page scripts since the console was last cleared.
PAGE_ERRORS = """
return Services.console.getMessageArray()
  .filter(m => m instanceof Ci.nsIScriptError && !m.isFromChromeContext && m.category === 'content javascript'
               && !(m.flags & (Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag)))
  .map(m => m.errorMessage + ' (' + m.sourceName + ':' + m.lineNumber + ')');
"""

# In chrome context: waits for every download to finish; returns their target paths.
FINISHED_DOWNLOADS = """
const done = arguments[arguments.length - 1];
const { Downloads } = ChromeUtils.importESModule('resource://gre/modules/Downloads.sys.mjs');
(async () => {
  const list = await Downloads.getList(Downloads.ALL);
  for (;;) {
    const all = await list.getAll();
    if (all.length > 0 && all.every(d => d.stopped)) {
      const result = all.map(d => [d.succeeded, d.target.path, String(d.error)]);
      await list.removeFinished();
      return result;
    }
    await new Promise(r => setTimeout(r, 50));
  }
})().then(done, e => done([[false, '', String(e)]]));
"""


class FirefoxEngine:
    name = "firefox"

    def __init__(self, marionette, downloads):
        self.m = marionette
        self.downloads = Path(downloads)

    def get(self, url):
        self.m.navigate(url)

    def refresh(self):
        self.m.refresh()

    def script(self, js, *args):
        return self.m.execute_script(js, script_args=args)

    def async_script(self, js, *args):
        return self.m.execute_async_script(js, script_args=args)

    def chrome(self, js, *args, asynchronous=False):
        with self.m.using_context(self.m.CONTEXT_CHROME):
            run = self.m.execute_async_script if asynchronous else self.m.execute_script
            return run(js, script_args=args, new_sandbox=False, sandbox="proofsheet")

    def click(self, element):
        element.click()

    def keys(self, *keys):
        sequence = self.m.actions.sequence("key", "keyboard")
        for key in keys:
            sequence.key_down(key).key_up(key)
        sequence.perform()
        self.m.actions.release()

    def chord(self, *keys):
        """Presses keys together (Alt+P: chord(ALT, "p")): down in order, up in reverse."""
        sequence = self.m.actions.sequence("key", "keyboard")
        for key in keys:
            sequence.key_down(key)
        for key in reversed(keys):
            sequence.key_up(key)
        sequence.perform()
        self.m.actions.release()

    def download(self, action):
        for old in self.downloads.iterdir():
            old.unlink()
        action()
        finished = self.chrome(FINISHED_DOWNLOADS, asynchronous=True)
        assert len(finished) == 1 and finished[0][0], f"the download failed: {finished}"
        path = Path(finished[0][1])
        return path.name, path.read_bytes()

    def answer_dialog(self, answer):
        from marionette_driver.errors import NoAlertPresentException

        def alert():
            try:
                dialog = self.m.switch_to_alert()
                return dialog, dialog.text
            except NoAlertPresentException:
                return None

        dialog, text = until(alert, "no dialog")
        dialog.accept() if answer else dialog.dismiss()
        return text

    # What the browser did, for the tests' checks.
    def requests(self):
        return list(self.chrome("return window.__proofsheetRequests"))

    def forget_requests(self):
        self.chrome("window.__proofsheetRequests.length = 0")

    def page_errors(self):
        return self.chrome(PAGE_ERRORS)

    def forget_console(self):
        self.chrome("Services.console.reset()")

    def viewport(self, width, height):
        """Sets the page's viewport. Headless Firefox keeps its window at least 500 px wide,
        so narrower (phone) widths constrain the browser element inside the window."""
        window_width = max(width, 500)
        self.m.set_window_rect(width=window_width, height=height + 200)
        self.chrome(
            "const b = gBrowser.selectedBrowser; b.style.maxWidth = arguments[0] < 500 ? arguments[0] + 'px' : '';",
            width,
        )
        chrome_height = self.chrome("return window.outerHeight - gBrowser.selectedBrowser.clientHeight")
        self.m.set_window_rect(width=window_width, height=height + chrome_height)
        # The content process learns its new size over IPC, after set_window_rect returns:
        # read at once, innerWidth was now and then still the old one (a flake under load).
        sizes = []
        until(lambda: sizes.append(self.script("return [innerWidth, innerHeight]")) or sizes[-1] == [width, height],
              f"the viewport did not become {[width, height]} (last {sizes[-1:]})")


def firefox_prefs(downloads, proxy_port):
    """user.js for a test profile: Marionette on a port of the OS's choosing (written to
    MarionetteActivePort), downloads saved without asking, and no request of the browser's
    own (updates, telemetry, remote settings…) — with a proxy that refuses, as a net, for
    any that a pref misses. Loopback addresses never go through a proxy."""
    prefs = {
        "marionette.port": 0,
        "browser.download.folderList": 2,
        "browser.download.dir": str(downloads),
        "browser.download.useDownloadDir": True,
        "browser.download.always_ask_before_handling_new_types": False,
        "browser.download.start_downloads_in_tmp_dir": False,
        "browser.download.alwaysOpenPanel": False,
        "browser.shell.checkDefaultBrowser": False,
        "browser.startup.page": 0,
        "browser.startup.homepage": "about:blank",
        "browser.newtabpage.enabled": False,
        "startup.homepage_welcome_url": "about:blank",
        "app.update.disabledForTesting": True,
        "app.normandy.enabled": False,
        "app.shield.optoutstudies.enabled": False,
        "datareporting.policy.dataSubmissionEnabled": False,
        "datareporting.healthreport.uploadEnabled": False,
        "toolkit.telemetry.enabled": False,
        "toolkit.telemetry.server": "",
        "browser.ping-centre.telemetry": False,
        "extensions.update.enabled": False,
        "extensions.getAddons.cache.enabled": False,
        "extensions.blocklist.enabled": False,
        "browser.safebrowsing.update.enabled": False,
        "browser.safebrowsing.malware.enabled": False,
        "browser.safebrowsing.phishing.enabled": False,
        "browser.safebrowsing.downloads.enabled": False,
        "browser.safebrowsing.downloads.remote.enabled": False,
        "services.settings.server": "data:,#remote-settings-dummy/v1",
        "messaging-system.rsexperimentloader.enabled": False,
        "browser.region.network.url": "",
        "browser.search.update": False,
        "geo.provider.network.url": "",
        "media.gmp-manager.url": "",
        "media.gmp-manager.updateEnabled": False,
        "media.gmp-provider.enabled": False,
        "media.gmp-widevinecdm.enabled": False,
        "media.gmp-gmpopenh264.enabled": False,
        "media.eme.enabled": False,
        "network.captive-portal-service.enabled": False,
        "network.connectivity-service.enabled": False,
        "network.dns.disablePrefetch": True,
        "network.prefetch-next": False,
        "network.http.speculative-parallel-limit": 0,
        "network.trr.mode": 5,
        "network.proxy.type": 1,
        "network.proxy.http": "127.0.0.1",
        "network.proxy.http_port": proxy_port,
        "network.proxy.ssl": "127.0.0.1",
        "network.proxy.ssl_port": proxy_port,
        "network.proxy.socks_remote_dns": True,
        "network.proxy.no_proxies_on": "",
        "network.proxy.allow_hijacking_localhost": False,
    }
    return "".join(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n" for key, value in prefs.items())
