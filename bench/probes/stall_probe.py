"""Scroll a built gallery top to bottom a screen a frame (page_bench's scroll) in fresh
Chromiums and count the scrolls that stop getting animation frames (the 100,000-photo
stall, docs/decisions.md "The 100,000-photo stall is Chromium's"); on a stall, print the
page's state, take a 3 s trace of every process (the cc scheduler's state among it) and,
with --recover, try what might give the page frames again (in order; the last ones wait
for a frame and never return on a stalled page, so run each scroll under `timeout`).

  .venv/bin/python bench/probes/stall_probe.py --runs 1 --max-frames 1200 --recover
      [--chromium-arg=--disable-gpu] [--headed (under xvfb-run)] [--url URL]
      [--ring-trace cc,disabled-by-default-cc.debug]   # a ring-buffer trace across the scroll

The minimal page: --url "file://$PWD/bench/probes/stall_repro.html?thumbs=URL,URL,..." (the
site's thumbnails).

Variants, alternated run by run (each run a fresh Chromium, in a child process under a wall
timeout, so a scroll that never returns is counted, not waited for):

  .venv/bin/python bench/probes/stall_probe.py --variants base,frames-bare --runs 12 --max-frames 3000

A variant is a page change (the site's assets copied to OUT/sites/NAME, --out /tmp/stall, with a text
substitution: see VARIANTS), Chromium switches, or how the scroll is driven (window.scrollBy
from the evaluated script, or page.mouse.wheel from here). Each run prints a RESULT-RUN line;
the last line sums each variant up: stalls / runs, frames to each stall, the load.
--quiet-stall: on a stall only the page's state (no traces, no recovery), so the next run
starts at once; --stacks: every thread's stack of the page's renderer at the stall (gdb);
--ring-trace CATEGORIES on a run that did not stall: its raster tasks and their thread time.
page_bench's drawn scroll is --step 360 --max-frames 1500 (0.4 of the probe's 900 px
viewport); --after-fling runs the page's fling to the bottom first, as page_bench does
before it; --same-browser N makes each child N scrolls in one Chromium, a new context each
(page_bench's runs share one browser; the probe's are each a fresh one).
A measurement aid, not a test.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]  # the checkout (this file is bench/probes/)

WATCH = """
window.__probe = {vis: [], chunks: 0, lastChunkAt: 0};
document.addEventListener('visibilitychange', () => window.__probe.vis.push([performance.now(), document.visibilityState]));
new MutationObserver(list => { for (const m of list) for (const n of m.addedNodes) if (n.tagName === 'SCRIPT') { window.__probe.chunks++; window.__probe.lastChunkAt = performance.now(); } })
  .observe(document, {childList: true, subtree: true});
