"""The page has an icon of its own, inline (a data: URL the CSP allows as an image): served
over HTTP, Chromium asks the server for no /favicon.ico, which a static host answers 404."""

import functools
import http.server
import threading
from urllib.parse import quote

import pytest

from conftest import TIMEOUT_MS


class HostRecordingServer:
    """Serves a folder on 127.0.0.1; remembers each request as (Host header, path), so the
    gallery's origin (127.0.0.1) and another (localhost) are told apart."""

    def __init__(self, root):
        self.root = root
        self.seen = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                server.seen.append((self.headers.get("Host", "").split(":")[0], self.path))

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, host, path):
        return f"http://{host}:{self.port}/" + quote(str(path.relative_to(self.root)))

    def favicons(self, host):
        return [path for seen_host, path in self.seen if seen_host == host and path.split("?")[0] == "/favicon.ico"]


@pytest.fixture
def server(workdir):
    s = HostRecordingServer(workdir)
    yield s
    s.httpd.shutdown()
    s.httpd.server_close()


def test_over_http_the_page_asks_for_no_favicon(chromium, demo, workdir, server):
    context = chromium.new_context()
    page = context.new_page()
    page.goto(server.url("127.0.0.1", demo.index), wait_until="load")
    icon = page.locator("link[rel='icon']")
    assert icon.count() == 1
    assert icon.get_attribute("href").startswith("data:image/png;base64,")

    # The fence: a page with no icon of its own, from another origin, opened after the
    # gallery had loaded. Chromium asks that origin for /favicon.ico once the page has
    # loaded — so it asked the gallery's origin before, had the gallery no icon of its own
    # (as it did: the test failed before the icon was added).
    plain = workdir / "no-icon.html"
    plain.write_text("<!doctype html><title>No icon</title><p>A page without an icon.", encoding="utf-8")
    page.goto(server.url("localhost", plain), wait_until="load")
    polls = TIMEOUT_MS // 50
    while not server.favicons("localhost") and polls > 0:
        page.wait_for_timeout(50)
        polls -= 1
    assert server.favicons("localhost"), "Chromium asked the page without an icon for none: the fence did not hold"
    assert server.favicons("127.0.0.1") == []
    context.close()


def test_album_pages_have_the_icon_too(chromium, demo, server):
    context = chromium.new_context()
    page = context.new_page()
    album = sorted((demo.root / "albums").glob("*.html"))[0]
    page.goto(server.url("127.0.0.1", album), wait_until="load")
    assert page.locator("link[rel='icon']").get_attribute("href").startswith("data:image/png;base64,")
    context.close()
