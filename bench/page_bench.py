#!/usr/bin/env python3
"""The picker page's speed with 10,000 photos (issue 3, behaviour 8), in headless Chromium.

Builds a 10,000-photo library out of small JPEGs (the demo's 400-px thumbnails, hard-linked
under 10,000 names in 20 albums), builds its site with a limit of 10, then opens the page
from file:// several times in a fresh browser profile each and measures:

  ready        navigation start → the picker script has run (checkboxes, tray, all live)
  interactive  navigation start → the first frame after that, with the main thread free
               to answer input (rAF + task after DOMContentLoaded)
  pick         a click on a checkbox → the next frame after the page has updated
               (badge, tray, status, storage), for ordinary picks across the page
  limit pick   the pick that reaches the limit (disables 9,990 checkboxes) and the
               unpick that leaves it (enables them again)
  search       typing a query that matches 1 in 20 photos → the filtered grid painted

and prints the medians. Targets: interactive < 1000 ms, pick < 50 ms.

Run: make venv && .venv/bin/python bench/page_bench.py [--photos N] [--runs N]
Needs the release binary (make build, or PROOFSHEET_BIN) and /usr/bin/chromium.
This is a measurement, not a test: it prints numbers and whether they meet the targets.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "bench" / "corpus" / "page"

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover
    sys.exit("page_bench.py needs Playwright: run `make venv`, then .venv/bin/python bench/page_bench.py")


def binary():
    configured = os.environ.get("PROOFSHEET_BIN")
    path = Path(configured) if configured else ROOT / ".build" / "release" / "proofsheet"
    if not path.is_file():
        sys.exit(f"no proofsheet binary at {path}: run `make build` or set PROOFSHEET_BIN")
    return path


def run(*args):
    subprocess.run([str(a) for a in args], check=True, stdin=subprocess.DEVNULL)


def make_library(count, albums):
    """count small JPEGs in `albums` folders, hard links of the demo's thumbnails."""
    library = WORK / f"library-{count}"
    marker = WORK / f"library-{count}.complete"
    if marker.exists():
        return library
    demo = WORK / "demo"
    if not (demo / "Site" / "thumbs").is_dir():
        run(binary(), "demo", "--output", demo / "Site", "--library", demo / "library", "--quiet")
    sources = sorted(p for p in (demo / "Site" / "thumbs").glob("*.jpg") if "@2x" not in p.name)
    if library.exists():
        shutil.rmtree(library)
    per_album = -(-count // albums)
    for i in range(count):
        folder = library / f"Album {i // per_album + 1:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"IMG_{i:05d}.jpg"
        source = sources[i % len(sources)]
        try:
            os.link(source, target)
        except OSError:
            shutil.copy2(source, target)
    marker.touch()
    return library


RESPONSIVE = """
document.addEventListener('DOMContentLoaded', () => {
  requestAnimationFrame(() => setTimeout(() => performance.mark('bench-interactive'), 0));
});
"""

PICK = """async (index) => {
  const box = document.querySelectorAll('#gallery input[name=pick]')[index];
  const start = performance.now();
  box.click();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - start;
}"""

SEARCH = """async (query) => {
  const input = document.getElementById('search');
  const start = performance.now();
  input.value = query;
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - start;
}"""


def measure(url, runs, limit, photos):
    results = {"domcontentloaded": [], "ready": [], "interactive": [], "pick": [], "limit pick": [],
               "limit unpick": [], "search": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("PROOFSHEET_CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox"])
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(RESPONSIVE)
            page = context.new_page()
            page.goto(url, timeout=120_000)
            page.wait_for_function("() => performance.getEntriesByName('bench-interactive').length > 0", timeout=120_000)
            timing = page.evaluate("""() => ({
              dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
              ready: performance.getEntriesByName('proofsheet-ready')[0].startTime,
              interactive: performance.getEntriesByName('bench-interactive')[0].startTime })""")
            results["domcontentloaded"].append(timing["dcl"])
            results["ready"].append(timing["ready"])
            results["interactive"].append(timing["interactive"])
            # Picks spread over the page, most of them far off screen.
            spread = [(k * 997) % photos for k in range(1, limit)]
            for index in spread:
                results["pick"].append(page.evaluate(PICK, index))
            results["limit pick"].append(page.evaluate(PICK, photos - 1))
            results["limit unpick"].append(page.evaluate(PICK, photos - 1))
            results["search"].append(page.evaluate(SEARCH, "7.jpg"))
            context.close()
        browser.close()
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--limit", type=int, default=10)
    args = parser.parse_args()

    library = make_library(args.photos, albums=20)
    site = WORK / f"site-{args.photos}"
    print(f"Building {args.photos} photos into {site} …", flush=True)
    run(binary(), "build", library, "--output", site, "--limit", args.limit, "--quiet",
        "--templates", ROOT / "Templates")
    html = site / "index.html"
    print(f"index.html: {html.stat().st_size / 1e6:.1f} MB", flush=True)

    results = measure(html.as_uri(), args.runs, args.limit, args.photos)
    print(f"\nPage with {args.photos} photos, headless Chromium, {args.runs} runs (median, min–max, ms):")
    for name, values in results.items():
        print(f"  {name:17} {statistics.median(values):8.1f}   ({min(values):.1f}–{max(values):.1f}, n={len(values)})")
    interactive = statistics.median(results["interactive"])
    pick = statistics.median(results["pick"])
    worst_limit = max(statistics.median(results["limit pick"]), statistics.median(results["limit unpick"]))
    print(f"\nTarget interactive < 1000 ms: {interactive:.0f} ms {'met' if interactive < 1000 else 'NOT MET'}")
    print(f"Target pick < 50 ms: {pick:.1f} ms {'met' if pick < 50 else 'NOT MET'}"
          f" (limit reached/left: {worst_limit:.1f} ms {'met' if worst_limit < 50 else 'NOT MET'})")


if __name__ == "__main__":
    main()
