"""Issue 13's Send in Chromium: a mail to the contact (wrapped at 72 columns as a mail
program wraps it, or a file in two steps when the list is too long for a mail link), and
the share sheet where files can be shared, each read back by `collect`."""

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import helpers
from helpers import Gallery
from round_trip import RECORD_MAIL, gallery_binary, listed, note_on, trip  # noqa: F401 (trip: the fixture)

A, B, C, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "Crème brûlée.jpg"


def mail_of(page, gallery):
    page.evaluate(RECORD_MAIL)
    gallery.button("Send to Anna Smith").click()
    page.wait_for_function("() => window.__mail.length > 0")
    return page.evaluate("() => window.__mail")


def test_send_opens_a_mail_to_the_contact_with_the_list_collect_reads_as_pasted(page, trip, tmp_path):
    gallery = Gallery(page, trip).open()
    gallery.pick(C, A, E)
    note_on(page, A, "black and white please\ncrop tighter")
    page.get_by_label("Your name").fill("Ben Jones")
    page.get_by_label("A note on the whole selection").fill("For the album,\nthanks!")
    [url] = mail_of(page, gallery)
    gallery.wait_notice("Opened a mail to Anna Smith with your 3 picks")
    parts = urlsplit(url)
    assert parts.scheme == "mailto" and parts.path == "anna@example.com"
    assert len(url) <= 1800
    query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
    assert set(query) == {"subject", "body"}
    title = trip.manifest["title"]
    assert query["subject"] == f"{title} — 3 picks from Ben Jones"
    body = query["body"]
    path = lambda name: trip.photo(name)["path"]
    # A mail for a person, CRLF line ends (RFC 6068); the machine line at the bottom.
    assert body == "\r\n".join([
        "Hello Anna Smith,", "", f"Here are my 3 picks from {title}, in order.", "", "Note: For the album, thanks!", "",
        f"1. {path(C)}", f"2. {path(A)}", "   Note: black and white please", "   Note: crop tighter", f"3. {path(E)}",
        "", "Thank you,", "Ben Jones", "", f"# {title} — 3 picks — gallery {trip.gallery}", "# By: Ben Jones", ""])

    # collect reads the body as pasted, and as quoted in a reply.
    expected = (
        "order,name,path,album,note,by\r\n"
        f"1,{C},{path(C)},{trip.photo(C)['album']},,Ben Jones\r\n"
        f"2,{A},{path(A)},{trip.photo(A)['album']},\"black and white please\ncrop tighter\",Ben Jones\r\n"
        f"3,{E},{path(E)},{trip.photo(E)['album']},,Ben Jones\r\n")
    pasted = tmp_path / "pasted.txt"
    quoted = tmp_path / "quoted.txt"
    pasted.write_bytes(body.encode("utf-8"))
    quoted.write_bytes(("On Friday Ben wrote:\r\n" + "".join("> " + line + "\r\n" for line in body.split("\r\n"))).encode("utf-8"))
    for order in (pasted, quoted):
        assert listed("collect", order, "--library", trip.library, "--list", "csv") == expected, order.name
    result = helpers.run(gallery_binary(), "collect", quoted, "--library", trip.library, "--output", tmp_path / "Prints")
    notes = (tmp_path / "Prints" / "notes.txt").read_text(encoding="utf-8")
    assert "Ben Jones" in notes and "black and white please\n   crop tighter" in notes, notes
    assert "For the album, thanks!" in notes, notes


def wrapped(body, width=72, quote=""):
    """The body as a mail program sends it: each line hard-wrapped at `width` columns (a
    real wrapper, Python's textwrap), then quoted in a reply when `quote` is given."""
    import textwrap
    lines = []
    for line in body.split("\r\n"):
        lines += textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [""]
    return "".join(quote + line + "\r\n" for line in lines)