"""

SCROLL = """async ([timeout, step, limit]) => {
  const frame = () => new Promise(r => { requestAnimationFrame(r); setTimeout(() => r(null), timeout); });
  window.scrollTo(0, 0);
  await frame(); await frame();
  let frames = 0, last = performance.now(), longest = 0;
  const h = step || window.innerHeight;
  // the grid as the last frame left it (live collections: a count a frame is cheap)
  const grid = document.getElementById('grid') || document.body;
  const cells = grid.getElementsByTagName('li'), imgs = grid.getElementsByTagName('img'), loading = grid.getElementsByClassName('loading');
  let before = null;
  while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2 && (!limit || frames < limit)) {
    window.scrollBy(0, h);
    const now = await frame();
    if (now === null) return {stalled: window.scrollY, frames, longest, at: performance.now(), lastFrameAt: last, before,
                               after: {cells: cells.length, frames: loading.length, imgs: imgs.length, incomplete: [...imgs].filter(i => !i.complete).length}};
    frames++; longest = Math.max(longest, now - last); last = now;
    before = {cells: cells.length, frames: loading.length, imgs: imgs.length, y: window.scrollY};
  }
  return {stalled: null, frames, longest};
}"""

STATE = """() => {
  const imgs = [...document.images];
  return {
    scrollY: window.scrollY, height: document.documentElement.scrollHeight,
    visibility: document.visibilityState, focus: document.hasFocus(), vis: window.__probe.vis,
    chunks: window.__probe.chunks, lastChunkAt: window.__probe.lastChunkAt, now: performance.now(),
    scripts: document.scripts.length,
    elements: document.getElementsByTagName('*').length,
    imgs: imgs.length, complete: imgs.filter(i => i.complete).length,
    broken: imgs.filter(i => i.complete && i.naturalWidth === 0).length,
    heap: performance.memory && performance.memory.usedJSHeapSize,
    cells: document.querySelectorAll('#grid li').length,
    loading: document.querySelectorAll('#grid li.photo.loading').length,
  };
}"""

# What each variant changes. "js"/"css": (old, new) substitutions in the site's script and
# stylesheet (each must match once); "args": Chromium switches; "wheel": scroll by
# page.mouse.wheel, a screen a step, waiting for a frame after each (the compositor scrolls).
VARIANTS = {
    "base": {},
    # thumbnails decoded in raster, not by Chromium's image decode tasks
    "sync-decode": {"js": [('cell.img.decoding = "async";', "")]},
    # an empty frame without its inner span (the grey box of the image's place)
    "frames-no-span": {"js": [('li.appendChild(el("span", "open"));', "")]},
    # an empty frame that paints nothing: no background, no inner box (the tiles a fling
    # shows are then of one colour, which Chromium draws without a raster task)
    "frames-bare": {"css": [(".photo.loading .open { background: #8883; }",
                             ".photo.loading .open { background: none; } #grid .photo.loading { background: none; }")]},
    # the grid on a layer of its own
    "grid-layer": {"css": [("#grid { position: relative; }", "#grid { position: relative; will-change: transform; }")]},
    # the page before the fling change (05aea8c): a fling draws every cell, as a slower scroll
    # does (its stall rate then: 3 of 3 whole scrolls, 4 of 9 of up to 1,500 frames; on
    # 2 December 06:00-07:00 UTC 8 of 13 of 2,000 frames at load 6.8-16.9)
    "drawn-fling": {"js": [("var fling = fast && wasFast;", "var fling = false;")]},
    # the grid laid out and drawn as ever, but painting nothing (no raster task for it): is
    # raster work needed to set the stall off, or do the DOM, script and layout alone?
    "grid-hidden": {"css": [("#grid { position: relative; }", "#grid { position: relative; visibility: hidden; }")]},
    # the page of this worktree's Templates/ (its script and stylesheet, built into a small
    # site, served in the 100,000-photo site's place): a page change measured as it is
    "templates": {"templates": True},
    # (about 20 steps a second here: two round trips to Chromium a step)
    "wheel": {"wheel": True},
    "no-checker-imaging": {"args": ["--disable-checker-imaging"]},
    # (2 December, 15:30-: what makes the drawn scroll's tiles fewer or cheaper)
    # the frame behind a thumbnail in an opaque grey (the translucent ones over the white card)
    "opaque": {"css": [(".photo .open { display: block; aspect-ratio: 4 / 3; background: #8882;",
                        ".photo .open { display: block; aspect-ratio: 4 / 3; background: #efefef;"),
                       (".photo.loading .open { background: #8883; }", ".photo.loading .open { background: #e7e7e7; }")]},
    # no rounded corners on a cell, its frame or its checkbox
    "flat": {"css": [("border: 2px solid transparent; border-radius: 8px;", "border: 2px solid transparent;"),
                     ("background: #8882; border-radius: 4px; }", "background: #8882; }"),
                     ("border: 2px solid var(--muted); border-radius: 4px;", "border: 2px solid var(--muted);")]},
    # names cut at two lines by a height, not by -webkit-line-clamp (no ellipsis)
    "no-clamp": {"css": [("display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }",
                          "max-height: 2.6em; overflow: hidden; }")]},
    # every cell on a composited layer of its own (the drawn scroll, 500 frames, one run each
    # at load 6-9: 9.6 raster tasks and 2.1 ms of raster thread time a frame, against 10.8 and
    # 4.3 ms; the look: 3,171 of 1,152,000 pixels differ from base's, by at most 11 of 255)
    "cell-layers": {"css": [("contain: size layout style; overflow: visible; }", "contain: size layout style; overflow: visible; will-change: transform; }")]},
    # every thumbnail on a composited layer of its own
    "img-layers": {"css": [("#grid .photo img { border-radius: 0; }", "#grid .photo img { border-radius: 0; will-change: transform; }")]},
    # a cell painted only when it is on screen (content-visibility: auto; its size is set)
    "cv-auto": {"css": [("contain: size layout style; overflow: visible; }", "contain: size layout style; overflow: visible; content-visibility: auto; }")]},
    # paint containment on every cell (no rounded clip: its corners are square under it)
    "contain-paint": {"css": [("contain: size layout style; overflow: visible; }", "contain: size layout paint style; border-radius: 0; }")]},
    # (4 December: the garbage a refilled cell makes, which sets the pace of full collections)
    # a refilled cell's texts changed in their Text nodes, not replaced by new ones
    "text-data": {"js": [("cell.name.textContent = photo.name;", "(cell.name.firstChild || cell.name.appendChild(document.createTextNode(''))).data = photo.name;"),
                         ("cell.date.textContent = dateLabel(photo.date);", "(cell.date.firstChild || cell.date.appendChild(document.createTextNode(''))).data = dateLabel(photo.date);"),
                         ("cell.kinds.textContent = kinds;", "if (cell.kinds.textContent !== kinds) cell.kinds.textContent = kinds;")]},
    # a refilled cell keeps its image element (it shows the previous photo until the new one
    # is decoded: not a page to ship, a measure of what the new element costs)
    "same-img": {"js": [('if (cell.img.hasAttribute("src") || cell.img.hasAttribute("srcset")) {', "if (false) {")]},
    # knock-outs, to find what makes the garbage (not pages to ship)
    "no-img": {"js": [('if (photo.thumb.src) cell.img.src = src(photo.thumb.src);', ""), ('if (photo.thumb2x.src) cell.img.srcset = src(photo.thumb2x.src) + " 2x";', "")]},
    "no-text": {"js": [("cell.name.textContent = photo.name;", ""), ("cell.date.textContent = dateLabel(photo.date);", "")]},
    # the search's folded names not kept past the search
    "fold-once": {"js": [("if (!folded) folded = index.names.map(fold);", "var folded = index.names.map(fold);")]},
}


def variant(name):
    """A variant by name; "a+b" is both a's changes and b's."""
    spec = {}
    for part in name.split("+"):
        for key, value in VARIANTS[part].items():
            spec[key] = spec.get(key, []) + value if isinstance(value, list) else value
    return spec


def variant_site(site_index, name, out):
    """The site as served to a variant: the big folders linked, index.html copied, the
    assets copied with the variant's substitutions (their names kept)."""
    spec = variant(name)
    site = site_index.parent
    folder = out / "sites" / name
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "assets").mkdir(parents=True)
    for entry in site.iterdir():
        if entry.name == "assets":
            continue
        if entry.name == "index.html":
            shutil.copy(entry, folder / entry.name)
        else:
            (folder / entry.name).symlink_to(entry)
    built = {}
    if spec.get("templates"):
        small = out / "templates-site"
        subprocess.run([str(ROOT / ".build" / "release" / "proofsheet"), "build", str(ROOT / "bench" / "corpus" / "page" / "library-1000"),
                        "--output", str(small), "--limit", "500", "--quiet", "--templates", str(ROOT / "Templates"),
                        "--thumb-size", "160", "--preview-size", "320"], check=True, stdout=subprocess.DEVNULL)
        built = {a.suffix: a.read_text(encoding="utf-8") for a in (small / "assets").iterdir()}
    for asset in (site / "assets").iterdir():
        text = built.get(asset.suffix) or asset.read_text(encoding="utf-8")
        for old, new in spec.get("js" if asset.suffix == ".js" else "css", []):
            if text.count(old) != 1:
                sys.exit(f"variant {name}: {old!r} is in {asset.name} {text.count(old)} times, not once")
            text = text.replace(old, new)
        (folder / "assets" / asset.name).write_text(text, encoding="utf-8")
    return folder / "index.html"


