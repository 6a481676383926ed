"""Fixtures for the browser tests: the proofsheet binary, generated sites, a local HTTP
server for them, Chromium (Playwright, Debian's /usr/bin/chromium), WebKit (Selenium +
WebKitWebDriver under an Xvfb started here) and Firefox ESR (Marionette, headless).

Environment:
  PROOFSHEET_BIN       the binary to test (default .build/release/proofsheet)
  PROOFSHEET_CHROMIUM  the Chromium to drive (default /usr/bin/chromium)
  PROOFSHEET_FIREFOX   the Firefox to drive (default firefox-esr on the PATH)
"""

import functools
import http.server
import json
import os
import shutil
import tempfile
import threading
from pathlib import Path
from urllib.parse import quote

import pytest

import browsers
import engine_firefox
import engine_webkit
import helpers

TIMEOUT_MS = 30_000


def needed(start, *args, **kwargs):
    """`start(...)`, failing the test with its message when the browser is missing."""
    try:
        return start(*args, **kwargs)
    except browsers.Missing as missing:
        pytest.fail(str(missing))


# --- the binary and the sites -------------------------------------------------------------


@pytest.fixture(scope="session")
def binary():
    os.environ.setdefault("PROOFSHEET_TEMPLATES", str(helpers.TEMPLATES))
    return helpers.proofsheet_binary()