def test_the_page_mail_wrapped_at_72_columns_is_collected_as_sent(page, trip, tmp_path):
    gallery = Gallery(page, trip).open()
    gallery.pick(C, A, E)
    # A note the wrap cuts so that a photo of the gallery, not picked, starts a line.
    lead = "black and white please, and crop it as tight as"
    while len("   Note: " + lead + " the") <= 70:
        lead += " the"
    note = lead + " " + B + "."
    note_on(page, A, note)
    page.get_by_label("Your name").fill("Ben Jones")
    selection = "For the album, and the prints by Friday if you can; " * 3
    page.get_by_label("A note on the whole selection").fill(selection)
    [url] = mail_of(page, gallery)
    body = parse_qs(urlsplit(url).query, keep_blank_values=True)["body"][0]
    path = lambda name: trip.photo(name)["path"]
    expected = (
        "order,name,path,album,note,by\r\n"
        f"1,{C},{path(C)},{trip.photo(C)['album']},,Ben Jones\r\n"
        f"2,{A},{path(A)},{trip.photo(A)['album']},\"{note}\",Ben Jones\r\n"
        f"3,{E},{path(E)},{trip.photo(E)['album']},,Ben Jones\r\n")
    for name, text in (("wrapped.txt", wrapped(body)), ("quoted.txt", wrapped(body, quote="> ")),
                       ("rewrapped.txt", wrapped(wrapped(body, quote="> ")))):
        # The test's premise: the wrap put the photo's name at the start of a line.
        assert any(line.lstrip("> ") == B + "." for line in text.split("\r\n")), text
        order = tmp_path / name
        order.write_bytes(text.encode("utf-8"))
        assert listed("collect", order, "--library", trip.library, "--list", "csv") == expected, name
        result = helpers.run(gallery_binary(), "collect", order, "--library", trip.library, "--output", tmp_path / name.replace(".txt", ""))
        # The one word: the line that names a photo was read as the note's, and said so.
        assert result.stderr.count("\n") == 1 and f'"{B}." is read as the rest of the note above it' in result.stderr, result.stderr
        notes = (tmp_path / name.replace(".txt", "") / "notes.txt").read_text(encoding="utf-8")
        assert selection.strip() in notes and note in notes, notes

    # The page reads the wrapped mail back too: the same picks, the note whole.
    page.recorder.answer = True
    gallery.import_file(tmp_path / "quoted.txt")
    gallery.wait_notice("Imported 3 picks")
    assert gallery.state()["tray"] == [C, A, E]
    assert page.locator("textarea.tray-note").input_value() == note
    assert page.get_by_label("A note on the whole selection").input_value() == selection.strip()


def test_a_list_too_long_for_a_mail_link_is_sent_as_a_file_in_two_steps(page, trip):
    gallery = Gallery(page, trip).open()
    gallery.pick(A, B)
    note_on(page, A, "a long note " * 150)
    page.evaluate(RECORD_MAIL)
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    gallery.button("Send to Anna Smith").click()
    # First the page says so, and nothing is downloaded or opened yet.
    notice = gallery.wait_notice("too many for a mail link")
    assert notice == ("Your 2 picks are too many for a mail link. Send them as a file: first save it, then open the mail to "
                      "Anna Smith and attach it.")
    steps = page.locator("#send-steps")
    assert steps.is_visible()
    assert page.evaluate("() => window.__mail") == [] and downloads == []
    assert page.get_by_role("button", name="Open the mail and attach the file").is_disabled()
    # Step 1: the file.
    with page.expect_download() as info:
        page.get_by_role("button", name="Save the list as a file").click()
    assert info.value.suggested_filename == "library – 2 picks.json"
    order = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert [p["name"] for p in order["picks"]] == [A, B]
    gallery.wait_notice("Saved “library – 2 picks.json”. Now open the mail to Anna Smith and attach “library – 2 picks.json” to it.")
    assert page.evaluate("() => window.__mail") == []
    # Step 2: the mail, which says the picks are in the file.
    page.get_by_role("button", name="Open the mail and attach the file").click()
    page.wait_for_function("() => window.__mail.length > 0")
    [url] = page.evaluate("() => window.__mail")
    assert len(url) <= 1800
    body = parse_qs(urlsplit(url).query)["body"][0]
    assert body.startswith("Hello Anna Smith,\r\n\r\nMy 2 picks from ") and "in the attached file, library – 2 picks.json." in body
    assert "a long note" not in body and body.endswith(f"— 2 picks — gallery {trip.gallery}\r\n")
    assert steps.is_hidden()
    gallery.wait_notice("Opened a mail to Anna Smith (anna@example.com): attach “library – 2 picks.json”")


def test_send_shares_the_order_file_where_the_browser_can_share_files(page, trip):
    # Only the browser's API is stood in for (headless has no share sheet): it says files
    # can be shared and records what it is given; the page's code is the real one.
    page.add_init_script("""
      window.__shared = [];
      navigator.canShare = (data) => !!(data && data.files && data.files.length === 1 && data.files[0] instanceof File);
      navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
    """)
    gallery = Gallery(page, trip).open()
    gallery.pick(B, A)
    note_on(page, B, "warmer")
    page.evaluate(RECORD_MAIL)
    gallery.button("Send to Anna Smith").click()
    gallery.wait_notice("Shared “library – 2 picks.json” with 2 picks")
    shared = page.evaluate("""async () => { const d = window.__shared[0];
      return { count: window.__shared.length, names: d.files.map(f => f.name), type: d.files[0].type, title: d.title, text: await d.files[0].text() }; }""")
    assert shared["count"] == 1 and shared["names"] == ["library – 2 picks.json"] and shared["type"] == "application/json"
    assert shared["title"] == f"{trip.manifest['title']} — 2 picks"
    order = json.loads(shared["text"])
    assert [(p["name"], p.get("note")) for p in order["picks"]] == [(B, "warmer"), (A, None)]
    assert order["minimum"] == 2
    assert page.evaluate("() => window.__mail") == []