RAF = """(t) => new Promise(r => { requestAnimationFrame(() => r(true)); setTimeout(() => r(false), t); })"""


def wheel_scroll(page, timeout, step, limit):
    """The same scroll by page.mouse.wheel (the compositor scrolls; the page gets scroll
    events): a wheel step, then wait for a frame."""
    page.mouse.move(640, 450)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate(RAF, timeout)
    h = step or page.evaluate("() => window.innerHeight")
    frames, longest, last = 0, 0.0, time.monotonic()
    while not limit or frames < limit:
        y, height = page.evaluate("() => [window.scrollY, document.documentElement.scrollHeight - window.innerHeight - 2]")
        if y >= height:
            break
        page.mouse.wheel(0, h)
        if not page.evaluate(RAF, timeout):
            return {"stalled": page.evaluate("() => window.scrollY"), "frames": frames, "longest": longest * 1000,
                    "at": 0, "lastFrameAt": 0, "before": None, "after": page.evaluate(STATE)}
        now = time.monotonic()
        frames += 1
        longest = max(longest, now - last)
        last = now
    return {"stalled": None, "frames": frames, "longest": longest * 1000}


def raster_summary(path, frames):
    """What the renderer's raster workers did in a ring trace: tasks and thread time."""
    events = json.loads(path.read_text(encoding="utf-8"))
    events = events["traceEvents"] if isinstance(events, dict) else events
    tasks = [e for e in events if e.get("ph") == "X" and e.get("name") in ("RasterTask", "ImageDecodeTask")]
    raster = [e for e in tasks if e["name"] == "RasterTask"]
    cpu = sum(e.get("tdur", 0) for e in raster) / 1000
    return (f"{len(raster)} raster tasks ({len(raster) / max(frames, 1):.2f} a frame), {cpu:.0f} ms of raster thread time "
            f"({cpu / max(frames, 1):.2f} ms a frame), {len(tasks) - len(raster)} image decode tasks over {frames} frames "
            f"(the ring buffer may hold only the last of them)")


