"""The Firefox adapter of `engines.DriverGallery`: Marionette driving Debian's firefox-esr,
and the test profile's prefs."""

import json
from pathlib import Path

from engines import ALT, until

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
