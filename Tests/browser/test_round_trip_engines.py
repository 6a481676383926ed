"""Issue 13's core page flows in WebKit and Firefox (file:// and HTTP): the minimum holds
back an export, a note typed on a pick and the client's name survive a reload and are
exported with the gallery's minimum, and Send opens a mail to the contact holding the
plain-text list. Chromium runs these and the rest in test_round_trip.py and test_send.py."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest

import helpers
from engines import DriverGallery, until

A, C = "IMG_0101.jpg", "Sunset over the water.jpg"
WAYS = [("webkit", "file"), ("webkit", "http"), ("firefox", "file"), ("firefox", "http")]
# Recorded in the DOM, which the page and the driver's script sandbox share (Marionette's
# scripts do not see the page's own window properties).
RECORD_MAIL = """const root = document.documentElement; root.setAttribute('data-mail', '[]');
document.addEventListener('click', e => { const a = e.target.closest && e.target.closest('a[href^="mailto:"]');
  if (a) { root.setAttribute('data-mail', JSON.stringify(JSON.parse(root.getAttribute('data-mail')).concat([a.href]))); e.preventDefault(); } }, true);"""
MAILS = "return JSON.parse(document.documentElement.getAttribute('data-mail'))"


@pytest.fixture(scope="module")
def trip(binary, demo, workdir):
    """The demo library built with --min 2, a contact and a message (inside the workdir the
    HTTP server serves)."""
    from conftest import Site

    root = workdir / "trip-engines"
    if not (root / "Site" / "index.html").exists():
        helpers.build_site(binary, demo.library, root / "Site", limit=5, extra=(
            "--min", "2", "--contact", "anna@example.com", "--contact-name", "Anna Smith", "--message", "By Friday."))
    return Site(root / "Site", demo.library)


@pytest.fixture(params=WAYS, ids=[f"{engine}-{scheme}" for engine, scheme in WAYS])
def gallery(request, trip):
    engine = request.getfixturevalue(f"{request.param[0]}_engine")
    server = request.getfixturevalue("http_server") if request.param[1] == "http" else None
    return DriverGallery(engine, trip).open(trip.http_url(server) if server else trip.url)


def test_minimum_notes_reload_export_import_and_send(gallery, trip, tmp_path):
    engine = gallery.engine
    assert gallery.text("message") == "By Friday."
    gallery.pick(A)
    assert gallery.text("status") == "Pick at least 2 (up to 5) — 1 picked"
    gallery.press("Download selection")
    gallery.wait_notice("Not yet: this gallery asks for at least 2 picks and you have 1.")
    gallery.pick(C)
    assert gallery.text("status") == "Pick at least 2 (up to 5) — 2 picked — ready to send"

    gallery.press(f"Add a note on {A}")
    note = engine.script("return document.querySelector('textarea.tray-note')")
    until(lambda: engine.script("return document.activeElement === arguments[0]", note), "the note field did not take the focus")
    note.send_keys("black and white please")
    name = engine.script("return document.getElementById('by')")
    gallery.click(name)
    name.send_keys("Ben Jones")
    gallery.reload()
    until(lambda: engine.script("const n = document.querySelector('textarea.tray-note'); return n && n.value") == "black and white please",
          "the note did not come back after a reload")
    assert engine.script("return document.getElementById('by').value") == "Ben Jones"

    _, data = gallery.export()
    order = json.loads(data)
    assert order["minimum"] == 2 and order["by"] == "Ben Jones"
    assert [(p["name"], p.get("note")) for p in order["picks"]] == [(A, "black and white please"), (C, None)]

    # Into a fresh page (storage cleared): the picks come back with their note and the name.
    path = tmp_path / "order.json"
    path.write_bytes(data)
    gallery.open(engine.script("return location.href"), fresh=True)
    assert gallery.state()["tray"] == []
    gallery.import_file(path)
    assert "Picked by Ben Jones." in gallery.wait_notice("Imported 2 picks")
    assert gallery.state()["tray"] == [A, C]
    assert engine.script("return document.querySelector('textarea.tray-note').value") == "black and white please"
    assert engine.script("return document.getElementById('by').value") == "Ben Jones"

    engine.script(RECORD_MAIL)
    gallery.press("Send to Anna Smith")
    until(lambda: len(engine.script(MAILS)) == 1, "Send opened no mail")
    url = engine.script(MAILS)[0]
    parts = urlsplit(url)
    assert parts.scheme == "mailto" and parts.path == "anna@example.com"
    query = parse_qs(parts.query)
    title = trip.manifest["title"]
    assert query["subject"] == [f"{title} — 2 picks from Ben Jones"]
    assert query["body"] == ["\r\n".join([
        "Hello Anna Smith,", "", f"Here are my 2 picks from {title}, in order.", "",
        f"1. {trip.photo(A)['path']}", "   Note: black and white please", f"2. {trip.photo(C)['path']}",
        "", "Thank you,", "Ben Jones", "", f"# {title} — 2 picks — gallery {trip.gallery}", "# By: Ben Jones", ""])]
