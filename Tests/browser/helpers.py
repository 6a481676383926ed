"""Test helpers: libraries made on the fly, JPEG EXIF splicing, page waits.

Nothing binary is committed: photos come from `proofsheet demo` and are copied or
hard-linked under new names; EXIF is spliced into copies here in pure Python.
"""

import os
import shutil
import struct
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TEMPLATES = REPO / "Templates"
HOSTILE_NAME = '"><img src=x onerror=alert(1)>.jpg'
HOSTILE_DESCRIPTION = "</script><script>alert(1)</script>"


def proofsheet_binary():
    """The binary under test: $PROOFSHEET_BIN, else the release build `make test` makes."""
    configured = os.environ.get("PROOFSHEET_BIN")
    binary = Path(configured) if configured else REPO / ".build" / "release" / "proofsheet"
    if not binary.is_file():
        subprocess.run(["swift", "build", "-c", "release"], cwd=REPO, check=True)
    return binary.resolve()


def run(binary, *args, check=True):
    """Runs proofsheet; returns the CompletedProcess (text)."""
    result = subprocess.run(
        [str(binary), *map(str, args)], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600
    )
    if check and result.returncode != 0:
        raise AssertionError(f"proofsheet {' '.join(map(str, args))} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def build_site(binary, library, output, limit=3, title=None, extra=()):
    args = ["build", library, "--output", output, "--limit", limit, "--templates", TEMPLATES, "--quiet", *extra]
    if title is not None:
        args += ["--title", title]
    run(binary, *args)
    return Path(output) / "index.html"


# --- JPEG and EXIF ---------------------------------------------------------------------


def jpeg_segments(data):
    """Splits a JPEG into (marker, payload) up to SOS; returns (segments, rest from SOS)."""
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    at = 2
    segments = []
    while at < len(data):
        assert data[at] == 0xFF, f"bad marker at {at}"
        marker = data[at + 1]
        if marker == 0xDA:  # start of scan: the rest is entropy-coded data
            return segments, data[at:]
        length = struct.unpack(">H", data[at + 2 : at + 4])[0]
        segments.append((marker, data[at + 4 : at + 2 + length]))
        at += 2 + length
    raise AssertionError("no SOS in JPEG")


def exif_app1(description):
    """An APP1 Exif payload whose IFD0 holds only ImageDescription (ASCII, NUL-ended)."""
    text = description.encode("utf-8") + b"\x00"
    # TIFF header (big-endian), IFD0 at offset 8 with one entry, then the string.
    entry_count = 1
    ifd_size = 2 + 12 * entry_count + 4
    value_offset = 8 + ifd_size
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8)
    tiff += struct.pack(">H", entry_count)
    if len(text) <= 4:
        tiff += struct.pack(">HHI", 0x010E, 2, len(text)) + text.ljust(4, b"\x00")
        tiff += struct.pack(">I", 0)
    else:
        tiff += struct.pack(">HHII", 0x010E, 2, len(text), value_offset)
        tiff += struct.pack(">I", 0)
        tiff += text
    return b"Exif\x00\x00" + tiff


