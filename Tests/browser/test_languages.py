"""Issue 29's `build --lang`: a German, French and Spanish page shows its own words — no
English left in the visible text of its main views (scanned against the English table) —
its dates and numbers in the language's form, its statuses and the limit's refusal
translated; and the mail it writes in each language is still read by `proofsheet collect`,
pasted or quoted. Chromium runs every language; Firefox and WebKit one each."""

import json
import re
import subprocess
from urllib.parse import parse_qs, urlsplit

import pytest

import helpers
from engines import INTO_VIEW, SPACE, DriverGallery, until
from helpers import Gallery

A, B, C, D, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg", "Crème brûlée.jpg"
WORDS = helpers.TEMPLATES / "words"
RECORD_MAIL = """() => { window.__mail = [];
  document.addEventListener('click', e => { const a = e.target.closest && e.target.closest('a[href^="mailto:"]');
    if (a) { window.__mail.push(a.href); e.preventDefault(); } }, true); }"""

# What a reader of each language sees: the status with one and with three of three
# picked, the refusal beside a fourth, the one primary, Send, the date of IMG_0101
# (2026-07-12 10:00) on its photo, its size in the viewer (2000 × 1500 px, its file's KB), and the mail's
# greeting, first sentence and sign-off.
EXPECTED = {
    "de": {
        "one": "1 von 3 ausgewählt", "full": "3 von 3 ausgewählt — Höchstzahl erreicht",
        "refusal": "3 von 3 ausgewählt — Höchstzahl erreicht. Wählen Sie zuerst ein Foto ab.",
        "review": "Prüfen & an Anna Smith senden", "send": "An Anna Smith senden", "date": r"^12\. Juli 2026(,| um) 10:00$",
        "size": "2.000 × 1.500 px, {} KB", "more": "Mehr", "note": "Notiz zu {}", "add_note": "Notiz zu {} hinzufügen",
        "name": "Ihr Name", "selection": "Eine Notiz zur ganzen Auswahl",
        "mail": ["Hallo Anna Smith,", "hier sind meine 3 ausgewählten Fotos aus {}, in meiner Reihenfolge.", "Vielen Dank und viele Grüße"],
        "subject": "{} — 3 Fotos von Ben Jones", "opened": "Eine Mail an Anna Smith mit Ihren 3 Fotos ist geöffnet.",
    },
    "fr": {
        "one": "1 choisie sur 3", "full": "3 choisies sur 3 — limite atteinte",
        "refusal": "Limite de 3 atteinte. Retirez d’abord une photo de votre sélection.",
        "review": "Vérifier et envoyer à Anna Smith", "send": "Envoyer à Anna Smith", "date": r"^12 juil\. 2026(,| à) 10:00$",
        "size": "2\u202f000 × 1\u202f500 px, {} Ko", "more": "Plus", "note": "Remarque sur {}", "add_note": "Ajouter une remarque sur {}",
        "name": "Votre nom", "selection": "Un mot sur l’ensemble de la sélection",
        "mail": ["Bonjour Anna Smith,", "Voici les 3 photos que j’ai choisies dans {}, dans l’ordre.", "Merci et à bientôt,"],
        "subject": "{} — 3 photos de Ben Jones", "opened": "Un courriel à Anna Smith avec vos 3 photos est ouvert.",
    },
    "es": {
        "one": "1 de 3 elegida", "full": "3 de 3 elegidas — límite alcanzado",
        "refusal": "3 de 3 elegidas: límite alcanzado. Quita una primero.",
        "review": "Revisar y enviar a Anna Smith", "send": "Enviar a Anna Smith", "date": r"^12 jul 2026,? 10:00$",
        "size": "2000 × 1500 px, {} KB", "more": "Más", "note": "Nota sobre {}", "add_note": "Añadir una nota sobre {}",
        "name": "Tu nombre", "selection": "Una nota sobre toda la selección",
        "mail": ["Hola, Anna Smith:", "Estas son las 3 fotos que he elegido de {}, en orden.", "Muchas gracias,"],
        "subject": "{} — 3 fotos de Ben Jones", "opened": "Se abrió un correo a Anna Smith con tus 3 fotos.",
    },
}