def stacks(bcdp, path):
    """Every thread's stack of the renderer that used the most CPU (the page's), by gdb
    (Debian's Chromium has no symbols: libc's frames and the thread names tell whether a
    thread waits for work, on a condition variable, or for a lock)."""
    processes = bcdp.send("SystemInfo.getProcessInfo")["processInfo"]
    renderer = max((p for p in processes if p["type"] == "renderer"), key=lambda p: p["cpuTime"])
    pid = renderer["id"]
    out = subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "set pagination off", "-ex", "thread apply all bt 12"],
                         capture_output=True, text=True, timeout=120).stdout
    names = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            names[task.name] = (task / "comm").read_text().strip()
        except OSError:
            pass
    path.write_text(out + "\n" + json.dumps(names), encoding="utf-8")
    summary = []
    for block in out.split("\nThread ")[1:]:
        head, _, frames = block.partition("\n")
        lwp = head.split("LWP ")[1].split(")")[0] if "LWP " in head else "?"
        calls = [line.split(" in ")[1].split(" (")[0] for line in frames.splitlines() if " in " in line][:4]
        summary.append(f"{names.get(lwp, lwp)}: {' < '.join(calls)}")
    return f"renderer {pid}, {len(summary)} threads (stacks in {path}):\n    " + "\n    ".join(summary)