@pytest.fixture(scope="session")
def workdir():
    path = Path(tempfile.mkdtemp(prefix="proofsheet-browser-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


class Site:
    """A built gallery: its folder, page URL and manifest."""

    def __init__(self, root, library):
        self.root = Path(root)
        self.library = Path(library)
        self.index = self.root / "index.html"
        self.url = self.index.as_uri()
        self.manifest = json.loads((self.root / "manifest.json").read_text(encoding="utf-8"))
        self.gallery = self.manifest["gallery"]
        self.photos = self.manifest["photos"]
        self.by_name = {p["name"]: p for p in self.photos}

    def photo(self, name):
        return self.by_name[name]

    def http_url(self, server):
        """The page's address on the local HTTP server (which serves the tests' workdir)."""
        return server.url(self.index)


@pytest.fixture(scope="session")
def demo(binary, workdir):
    """`proofsheet demo`: 24 photos in 3 albums, limit 3."""
    root = workdir / "demo"
    helpers.run(binary, "demo", "--output", root / "Site", "--library", root / "library", "--quiet")
    return Site(root / "Site", root / "library")


@pytest.fixture(scope="session")
def thirty(make_site, demo, workdir):
    """48 photos (the demo's, each twice, in six albums), limit 30."""
    library = workdir / "library-48"
    if not library.exists():
        for album in sorted(p for p in demo.library.iterdir() if p.is_dir()):
            for copy, prefix in ((library / album.name, ""), (library / f"{album.name} More", "More ")):
                copy.mkdir(parents=True)
                for photo in sorted(album.iterdir()):
                    os.link(photo, copy / f"{prefix}{photo.name}")
    return make_site(limit=30, library=library)


@pytest.fixture(scope="session")
def names(make_site, demo, workdir):
    """One album of the demo's first photo under the names of helpers.SHORT_NAMES and
    LONG_NAMES, no limit."""
    library = workdir / "library-names"
    if not library.exists():
        photo = sorted(p for p in demo.library.rglob("*.jpg"))[0]
        (library / "Names").mkdir(parents=True)
        for name in helpers.SHORT_NAMES + helpers.LONG_NAMES:
            os.link(photo, library / "Names" / name)
    return make_site(limit=0, library=library)


@pytest.fixture(scope="session")
def make_site(binary, workdir, demo):
    """Builds (once per argument set) a site from the demo library or a given one."""
    cache = {}

    def make(limit=3, title=None, library=None, sort=None):
        library = Path(library or demo.library)
        key = (limit, title, str(library), sort)
        if key not in cache:
            output = workdir / f"site-{len(cache)}"
            extra = ("--sort", sort) if sort else ()
            helpers.build_site(binary, library, output, limit=limit, title=title, extra=extra)
            cache[key] = Site(output, library)
        return cache[key]

    return make


# --- Chromium (Playwright) ---------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_instance):
    executable = os.environ.get("PROOFSHEET_CHROMIUM", "/usr/bin/chromium")
    browser = playwright_instance.chromium.launch(executable_path=executable, args=["--no-sandbox"])
    yield browser
    browser.close()


class Recorder:
    """What a page did that a test may need to check: requests, errors, dialogs."""

    def __init__(self):
        self.requests = []
        self.blocked = []
        self.errors = []
        self.dialogs = []
        self.answer = None  # what to answer to confirm(): True, False or None (fail)


@pytest.fixture
def context(chromium):
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    ctx.set_default_timeout(TIMEOUT_MS)
    record = Recorder()

    # Anything that is not the page's own files is refused, and remembered.
    def refuse(route):
        record.blocked.append(route.request.url)
        route.abort()

    ctx.route(lambda url: not url.startswith(("file:", "blob:", "data:")), refuse)
    ctx.recorder = record
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    pg = context.new_page()
    record = context.recorder
    pg.on("request", lambda request: record.requests.append(request.url))
    pg.on("pageerror", lambda error: record.errors.append(str(error)))

    def on_dialog(dialog):
        record.dialogs.append((dialog.type, dialog.message))
        if dialog.type == "confirm" and record.answer is not None:
            dialog.accept() if record.answer else dialog.dismiss()
        else:
            dialog.dismiss()

    pg.on("dialog", on_dialog)
    pg.recorder = record
    yield pg
    assert record.errors == [], f"script errors on the page: {record.errors}"
    alerts = [d for d in record.dialogs if d[0] == "alert"]
    assert alerts == [], f"the page showed alerts: {alerts}"


# --- WebKit (Selenium + WebKitWebDriver) -----------------------------------------------


@pytest.fixture(scope="session")
def xvfb_display():
    """A private X display: started here so the tests need no desktop and no xvfb-run."""
    display, stop = needed(browsers.start_xvfb)
    yield display
    stop()


def start_webkit(display, **env_extra):
    """browsers.start_webkit, failing the test when WebKit is missing."""
    return needed(browsers.start_webkit, display, **env_extra)


@pytest.fixture(scope="session")
def webkit(xvfb_display):
    driver = start_webkit(xvfb_display)
    yield driver
    driver.quit()


@pytest.fixture
def webkit_engine(webkit):
    return engine_webkit.WebKitEngine(webkit)


@pytest.fixture
def webkit_phone_engine(webkit, http_server):
    """WebKit with the page in a phone-sized frame (engine_webkit.FramedWebKitEngine)."""
    engine = engine_webkit.FramedWebKitEngine(webkit, http_server)
    yield engine
    engine.leave()


# --- a local HTTP server for the sites ----------------------------------------------------


class StaticServer:
    """Serves the tests' workdir on 127.0.0.1, on a port the OS picks; remembers each path asked for."""

    def __init__(self, root):
        self.root = Path(root)
        self.paths = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                server.paths.append(self.path)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path):
        return self.origin + "/" + quote(str(Path(path).relative_to(self.root)))

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def http_server(workdir):
    server = StaticServer(workdir)
    yield server
    server.close()


# --- Firefox ESR (Marionette) -----------------------------------------------------------


@pytest.fixture(scope="session")
def firefox(workdir):
    """Headless Firefox ESR with a fresh profile, over Marionette (there is no geckodriver)."""
    engine, stop = needed(browsers.start_firefox, workdir)
    try:
        engine.chrome(engine_firefox.WATCH_REQUESTS)
        yield engine
    finally:
        stop()


@pytest.fixture
def firefox_engine(firefox):
    """Firefox for one test: a 1280×900 viewport, a clean console and request log, and
    afterwards no uncaught script error on the page."""
    firefox.viewport(1280, 900)
    firefox.forget_console()
    firefox.forget_requests()
    yield firefox
    errors = firefox.page_errors()
    assert errors == [], f"script errors on the page: {errors}"