@pytest.fixture(scope="module")
def sites(binary, demo, workdir):
    """The demo library built once per language, limit 3, with a contact (inside the
    workdir the HTTP server serves)."""
    from conftest import Site

    built = {}
    for lang in EXPECTED:
        root = workdir / f"lang-{lang}"
        if not (root / "Site" / "index.html").exists():
            helpers.build_site(binary, demo.library, root / "Site", limit=3, extra=(
                "--lang", lang, "--contact", "anna@example.com", "--contact-name", "Anna Smith"))
        built[lang] = Site(root / "Site", demo.library)
    return built


def table(lang):
    return json.loads((WORDS / f"{lang}.json").read_text(encoding="utf-8"))


def texts(value):
    return [value] if isinstance(value, str) else list(value.values())


def english_left(text, lang):
    """The English table's words found in `text`: each word's text between its
    placeholders, a phrase as it is, a single word (four letters or more) as a whole word;
    words the language writes the same (Album, Details, CSV) are not counted."""
    own = [t for value in table(lang).values() for t in texts(value)]
    found = set()
    for value in table("en").values():
        for english in texts(value):
            for fragment in re.split(r"\{\w+\}", english):
                fragment = fragment.strip(" .,:;…()—–-‹›✎?“”'")
                if len(re.sub(r"[^A-Za-z]", "", fragment)) < 4 or any(fragment in mine for mine in own):
                    continue
                pattern = re.escape(fragment) if " " in fragment else r"\b" + re.escape(fragment) + r"\b"
                if re.search(pattern, text):
                    found.add(fragment)
    return found


VISIBLE_TEXT = "() => document.body.innerText"


def without_library(text, site):
    """The text less what came from the library (the demo's photos are described in English)."""
    for photo in site.photos:
        for key in ("description", "name", "path", "album", "camera", "lens"):
            if isinstance(photo.get(key), str) and photo[key]:
                text = text.replace(photo[key], " ")
    return text


@pytest.mark.parametrize("lang", list(EXPECTED))
def test_the_page_speaks_its_language_in_every_main_view(page, sites, lang):
    site, expect = sites[lang], EXPECTED[lang]
    gallery = Gallery(page, site).open()
    assert page.evaluate("() => document.documentElement.lang") == lang
    seen = [page.evaluate(VISIBLE_TEXT)]
    gallery.to_photos()
    gallery.pick(A)
    gallery.wait_status(expect["one"])
    gallery.pick(B, C)
    gallery.wait_status(expect["full"])
    # The date on the photo (shown on hover and focus) in the language's form.
    date = gallery.cell(A).locator("time.date").text_content()
    assert re.match(expect["date"], date), date
    # The limit's refusal, beside the photo: Space on its box, which cannot be picked.
    gallery.box(D).focus()
    page.keyboard.press("Space")
    assert gallery.wait_refusal(expect["refusal"]) == expect["refusal"]
    assert page.locator("#review").text_content() == expect["review"]
    seen.append(page.evaluate(VISIBLE_TEXT))
    page.get_by_role("button", name=expect["more"], exact=True).click()
    seen.append(page.evaluate(VISIBLE_TEXT))
    page.keyboard.press("Escape")
    page.locator("#review").click()
    page.wait_for_selector("#review-sheet[open]")
    assert page.locator("#send").text_content() == expect["send"]
    seen.append(page.evaluate(VISIBLE_TEXT))
    page.locator("#review-close").click()
    gallery.view(A)
    page.locator("#viewer-details summary").click()
    rows = page.evaluate("() => Array.from(document.querySelectorAll('#viewer-exif dt')).map(dt => [dt.textContent, dt.nextElementSibling.textContent])")
    # The demo's file size, under 1000 KB: no digit grouping to write.
    assert dict(rows)[table(lang)["viewer.size"]] == expect["size"].format(round(site.by_name[A]["bytes"] / 1024)), rows
    seen.append(page.evaluate(VISIBLE_TEXT))
    left = english_left(without_library("\n".join(seen), site), lang)
    assert not left, f"English left on the {lang} page: {sorted(left)}"


# What a reader hears as well as sees: the visible text, and the names and hints of what
# is on screen (aria-label, title, placeholder) — the filmstrip's thumbnails, the sheet's
# ← → ✕ and the header's search button are named only so.
SPOKEN_TEXT = """() => [document.body.innerText].concat(Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))
  .filter(e => e.getClientRects().length > 0)
  .flatMap(e => ['aria-label', 'title', 'placeholder'].map(a => e.getAttribute(a) || ''))).join('\\n')"""