def trace(cdp, page, seconds, path, categories):
    """A CDP trace of every process for `seconds`, written to path."""
    done = {}
    cdp.on("Tracing.tracingComplete", lambda e: done.update(e))
    cdp.send("Tracing.start", {"transferMode": "ReturnAsStream", "traceConfig": {
        "recordMode": "recordContinuously", "includedCategories": categories}})
    page.wait_for_timeout(seconds * 1000)
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    save_stream(cdp, done["stream"], path)


def save_stream(cdp, stream, path):
    with open(path, "wb") as out:
        while True:
            chunk = cdp.send("IO.read", {"handle": stream, "size": 1 << 20})
            out.write(base64.b64decode(chunk["data"]) if chunk.get("base64Encoded") else chunk["data"].encode())
            if chunk.get("eof"):
                break
    cdp.send("IO.close", {"handle": stream})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, default=ROOT / "bench" / "corpus" / "page" / "site-100000" / "index.html")
    parser.add_argument("--url", default=None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=int, default=5000, help="ms without a frame that is a stall")
    parser.add_argument("--step", type=int, default=0)
    parser.add_argument("--max-frames", type=int, default=0, help="end a scroll that did not stall after this many frames")
    parser.add_argument("--label", default="")
    parser.add_argument("--chromium-arg", action="append", default=[])
    parser.add_argument("--headed", action="store_true", help="headed (run under xvfb-run)")
    parser.add_argument("--ring-trace", default="", help="categories traced in a ring buffer across the whole scroll")
    parser.add_argument("--out", type=Path, default=Path("/tmp/stall"))
    parser.add_argument("--recover", action="store_true", help="on a stall, try what might give frames again")
    parser.add_argument("--variants", default="", help="comma-separated VARIANTS, alternated run by run, each run a child process")
    parser.add_argument("--variant", default="", help=argparse.SUPPRESS)  # the child's one variant
    parser.add_argument("--wall", type=int, default=300, help="s a child run may take before it is counted as hung")
    parser.add_argument("--stacks", action="store_true", help="on a stall, every thread's stack of the page's renderer (gdb)")
    parser.add_argument("--quiet-stall", action="store_true", help="on a stall: the state only, no traces")
    parser.add_argument("--same-browser", type=int, default=0,
                        help="N scrolls a Chromium, each in a new context (as page_bench's runs share one browser), not a fresh Chromium each")
    parser.add_argument("--after-fling", action="store_true",
                        help="first a screen a frame to the bottom (page_bench's fling, before its drawn scroll), then the measured scroll from the top")
    args = parser.parse_args()
    if args.variants:
        return orchestrate(args)
    if args.variant:
        spec = variant(args.variant)
        args.chromium_arg += spec.get("args", [])
        args.url = args.url or variant_site(args.site, args.variant, args.out).as_uri()  # base too: every variant served alike
    args.out.mkdir(parents=True, exist_ok=True)
    url = args.url or args.site.as_uri()
    stalls = 0
    browser = None
    with sync_playwright() as p:
        for run in range(args.runs):
            if browser is None:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=not args.headed,
                                            args=["--no-sandbox", "--enable-precise-memory-info", *args.chromium_arg])
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(WATCH)
            page = context.new_page()
            page.goto(url, timeout=180_000)
            page.wait_for_function("() => document.documentElement.getAttribute('data-ready') === 'true' || !document.getElementById('grid')", timeout=180_000)
            bcdp = browser.new_browser_cdp_session()
            ring = None
            if args.ring_trace:
                ring = {}
                bcdp.on("Tracing.tracingComplete", lambda e, ring=ring: ring.update(e))
                bcdp.send("Tracing.start", {"transferMode": "ReturnAsStream", "traceConfig": {
                    "recordMode": "recordContinuously", "traceBufferSizeInKb": 200_000,
                    "includedCategories": args.ring_trace.split(",")}})
            if args.after_fling:
                fling = page.evaluate(SCROLL, [args.timeout, 0, 0])
                print(f"  the fling before: {fling['frames']} frames, longest {fling['longest']:.0f} ms"
                      + (f", STALLED at {fling['stalled']:,}" if fling["stalled"] is not None else ""), flush=True)
                if fling["stalled"] is not None:
                    print(f"RESULT-RUN {args.variant} fling-stalled {fling['frames']} {fling['stalled']} {os.getloadavg()[0]:.1f}", flush=True)
                    context.close()
                    if not args.same_browser:
                        browser.close()
                        browser = None
                    continue
            start = time.monotonic()
            load = os.getloadavg()[0]
            if args.variant and variant(args.variant).get("wheel"):
                result = wheel_scroll(page, args.timeout, args.step, args.max_frames)
            else:
                result = page.evaluate(SCROLL, [args.timeout, args.step, args.max_frames])
            seconds = time.monotonic() - start
            line = f"run {run + 1}: load {load:.1f}-{os.getloadavg()[0]:.1f}, {seconds:.0f} s, {result['frames']} frames, longest {result['longest']:.0f} ms"
            if result["stalled"] is None:
                print(line + (", not stalled" if args.max_frames else ", bottom"), flush=True)
                print(f"RESULT-RUN {args.variant} ok {result['frames']} - {load:.1f}", flush=True)
                if ring is not None:
                    bcdp.send("Tracing.end")
                    while not ring:
                        page.wait_for_timeout(100)
                    path = args.out / f"ring-{args.variant or 'run'}-{run + 1}.json"
                    save_stream(bcdp, ring["stream"], path)
                    print(f"  raster in the scroll: {raster_summary(path, result['frames'])}", flush=True)
                    path.unlink()
            else:
                stalls += 1
                print(line + f", STALLED at {result['stalled']:,}", flush=True)
                print(f"  the grid at the last frame {json.dumps(result.get('before'))}, at the stall {json.dumps(result.get('after'))}", flush=True)
                if ring is not None:
                    page.wait_for_timeout(3000)
                    bcdp.send("Tracing.end")
                    while not ring:
                        page.wait_for_timeout(100)
                    path = args.out / f"ring-{run + 1}.json"
                    save_stream(bcdp, ring["stream"], path)
                    print(f"  ring trace {path} ({path.stat().st_size / 1e6:.0f} MB); stall at page time {result['at']:.0f}, last frame {result['lastFrameAt']:.0f}", flush=True)
                print("  state " + json.dumps(page.evaluate(STATE)), flush=True)
                if args.stacks:
                    print("  " + stacks(bcdp, args.out / f"stacks-{args.variant or 'run'}-{run + 1}.txt"), flush=True)
                print(f"RESULT-RUN {args.variant} stalled {result['frames']} {result['stalled']} {load:.1f}", flush=True)
                if args.quiet_stall:
                    context.close()
                    if not args.same_browser:
                        browser.close()
                        browser = None
                    continue
                pcdp = context.new_cdp_session(page)
                try:
                    print("  metrics " + json.dumps({m["name"]: m["value"] for m in (pcdp.send("Performance.enable") or pcdp.send("Performance.getMetrics"))["metrics"]}), flush=True)
                except Exception as error:
                    print(f"  metrics: {error}", flush=True)
                path = args.out / f"after-{run + 1}.json"
                trace(bcdp, page, 3, path, ["cc", "viz", "gpu", "benchmark", "toplevel", "devtools.timeline",
                                            "disabled-by-default-devtools.timeline.frame",
                                            "disabled-by-default-cc.debug.scheduler", "disabled-by-default-cc.debug.scheduler.frames",
                                            "disabled-by-default-viz.hit_testing_flow", "disabled-by-default-cc.debug"])
                print(f"  trace after the stall: {path}", flush=True)
                sys.path.insert(0, str(ROOT / "bench"))
                import page_bench  # what page_bench reports of a stall, on this one
                print(f"  page_bench's note: {page_bench.stalled_compositor(browser, page)}", flush=True)
                print(f"  rAF within 3 s, untouched: {page.evaluate(RAF, 3000)}", flush=True)
                if args.recover:
                    tries = [  # those that can wait for a frame with no timeout last
                        ("bring_to_front", lambda: page.bring_to_front()),
                        ("Page.setWebLifecycleState active", lambda: pcdp.send("Page.setWebLifecycleState", {"state": "active"})),
                        ("Emulation.setFocusEmulationEnabled", lambda: pcdp.send("Emulation.setFocusEmulationEnabled", {"enabled": True})),
                        ("screenshot", lambda: page.screenshot(timeout=10_000)),
                        ("a new tab, then this one brought to the front", lambda: (context.new_page(), page.bring_to_front())),
                        ("scroll by wheel", lambda: page.mouse.wheel(0, 100)),
                        ("resize", lambda: page.set_viewport_size({"width": 1270, "height": 890})),
                        ("Emulation.setDeviceMetricsOverride", lambda: pcdp.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 899, "deviceScaleFactor": 1, "mobile": False})),
                    ]
                    for name, action in tries:
                        print(f"  trying {name}", flush=True)
                        try:
                            action()
                            got = page.evaluate(RAF, 3000)
                        except Exception as error:
                            got = f"{type(error).__name__}: {str(error)[:120]}"
                        print(f"  after {name}: rAF {got}", flush=True)
                        if got is True:
                            break
            context.close()
            if not args.same_browser:
                browser.close()
                browser = None
    print(f"RESULT {args.label} {stalls} of {args.runs} stalled ({' '.join(args.chromium_arg) or 'defaults'}{', headed' if args.headed else ''})")


