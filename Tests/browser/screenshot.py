#!/usr/bin/env python3
"""Makes the README's screenshots in headless Chromium: docs/screenshot.png, the demo
gallery with three picks (badges, tray, status), 1280 px wide; docs/phone.png and
docs/phone-dark.png, the same at 390 × 844 (the tray docked); docs/cover.png and
docs/cover-phone.png, the page as it opens; docs/viewer.png, the viewer on a picked
photo with its note; docs/review.png, the review sheet with three picks and notes. Also, with --all, more shots in /tmp for a look.

Run: .venv/bin/python Tests/browser/screenshot.py   (PROOFSHEET_BIN picks the binary)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import helpers  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PICKS = ["Sunset over the water.jpg", "IMG_0101.jpg", "Crème brûlée.jpg"]


def shoot(browser, url, path, width=1280, height=820, scheme="light", scale=1, mobile=False):
    context = browser.new_context(
        viewport={"width": width, "height": height}, color_scheme=scheme, device_scale_factor=scale,
        reduced_motion="reduce",
        is_mobile=mobile, has_touch=mobile)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", state="attached")
    for name in PICKS:
        page.locator("#gallery").get_by_role("checkbox", name=name, exact=True).check()
    page.wait_for_function("() => Array.from(document.images).filter(i => i.src && i.getBoundingClientRect().top < innerHeight).every(i => i.complete)")
    # The photos, where the cover's "View the photos" leads (the cover has a shot of its own).
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); const photos = document.getElementById('photos'); "
                  "if (photos) photos.scrollIntoView(); else window.scrollTo(0, 0); }")
    page.wait_for_function("() => Array.from(document.images).filter(i => i.src && i.getBoundingClientRect().top < innerHeight).every(i => i.complete)")
    page.screenshot(path=str(path))
    context.close()


def shoot_cover(browser, url, path, width=1280, height=800, scheme="light", mobile=False):
    """The page as it opens: the cover, its face loaded."""
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme, reduced_motion="reduce",
                                  is_mobile=mobile, has_touch=mobile)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", state="attached")
    page.evaluate("() => document.fonts.ready.then(() => undefined)")
    page.wait_for_function("() => Array.from(document.querySelectorAll('.cover img')).every(i => i.complete)")
    page.screenshot(path=str(path))
    context.close()


NOTES = {
    "Sunset over the water.jpg": "For the album cover, please — a little warmer if you can.",
    "IMG_0101.jpg": "Could you crop a little tighter on us two?",
    "Crème brûlée.jpg": "A print for Grandma, 13 × 18.",
}


def picked_with_notes(browser, url, width=1280, height=820):
    """The page with PICKS picked in the grid, each given its note in the viewer."""
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", state="attached")
    for name in PICKS:
        page.locator("#gallery").get_by_role("checkbox", name=name, exact=True).check()
    for name in PICKS:
        page.locator("#gallery li.photo", has=page.get_by_role("checkbox", name=name, exact=True)).locator("a.open").click()
        page.wait_for_selector("#viewer[open]")
        page.locator("#viewer-note").fill(NOTES[name])
        page.keyboard.press("Escape")
        page.wait_for_selector("#viewer", state="hidden")
    return context, page


def images_loaded(page, scope):
    page.wait_for_function("s => Array.from(document.querySelectorAll(s + ' img')).every(i => !i.getAttribute('src') || i.complete)", arg=scope)


def shoot_viewer(browser, url, path):
    """The viewer on the first pick, its note under it, the filmstrip below."""
    context, page = picked_with_notes(browser, url)
    page.locator("#gallery li.photo", has=page.get_by_role("checkbox", name=PICKS[0], exact=True)).locator("a.open").click()
    page.wait_for_selector("#viewer[open]")
    page.evaluate("() => document.activeElement.blur()")
    images_loaded(page, "#viewer")
    page.screenshot(path=str(path))
    context.close()


def shoot_review(browser, url, path):
    """The review sheet: the three picks large, in order, with their notes, and the name."""
    context, page = picked_with_notes(browser, url)
    page.evaluate("() => document.getElementById('photos').scrollIntoView()")  # the photos behind it
    page.locator("#review").click()
    page.wait_for_selector("#review-sheet[open]")
    page.locator("#by").fill("Clara")
    page.locator("#selection-note").fill("Thank you — these are the three we love most.")
    page.evaluate("() => document.activeElement.blur()")
    images_loaded(page, "#review-sheet")
    page.screenshot(path=str(path))
    context.close()


def main():
    binary = helpers.proofsheet_binary()
    with tempfile.TemporaryDirectory() as work:
        site = Path(work) / "Site"
        helpers.run(binary, "demo", "--output", site, "--library", Path(work) / "library", "--quiet")
        url = (site / "index.html").as_uri()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            target = helpers.REPO / "docs" / "screenshot.png"
            target.parent.mkdir(exist_ok=True)
            shoot(browser, url, target)
            print(f"{target} ({target.stat().st_size // 1024} KB)")
            # The phone layout (390 × 844, as the README shows it), light and dark.
            for name, scheme in (("phone.png", "light"), ("phone-dark.png", "dark")):
                phone = helpers.REPO / "docs" / name
                shoot(browser, url, phone, width=390, height=844, scheme=scheme, mobile=True)
                print(f"{phone} ({phone.stat().st_size // 1024} KB)")
            for name, width, height in (("cover.png", 1280, 800), ("cover-phone.png", 390, 844)):
                cover = helpers.REPO / "docs" / name
                shoot_cover(browser, url, cover, width=width, height=height, mobile=width < 700)
                print(f"{cover} ({cover.stat().st_size // 1024} KB)")
            for name, shot in (("viewer.png", shoot_viewer), ("review.png", shoot_review)):
                target = helpers.REPO / "docs" / name
                shot(browser, url, target)
                print(f"{target} ({target.stat().st_size // 1024} KB)")
            if "--all" in sys.argv:
                shoot(browser, url, "/tmp/proofsheet-dark.png", scheme="dark")
                shoot(browser, url, "/tmp/proofsheet-phone.png", width=390, height=844, scale=2, mobile=True)
                shoot(browser, url, "/tmp/proofsheet-phone-dark.png", width=390, height=844, scale=2, mobile=True, scheme="dark")
                print("and /tmp/proofsheet-dark.png, /tmp/proofsheet-phone.png, /tmp/proofsheet-phone-dark.png")
            browser.close()


if __name__ == "__main__":
    main()