def with_exif_description(jpeg, description):
    """The JPEG with its Exif APP1 replaced by one holding `description`."""
    segments, rest = jpeg_segments(jpeg)
    kept = [(m, p) for m, p in segments if not (m == 0xE1 and p.startswith(b"Exif\x00\x00"))]
    payload = exif_app1(description)
    out = bytearray(b"\xff\xd8")
    inserted = False
    for marker, body in kept:
        out += bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body
        if marker == 0xE0 and not inserted:  # after JFIF's APP0, which must come first
            out += b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
            inserted = True
    if not inserted:
        out = bytearray(b"\xff\xd8\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload) + out[2:]
    return bytes(out) + rest


def copy_library(source, target, only=None):
    """Copies a library (optionally some relative paths only), keeping modification times."""
    target = Path(target)
    for path in sorted(Path(source).rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(source)
        if only is not None and str(relative) not in only:
            continue
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / relative)
    return target


# --- the page, as a person sees it (Playwright) ----------------------------------------

STATE_JS = """() => {
  const text = (el) => el ? el.textContent : null;
  const cells = Array.from(document.querySelectorAll('#gallery li.photo'));
  const name = (li) => li.querySelector('.name').textContent;
  const badge = (li) => { const b = li.querySelector('.badge'); return b ? b.textContent : ''; };
  return {
    status: text(document.getElementById('status')),
    notice: text(document.getElementById('notice')),
    // A refused pick's message, beside its photo (null before any; '' once it has gone).
    refusal: text(document.getElementById('refusal')),
    refusalBeside: (() => { const r = document.getElementById('refusal'); const li = r && !r.hidden && r.closest('li.photo'); return li ? name(li) : null; })(),
    badges: Object.fromEntries(cells.filter(li => badge(li)).map(li => [name(li), badge(li)])),
    checked: cells.filter(li => li.querySelector('input').checked).map(name),
    // Boxes that cannot be picked now: aria-disabled (they stay focusable), or disabled.
    disabled: cells.filter(li => { const b = li.querySelector('input'); return b.disabled || b.getAttribute('aria-disabled') === 'true'; }).map(name),
    tray: Array.from(document.querySelectorAll('#tray-list .tray-name')).map(n => n.textContent),
    trayNumbers: Array.from(document.querySelectorAll('#tray-list .tray-order')).map(n => n.textContent),
    visible: cells.filter(li => li.offsetParent !== null).map(name),
  };
}"""

# File names as they are shown, in the grid's cells and in the tray: for each, its lines
# (the box's height in its line height), its parts split across two lines (a part: a text
# node between the <wbr>s the page puts after "_", "-", a space and before the extension),
# and its tooltip.
NAMES_JS = """() => {
  const lines = (el) => Math.round(100 * el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)) / 100;
  const range = document.createRange();
  const split = (el) => Array.from(el.childNodes).filter(n => n.nodeType === Node.TEXT_NODE).filter(n => {
    range.selectNodeContents(n);
    return new Set(Array.from(range.getClientRects()).filter(r => r.width > 0.5).map(r => Math.round(r.top))).size > 1;
  }).map(n => n.textContent);
  const grid = Array.from(document.querySelectorAll('#grid li.photo:not(.loading)')).map(li => {
    const name = li.querySelector('.name');
    return {name: name.textContent, lines: lines(name), split: split(name), title: name.title,
            label: li.querySelector('label.pick').textContent.trim()};
  });
  const listed = (selector) => Array.from(document.querySelectorAll(selector)).map(name => (
    {name: name.textContent, lines: lines(name), split: split(name), title: name.title,
     hidden: name.scrollHeight > name.clientHeight + 1}));
  return {grid, tray: listed('#tray-list .tray-name'), review: listed('#review-list .review-name')};
}"""

# Names a narrow column has to cope with: short ones that fit a line anywhere, a phone's,
# one with spaces, one that is a single long part, CJK and emoji. `shows_names` checks them.
SHORT_NAMES = ["IMG_0101.jpg", "water.jpg", "DSCF2005.jpg"]
LONG_NAMES = ["IMG_20190704_183512_HDR.jpg", "2026-06-01 Anna and Ben ceremony first kiss under the arch.jpg",
              "DSC_00000000000000000123456789.JPG", "婚礼仪式新郎新娘第一次接吻照片.jpg", "🎉🎂🥂 party 🎈.jpg"]
# Their parts all fit a line: where they wrap, it is between parts.
PARTED_NAMES = ["IMG_20190704_183512_HDR.jpg", "2026-06-01 Anna and Ben ceremony first kiss under the arch.jpg"]


def check_names(shown, tray_lines, picks="tray"):
    """What NAMES_JS found, held to what a person expects: in the grid (the caption over
    the photo, issue 29) every name on one line, ellipsized, never split; in the tray (or,
    on a phone, where the picks are listed, the review sheet: picks="review") a short name
    on one line, a long one in at most `tray_lines`, never split inside a part that fits a
    line; its tooltip the whole name, and the checkbox's name the name."""
    names = SHORT_NAMES + LONG_NAMES
    grid = {c["name"]: c for c in shown["grid"] if c["name"] in names}
    tray = {t["name"]: t for t in shown[picks]}
    assert sorted(grid) == sorted(names) and sorted(tray) == sorted(names), shown
    for name in SHORT_NAMES:
        assert round(tray[name]["lines"]) == 1 and not tray[name]["hidden"], tray[name]
    for name in names:
        assert round(grid[name]["lines"]) == 1 and grid[name]["split"] == [], grid[name]
        assert 1 <= round(tray[name]["lines"]) <= tray_lines, tray[name]
        assert grid[name]["title"] == name and grid[name]["label"] == name, grid[name]
        assert tray[name]["title"].endswith("/" + name), tray[name]
    for name in PARTED_NAMES:
        assert grid[name]["split"] == [], grid[name]
        assert tray[name]["split"] == [], tray[name]


# Every cell drawn with its photo holds one photo's parts, the photo the manifest has under
# its name (the grid fills cells that left the screen again for the photos coming onto it):
# its id, the box's value and state, the link's name, the thumbnail, the badge. Takes
# [{name: [id, thumb src]}, the picked names in order]; returns what disagrees.
CELLS_AGREE_JS = """([photos, picked]) => {
  const wrong = [];
  for (const li of document.querySelectorAll('#grid li.photo:not(.loading)')) {
    const name = li.querySelector('.name').textContent;
    const photo = photos[name];
    const box = li.querySelector('input[name=pick]');
    const img = li.querySelector('a.open img');
    const badge = li.querySelector('.badge');
    const number = picked.indexOf(name) + 1;
    const parts = photo && [li.id === 'p-' + photo[0], box.value === photo[0], img.getAttribute('src') === photo[1],
      li.querySelector('a.open').getAttribute('aria-label') === 'View ' + name, box.checked === number > 0,
      (badge ? badge.textContent : '') === (number ? String(number) : ''), li.classList.contains('picked') === number > 0];
    if (!photo || parts.indexOf(false) >= 0) wrong.push(name + ': ' + JSON.stringify(parts));
  }
  return wrong;
}"""


def cells_agree_arguments(site, picked=()):
    return [{p["name"]: [p["id"], p["thumb"]["src"]] for p in site.photos}, list(picked)]


# Scrolls the cell of the photo named `n` onto the screen when it is drawn in the margin
# above or below it; false when no cell of that name is drawn.
BRING_ON_SCREEN_JS = """n => {
  const box = Array.from(document.querySelectorAll('#gallery li.photo input[name=pick]'))
    .find(b => b.closest('li').querySelector('.name').textContent === n);
  if (!box) return false;
  const cell = box.closest('li'), r = cell.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= window.innerHeight) cell.scrollIntoView({ block: 'center' });
  return true;
}"""


class Gallery:
    """The generated page in Playwright, driven through its real controls."""

    def __init__(self, page, site):
        self.page = page
        self.site = site

    def open(self, url=None):
        self.page.goto(url or self.site.url)
        self.page.wait_for_selector("html[data-ready='true']", state="attached")
        return self

    def reload(self):
        self.page.reload()
        self.page.wait_for_selector("html[data-ready='true']", state="attached")

    def to_photos(self):
        """Past the cover, where its "View the photos" leads: the header and the first photos."""
        self.page.evaluate("() => document.getElementById('photos').scrollIntoView()")
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return self

    def find(self, name):
        """Scrolls, as a person would, until the photo's cell is drawn (the grid draws only
        the rows near the screen): down a screen at a time, then from the top."""
        if self.page.evaluate("() => { const s = document.getElementById('review-sheet'); return !!s && s.open; }"):
            self.page.locator("#review-close").click()  # the photos are behind the open review sheet
        locator = self.page.locator("#gallery").get_by_role("checkbox", name=name, exact=True)
        for attempt in range(400):
            if locator.count():
                # As a person does: the photo brought onto the screen, then the frames
                # the grid draws in after a scroll (one of more than half a screen is drawn
                # again the frame after). A cell found in the margin above or below the
                # screen and scrolled to by the click itself could be filled again for
                # another photo between finding and clicking, under load.
                if self.page.evaluate(BRING_ON_SCREEN_JS, name):
                    self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))")
                    if locator.count():
                        return locator
                continue
            at_bottom = self.page.evaluate("""() => {
              const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
              if (bottom) window.scrollTo(0, 0); else window.scrollBy(0, window.innerHeight * 0.8);
              return bottom;
            }""")
            self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            if at_bottom and attempt > 0 and not locator.count():
                self.page.wait_for_timeout(50)
        raise AssertionError(f"{name} is not in the grid")

    def scroll_to(self, y):
        """Scrolls the window and waits until the grid has drawn what is now on screen."""
        self.page.evaluate("y => window.scrollTo(0, y === 'bottom' ? document.documentElement.scrollHeight : y)", y)
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def box(self, name):
        return self.find(name)

    def cell(self, name):
        self.find(name)
        return self.page.locator("#gallery li.photo", has=self.page.get_by_role("checkbox", name=name, exact=True))

    def view(self, name):
        """Opens the viewer on a photo by clicking its thumbnail."""
        self.cell(name).locator("a.open").click()
        self.page.wait_for_selector("#viewer[open]")

    # A click, then the photo's box found again by its name: the first pick unfolds the
    # tray (the last unpick folds it), the grid takes its new width and its cells are
    # drawn anew, and the grid fills cells again for other photos, so the element clicked
    # may hold another photo by the time Playwright's check() would look at it again.
    def pick(self, *names):
        for name in names:
            self.box(name).click()
            self.page.wait_for_function("n => Array.from(document.querySelectorAll('#gallery li.photo input[name=pick]')).some(b => b.closest('li').querySelector('.name').textContent === n && b.checked)", arg=name)

    def unpick(self, *names):
        for name in names:
            self.box(name).click()
            self.page.wait_for_function("n => !Array.from(document.querySelectorAll('#gallery li.photo input[name=pick]')).some(b => b.closest('li').querySelector('.name').textContent === n && b.checked)", arg=name)

    def state(self):
        return self.page.evaluate(STATE_JS)

    def badges(self, names):
        """The number on each photo, each found as a person finds it (scrolled to: the grid
        draws only the rows near the screen, and its rows of large photos hold fewer)."""
        return {name: self.cell(name).evaluate("li => { const b = li.querySelector('.badge'); return b ? b.textContent : ''; }")
                for name in names}

    def wait_status(self, text):
        self.page.wait_for_function("t => document.getElementById('status').textContent === t", arg=text)

    def wait_refusal(self, fragment):
        """Waits for a refused pick's message, beside its photo; returns it."""
        self.page.wait_for_function(
            "t => { const r = document.getElementById('refusal'); return r && !r.hidden && r.textContent.includes(t); }", arg=fragment
        )
        return self.page.locator("#refusal").text_content()

    def wait_notice(self, fragment):
        self.page.wait_for_function(
            "t => document.getElementById('notice').textContent.includes(t)", arg=fragment
        )
        return self.page.locator("#notice").text_content()

    def button(self, name):
        """A button by its label, revealed first as a person would: one in the More menu
        opens the menu, one in the review sheet (Send, Download selection) opens the sheet,
        one behind the open sheet closes it."""
        for _ in range(2):  # the sheet closed, then the menu opened
            opener = self.page.evaluate(OPENER_JS, name)
            if opener:
                self.page.locator(f"#{opener}").click()
        return self.page.get_by_role("button", name=name, exact=True)

    def export(self, name="Download selection"):
        with self.page.expect_download() as info:
            self.button(name).click()
        download = info.value
        return download.suggested_filename, Path(download.path()).read_bytes()

    def import_file(self, path):
        with self.page.expect_file_chooser() as info:
            self.button("Import…").click()
        info.value.set_files(str(path))