def orchestrate(args):
    """Each run a child process with one variant, the variants alternated; a summary a variant."""
    names = args.variants.split(",")
    for name in names:
        if not all(part in VARIANTS for part in name.split("+")):
            sys.exit(f"no variant {name!r}: {', '.join(VARIANTS)}")
    tally = {name: [] for name in names}
    passed = [a for a in sys.argv[1:] if not a.startswith("--variants") and a not in names and a != args.variants]
    passed = [a for i, a in enumerate(passed) if not (a == "--runs" or (i and passed[i - 1] == "--runs"))]
    for run in range(args.runs):
        for name in names:
            print(f"== {name}, run {run + 1} of {args.runs}, {time.strftime('%H:%M:%S')}, load {os.getloadavg()[0]:.1f}", flush=True)
            load = os.getloadavg()[0]
            try:
                child = subprocess.run([sys.executable, __file__, *passed, "--runs", str(args.same_browser or 1), "--variant", name],
                                       capture_output=True, text=True, timeout=args.wall)
                out = child.stdout + child.stderr
            except subprocess.TimeoutExpired as error:
                out = (error.stdout or b"").decode() if isinstance(error.stdout, bytes) else (error.stdout or "")
                out += f"\nRESULT-RUN {name} hung - - {load:.1f}"
            print("  " + "\n  ".join(line for line in out.strip().splitlines() if not line.startswith("RESULT ")), flush=True)
            got = [line.split() for line in out.splitlines() if line.startswith("RESULT-RUN")]
            tally[name].extend([g[2:] for g in got] if got else [["error", "-", "-", f"{load:.1f}"]])
    print("SUMMARY (stalled or hung / runs; frames to each stall; frames of the runs that did not; load at the start)")
    for name, runs in tally.items():
        bad = [r for r in runs if r[0] in ("stalled", "hung")]
        loads = [float(r[3]) for r in runs if r[3] != "-"]
        print(f"  {name}: {len(bad)} of {len(runs)}; at {', '.join(r[1] for r in bad) or '-'}; "
              f"others {', '.join(r[1] for r in runs if r[0] == 'ok')}; errors {sum(r[0] == 'error' for r in runs)}; "
              f"{sum(r[0] == 'fling-stalled' for r in runs)} more stalled in the fling before (--after-fling; not counted); "
              f"load {min(loads, default=0):.1f}-{max(loads, default=0):.1f}", flush=True)


if __name__ == "__main__":
    main()