def test_the_phone_bar_header_sheet_and_viewer_speak_german(chromium, sites):
    """On a phone: the bar, the header's open controls, the review sheet's editing buttons
    and the viewer with its filmstrip, seen and named in German."""
    site, words = sites["de"], table("de")
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        gallery = Gallery(page, site).open().to_photos()
        bar = page.locator("#picks-bar")
        assert bar.text_content() == words["bar.pickUpTo"].replace("{n}", "3")
        seen = [page.evaluate(SPOKEN_TEXT)]
        gallery.pick(A, B)
        page.wait_for_function("t => document.getElementById('picks-bar').textContent.startsWith(t)", arg="2 von 3 ausgewählt")
        assert bar.text_content() == "2 von 3 ausgewählt · Prüfen ›"
        page.locator("#find-toggle").click()
        page.wait_for_selector("#top.find-open")
        assert page.locator("#find-toggle").get_attribute("aria-label") == words["header.toggle"]
        seen.append(page.evaluate(SPOKEN_TEXT))
        page.locator("#find-toggle").click()
        bar.click()
        page.wait_for_selector("#review-sheet[open]")
        later = page.get_by_role("button", name=words["review.later"].replace("{name}", A), exact=True)
        assert later.is_visible()
        page.get_by_role("button", name=words["note.addOn"].replace("{name}", B), exact=True).click()
        page.wait_for_selector("#review-list textarea.review-note")
        seen.append(page.evaluate(SPOKEN_TEXT))
        page.locator("#review-close").click()
        gallery.view(C)
        page.wait_for_selector("#viewer-strip li")
        hint = page.locator("#viewer-note-hint")
        assert hint.is_visible() and hint.text_content() == words["viewer.noteHint"]
        assert page.locator("#viewer-strip").get_attribute("aria-label") == words["strip.label"]
        seen.append(page.evaluate(SPOKEN_TEXT))
        page.locator("#viewer-pick-button").click()
        page.wait_for_function("t => document.getElementById('viewer-pick-label').textContent === t", arg="Ausgewählt · 3")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("t => document.getElementById('viewer-pick-label').textContent === t", arg=words["viewer.limitReached"])
        seen.append(page.evaluate(SPOKEN_TEXT))
        picked = page.evaluate("() => Array.from(document.querySelectorAll('#viewer-strip button.picked')).map(b => b.getAttribute('aria-label'))")
        assert f"{A}, Auswahl 1" in picked, picked
        left = english_left(without_library("\n".join(seen), site), "de")
        assert not left, f"English left on the German phone page: {sorted(left)}"
        assert errors == []
    finally:
        context.close()


def test_the_english_scan_finds_english(page, demo):
    """The scan's premise: on the English page it finds the English words."""
    gallery = Gallery(page, demo).open()
    gallery.to_photos()
    gallery.pick(A)
    found = english_left(page.evaluate(VISIBLE_TEXT), "de")
    assert {"Your picks", "Review", "More", "picked", "Made with"} <= found, found


def collect_csv(binary, order, library):
    result = subprocess.run([str(binary), "collect", str(order), "--library", str(library), "--list", "csv"],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=600)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout.decode("utf-8")


