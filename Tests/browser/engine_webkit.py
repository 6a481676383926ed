"""The WebKit adapter of `engines.DriverGallery`: Selenium driving WebKitWebDriver, and the
same in a phone-sized frame (WebKitGTK has no viewport of its own to narrow)."""

from pathlib import Path

from engines import ALT, until

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