# The control that reveals a button kept out of sight (issue 29): More for what its menu
# holds, Review (on a phone, the picks bar) for the sheet's Send and Download selection, the
# sheet's ✕ for a button of the page behind the open sheet; null when none is needed.
OPENER_JS = """(label) => {
  const b = Array.from(document.querySelectorAll('button')).find(b => (b.getAttribute('aria-label') || b.textContent.trim()) === label);
  if (!b) return null;
  const menu = document.getElementById('copy-menu'), sheet = document.getElementById('review-sheet');
  if (sheet && sheet.open && !sheet.contains(b)) return 'review-close';
  if (menu && menu.contains(b) && menu.hidden) return 'copy';
  // The sheet's opener: the tray's Review, or on a phone the bar that stands for the tray.
  const review = ['review', 'picks-bar'].map(id => document.getElementById(id)).find(o => o && o.getClientRects().length > 0 && !o.disabled);
  if (sheet && sheet.contains(b) && !sheet.open && review) return review.id;
  return null;
}"""


def order_json(site, names, exported, title=None, limit=None):
    """The exact bytes the page must export for these picks (PRODUCT.md's format)."""
    import json

    manifest = site.manifest
    picks = []
    for index, name in enumerate(names):
        photo = site.photo(name)
        picks.append({"order": index + 1, "id": photo["id"], "path": photo["path"], "name": photo["name"], "bytes": photo["bytes"]})
    document = {
        "format": "proofsheet-order",
        "version": 1,
        "gallery": manifest["gallery"],
        "title": manifest["title"] if title is None else title,
        "limit": manifest["options"]["limit"] if limit is None else limit,
        "exported": exported,
        "picks": picks,
    }
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