@pytest.mark.parametrize("lang", list(EXPECTED))
def test_the_mail_in_each_language_is_read_by_collect(page, binary, sites, lang, tmp_path):
    site, expect = sites[lang], EXPECTED[lang]
    gallery = Gallery(page, site).open()
    gallery.pick(C, A, E)
    page.get_by_role("button", name=expect["add_note"].format(A), exact=True).click()
    page.get_by_role("textbox", name=expect["note"].format(A), exact=True).fill("schwarz-weiß, s’il vous plaît\nrecortar")
    page.get_by_label(expect["name"]).fill("Ben Jones")
    page.get_by_label(expect["selection"]).fill("Für das Album")
    page.evaluate(RECORD_MAIL)
    gallery.button(expect["send"]).click()
    page.wait_for_function("() => window.__mail.length > 0")
    [url] = page.evaluate("() => window.__mail")
    gallery.wait_notice(expect["opened"])
    query = {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}
    title = site.manifest["title"]
    assert query["subject"] == expect["subject"].format(title)
    body = query["body"]
    path = lambda name: site.photo(name)["path"]
    greeting, intro, thanks = expect["mail"]
    # The words in the language; the machine parts as collect reads them in every language.
    assert body == "\r\n".join([
        greeting, "", intro.format(title), "", "Note: Für das Album", "",
        f"1. {path(C)}", f"2. {path(A)}", "   Note: schwarz-weiß, s’il vous plaît", "   Note: recortar", f"3. {path(E)}",
        "", thanks, "Ben Jones", "", f"# {title} — 3 picks — gallery {site.gallery}", "# By: Ben Jones", ""])

    expected = (
        "order,name,path,album,note,by\r\n"
        f"1,{C},{path(C)},{site.photo(C)['album']},,Ben Jones\r\n"
        f"2,{A},{path(A)},{site.photo(A)['album']},\"schwarz-weiß, s’il vous plaît\nrecortar\",Ben Jones\r\n"
        f"3,{E},{path(E)},{site.photo(E)['album']},,Ben Jones\r\n")
    pasted, quoted = tmp_path / "pasted.txt", tmp_path / "quoted.txt"
    pasted.write_bytes(body.encode("utf-8"))
    quoted.write_bytes(("Ben a écrit :\r\n" + "".join("> " + line + "\r\n" for line in body.split("\r\n"))).encode("utf-8"))
    for order in (pasted, quoted):
        assert collect_csv(binary, order, site.library) == expected, order.name
    result = helpers.run(binary, "collect", quoted, "--library", site.library, "--output", tmp_path / "Prints")
    assert sorted(p.name for p in (tmp_path / "Prints").iterdir() if p.name[0].isdigit()) == [f"1-{C}", f"2-{A}", f"3-{E}"], result.stdout
    notes = (tmp_path / "Prints" / "notes.txt").read_text(encoding="utf-8")
    assert "Für das Album" in notes and "recortar" in notes, notes


@pytest.mark.parametrize("engine_name, lang", [("firefox", "fr"), ("webkit", "de"), ("webkit", "es")])
def test_statuses_refusal_and_dates_in_firefox_and_webkit(request, sites, engine_name, lang):
    site, expect = sites[lang], EXPECTED[lang]
    engine = request.getfixturevalue(f"{engine_name}_engine")
    gallery = DriverGallery(engine, site).open(site.url)
    assert engine.script("return document.documentElement.lang") == lang
    gallery.pick(A)
    until(lambda: gallery.text("status") == expect["one"], f"status {gallery.text('status')!r}")
    gallery.pick(B, C)
    until(lambda: gallery.text("status") == expect["full"], f"status {gallery.text('status')!r}")
    box = gallery.box(D)
    assert engine.async_script(INTO_VIEW, box)
    engine.script("arguments[0].focus()", box)
    engine.keys(SPACE)
    assert gallery.wait_refusal(expect["refusal"]) == expect["refusal"]
    date = engine.script("""return Array.from(document.querySelectorAll('#gallery li.photo'))
      .find(li => li.querySelector('.name').textContent === arguments[0]).querySelector('time.date').textContent""", A)
    assert re.match(expect["date"], date), date
    assert engine.script("return document.getElementById('review').textContent") == expect["review"]
    left = english_left(without_library(engine.script("return document.body.innerText"), site), lang)
    assert not left, f"English left on the {lang} page in {engine_name}: {sorted(left)}"


@pytest.mark.parametrize("lang", list(EXPECTED))
def test_axe_finds_nothing_serious_on_the_translated_page(chromium, sites, lang):
    """Longer words must not cost the page its accessibility: axe on the page with picks
    and in the open review sheet, at a computer's width and a phone's."""
    from test_accessibility import serious

    for viewport in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        context = chromium.new_context(viewport=viewport)
        try:
            page = context.new_page()
            gallery = Gallery(page, sites[lang]).open()
            gallery.pick(A, B)
            assert serious(page) == [], viewport
            # On a phone the sheet opens from the bar (the tray's Review is not shown there).
            page.locator("#review" if viewport["width"] > 700 else "#picks-bar").click()
            page.wait_for_selector("#review-sheet[open]")
            assert serious(page) == [], viewport
        finally:
            context.close()
