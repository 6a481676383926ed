#!/usr/bin/env python3
"""The picker page's cost at 1,000, 10,000 and 100,000 photos (issue 11), every figure
against its target, so the growth is visible.

For each size it makes a library of small JPEGs in 50 albums (the demo's photos at 160 px,
hard-linked under new names: the page's cost depends on how many photos there are, not
how big), builds its site with a limit of 500, and measures, in a fresh browser profile
each run (medians):

  first load     index.html plus what it loads before the first paint (its stylesheet,
                 script and the chunk files it names), in bytes         target < 1 MB
  interactive    navigation start → the first frame after the page's script has run and
                 drawn the grid, with the main thread free            target < 500 ms
  pick           a click on a checkbox → the next frame, the tray holding ~480 picks
                                                                        target < 16 ms
  limit pick     the pick that reaches the limit of 500 (and the unpick that leaves it)
                                                                        target < 50 ms
  search         the keystroke that completes a query (its `input` event, as typing
                 sends it, with no Enter) → the frame where its results are drawn in
                 view: every photo cell meeting the viewport is a photo of the result,
                 filled, its thumbnail loaded and decoded (img.complete, img.decode()),
                 then the next frame produced; the view before is the whole gallery, its
                 top in view, the search index already loaded; three queries (a name, an
                 album far down, a name's end)                         target < 150 ms
  search, first  the same in a page just loaded, the field focused with the keystroke:
                 the search index's loading included (an album's name)  target < 300 ms
  scroll         top to bottom a screen per frame (window.scrollBy in a rAF loop: a
                 scrollbar drag or a fling far faster than any wheel), the first time:
                 the longest interval between frames (rAF to rAF)        target < 50 ms
                 and, reported with it, from the first run:
                   the CPU time each frame costs (a Chromium trace of a second scroll,
                   its first 1,000 frames: thread time of the renderer's main thread, by
                   stage — script, style, layout, paint — of its raster workers, and of
                   every thread, compositing included): what the page costs, whatever
                   else the machine runs;
                   and, right after every scroll, the same scroll (as many frames) over
                   an empty page of the same height, in the same browser: the frames this
                   machine gives a page that draws nothing (long too on a loaded machine),
                   longest, 95th percentile and median beside the page's
  scroll drawn   the same from the top at 0.4 of a screen a frame (a quick wheel or
                 trackpad scroll, slow enough that the grid draws every cell, thumbnail
                 and chunk as it comes; a fling may draw empty frames only), its first
                 1,500 frames (all the way down at 1,000 and 10,000 photos): the longest
                 interval between frames                                 target < 50 ms
                 and how many frames showed an empty frame (a photo not drawn yet)
  rebuild        `proofsheet build` again with one photo changed, and with nothing
                 changed: seconds, and which page files were rewritten   target < 2 s

in headless Chromium; with --engines also in WebKit (WebKitGTK's MiniBrowser under Xvfb)
and Firefox ESR (Marionette, headless), started as the browser suite starts them, which
are reported, not held to the targets (over WebDriver there is no script before the
page's own, so they report `ready`, the page's own mark, not `interactive`).

Run: make venv && .venv/bin/python bench/page_bench.py [--sizes 1000,10000,100000] [--runs 5]
     [--scroll-runs N] [--engines [--engines-only]] [--no-rebuilds]
Needs the release binary (make build, or PROOFSHEET_BIN) and /usr/bin/chromium. The
libraries and sites are kept in bench/corpus/page (about 2 GB for 100,000 photos) and
reused. This is a measurement, not a test: it prints numbers and whether they meet the
targets, and writes the table to bench/results/page.md.
"""

import argparse
import bisect
import collections
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "bench" / "corpus" / "page"
RESULTS = ROOT / "bench" / "results" / "page.md"
ALBUMS = 50
LIMIT = 500
PRESET_PICKS = 479
SIZE_OPTIONS = ("--thumb-size", "160", "--preview-size", "320")

TARGETS = {
    "first load": (1_000_000, "bytes"),
    "interactive": (500, "ms"),
    "pick": (16, "ms"),
    "limit pick": (50, "ms"),
    "search": (150, "ms"),
    "search, first": (300, "ms"),
    "scroll, longest frame": (50, "ms"),
    "scroll, longest main-thread frame": (50, "ms"),
    "scroll drawn, longest frame": (50, "ms"),
    "rebuild, one changed": (2, "s"),
    "rebuild, nothing changed": (2, "s"),
}

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


def run(*args, quiet=True):
    subprocess.run([str(a) for a in args], check=True, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL if quiet else None)


def sources():
    """24 small distinct JPEGs: the demo's photos as 160-px images."""
    demo = WORK / "demo"
    if not (demo / "Site" / "thumbs").is_dir():
        run(binary(), "demo", "--output", demo / "Site", "--library", demo / "library", "--quiet")
        run(binary(), "build", demo / "library", "--output", demo / "Small", "--thumb-size", "80", "--quiet",
            "--templates", ROOT / "Templates")
    return sorted((demo / "Small" / "thumbs").glob("*@2x.jpg"))


def make_library(count):
    library = WORK / f"library-{count}"
    marker = WORK / f"library-{count}.complete"
    if marker.exists():
        return library
    if library.exists():
        shutil.rmtree(library)
    files = sources()
    per_album = -(-count // ALBUMS)
    for i in range(count):
        folder = library / f"Album {i // per_album + 1:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        os.link(files[i % len(files)], folder / f"IMG_{i:06d}.jpg")
    marker.touch()
    return library


def build(library, site, templates=ROOT / "Templates", program=None):
    start = time.monotonic()
    run(program or binary(), "build", library, "--output", site, "--limit", LIMIT, "--quiet", "--templates", templates,
        *SIZE_OPTIONS)
    return time.monotonic() - start


def page_data(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'<script type="application/json" id="proofsheet-data">(.*?)</script>', html, re.S).group(1))


def first_load_bytes(site):
    """index.html and every file it names in a <link rel=stylesheet> or <script src>."""
    html = (site / "index.html").read_text(encoding="utf-8")
    names = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html) + re.findall(r'<script src="([^"]+)"', html)
    return (site / "index.html").stat().st_size + sum((site / n).stat().st_size for n in names), len(names)


def page_files(site):
    files = {}
    for folder in ("data", "albums", "thumbs", "previews"):
        for path in (site / folder).iterdir():
            files[f"{folder}/{path.name}"] = path.stat().st_mtime_ns
    for name in ("index.html", "manifest.json"):
        files[name] = (site / name).stat().st_mtime_ns
    return files


def rebuilds(library, site, runs):
    """Seconds for a rebuild with one photo changed, and with nothing changed; what the
    one-changed rebuilds rewrote (the most of any run).

    The library's photos are hard links of a few files, so photos share their content and
    are told apart by path (content ids `…-2`, `…-3`, in path order). The photo changed is
    the last of its content in path order and gets content of its own (its source's bytes
    plus a JPEG comment after the image), as an edited photo in a real library would: so
    no other photo's id moves, and what the build rewrites is what one edit costs."""
    one, none, rewritten = [], [], {}
    last_album = sorted(p for p in library.iterdir() if p.is_dir())[-1]
    for k in range(runs):
        target = sorted(last_album.iterdir())[-1 - k]
        before = page_files(site)
        data = target.read_bytes()
        tag = f"bench edit {time.time_ns()}".encode()
        target.unlink()
        target.write_bytes(data + b"\xff\xfe" + (len(tag) + 2).to_bytes(2, "big") + tag)
        one.append(build(library, site))
        after = page_files(site)
        changed = sorted(path for path, mtime in after.items() if before.get(path) != mtime)
        counts = {kind: sum(1 for p in changed if p.startswith(kind)) for kind in ("data/c-", "data/s-", "albums/", "thumbs/", "previews/", "index.html", "manifest.json")}
        rewritten = {kind: max(n, rewritten.get(kind, 0)) for kind, n in counts.items()}
        none.append(build(library, site))
    return one, none, rewritten


# --- in the browser ------------------------------------------------------------------------

MARK_INTERACTIVE = """
document.addEventListener('DOMContentLoaded', () => {
  const wait = () => document.documentElement.getAttribute('data-ready') === 'true'
    ? requestAnimationFrame(() => setTimeout(() => performance.mark('bench-interactive'), 0))
    : setTimeout(wait, 0);
  wait();
});
"""

FRAME = "() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))"

# A click on a pick box, timed two ways, from a frame's start (so no frame is already due):
#   work   the click's handlers and the style and layout they leave (forced at once), what
#          must fit in a frame for the pick to show in the next one;
#   frame  until the frame after it has been produced (rAF, then a task): includes waiting
#          for the display's next tick (up to 16.7 ms), so it is reported, not the target.
# Returns [work, frame, the box's value].
CLICK_TIMED = """async (box) => {
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const start = performance.now();
  box.click();
  document.body.getBoundingClientRect();
  void document.getElementById('tray').offsetHeight;
  const work = performance.now() - start;
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return [work, performance.now() - start, box.value];
}"""

# Picks (as records the page keeps) for photos spread over the whole gallery.
PRESET = """([key, picks]) => { localStorage.setItem(key, JSON.stringify({version: 2, limit: 500, picks})); }"""

PICK = """async () => {
  const unpicked = () => Array.from(document.querySelectorAll('#grid input[name=pick]')).filter(b => !b.checked);
  while (unpicked().length < 3) {
    window.scrollBy(0, window.innerHeight);
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))));
  }
  const boxes = unpicked();
  const box = boxes[Math.floor(boxes.length / 2)];
  return await clickTimed(box);
}""".replace("clickTimed(", f"({CLICK_TIMED})(")

UNPICK = """async (id) => {
  return await clickTimed(document.querySelector('#grid input[value="' + id + '"]'));
}""".replace("clickTimed(", f"({CLICK_TIMED})(")

# A search timed as a person sees it: from the keystroke that completes the query to the
# frame where its results are drawn in view. The query is put in the field and the field
# told so by an `input` event, as the key that types its last character does (what the
# page does on a key: its pause for the next key included, Enter not pressed). Then each
# frame it looks at what the viewport holds and stops when it is the result drawn:
#   - the count of what is shown names the query's result (#shown is not empty);
#   - every photo cell that meets the viewport is a photo of the result (the query's
#     album, or a name holding it: so no photo of the view before is left on screen),
#     filled (no empty frame: its chunk is loaded), and at least one is;
#   - each of their thumbnails is loaded (img.complete, naturalWidth > 0) and decoded
#     (img.decode() resolved: ready to paint without a decode);
# then waits for the next frame to be produced (rAF, then a task) and stops the clock.
# `first`: the field is focused at the start (the keystroke's focus, which starts the
# search index loading in a page that has not loaded it) and nothing is awaited before:
# the first search of a page, index loading included. Otherwise the index is loaded first
# and the view before is the whole gallery, drawn, its top at the top of the window (where
# a search puts it).
# Returns [ms, the count shown, cells checked in view].
SEARCH = """async ([query, field, needle, first]) => {
  const P = (window.wrappedJSObject || window).Proofsheet;  // (Firefox runs WebDriver scripts in a sandbox)
  const input = document.getElementById('search');
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const type = (text) => { input.value = text; input.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: text.slice(-1) || null})); };
  const inView = () => Array.from(document.querySelectorAll('#grid li.photo')).filter(li => {
    const box = li.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
  });
  const matches = (li) => {
    if (li.classList.contains('loading') || !li.id.startsWith('p-')) return false;
    const photo = P.data.lookup(li.id.slice(2));
    if (!photo) return false;
    return field === 'album' ? photo.album === needle : photo.name.toLowerCase().includes(needle);
  };
  if (!first) {
    await P.data.loadIndex();
    if (input.value) {
      type('');
      while (document.getElementById('shown').textContent || inView().some(li => li.classList.contains('loading'))) await frame();
    }
    window.scrollTo(0, document.getElementById('grid').getBoundingClientRect().top + window.pageYOffset - 8);
    for (let i = 0; i < 3; i++) await frame();
  }
  const start = performance.now();
  if (first) input.focus();
  type(query);
  for (;;) {
    await new Promise(r => requestAnimationFrame(r));
    if (!document.getElementById('shown').textContent) continue;
    const cells = inView();
    if (!cells.length || !cells.every(matches)) continue;
    const images = cells.map(li => li.querySelector('img'));
    if (!images.every(img => img.complete && img.naturalWidth > 0)) continue;
    try { await Promise.all(images.map(img => img.decode())); } catch (e) { continue; }
    await frame();
    return [performance.now() - start, document.getElementById('shown').textContent, cells.length];
  }
}"""

# The queries: (query, what a photo of its result is: its album, or a name holding it).
SEARCHES = (("IMG_0000", "name", "img_0000"), ("Album 07", "album", "Album 07"), ("7.jpg", "name", "7.jpg"))

# Top to bottom a screen a frame (a fast fling), the first time (thumbnails not cached):
# every frame's interval (what is seen, software raster included), and the main thread's
# long animation frames (over 50 ms of script, style, layout and paint, Chromium's LoAF).
SCROLL = """async (frameLimit) => {
  // A frame that does not come within 10 s ends the scroll as stalled (at 100,000 photos
  // Chromium stopped giving the page frames about half way down, and the bench hung; a
  // page once stalled gets no frame again, so the next scroll of it stalls at its start).
  const frame = () => new Promise(r => { requestAnimationFrame(r); setTimeout(() => r(null), 10000); });
  window.scrollTo(0, 0);
  if (await frame() === null || await frame() === null) {
    return {stalled: window.scrollY, longest: 10000, p95: 10000, median: 10000, frames: 1, over: 1, loaf: 0, loafLongest: 0};
  }
  const long = [];
  const observer = new PerformanceObserver(list => { for (const e of list.getEntries()) long.push(e.duration); });
  observer.observe({type: 'long-animation-frame'});
  const frames = [];
  let last = performance.now();
  const step = window.innerHeight * SCREENS_A_FRAME;
  let stalled = null;
  while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2 && (frameLimit == null || frames.length < frameLimit)) {
    window.scrollBy(0, step);
    const now = await frame();
    if (now === null) { stalled = window.scrollY; frames.push(performance.now() - last); break; }
    performance.mark('bench-frame');
    frames.push(now - last);
    last = now;
    /* each frame */
  }
  // The last screen's chunk: its photos drawn (no empty frame left, as cells or as a
  // fling's frames).
  while (stalled === null && document.querySelector('#grid li.photo.loading, #grid .frames:not([hidden])')) {
    const now = await frame();
    if (now === null) { stalled = window.scrollY; frames.push(performance.now() - last); break; }
    frames.push(now - last);
    last = now;
  }
  performance.mark('bench-frame');
  await new Promise(r => setTimeout(r, 100));
  observer.disconnect();
  performance.clearMarks('bench-frame');
  frames.sort((a, b) => a - b);
  return {stalled, longest: frames[frames.length - 1], p95: frames[Math.floor(frames.length * 0.95)], median: frames[frames.length >> 1], frames: frames.length,
          over: frames.filter(f => f > 50).length, loaf: long.length, loafLongest: long.length ? Math.max(...long) : 0,
          heap: window.performance && performance.memory ? performance.memory.usedJSHeapSize : null, empty: EMPTY_SEEN};
}"""

# The drawn scroll: slower than a screen a frame, as a quick wheel or trackpad scroll, so
# the grid draws its cells, thumbnails and chunks as they come (a fling a screen a frame
# draws only empty frames), for at most DRAWN_FRAMES frames; each frame it also counts
# whether what was shown had an empty frame on screen (a photo not drawn yet).
DRAWN_FRACTION = 0.4
DRAWN_FRAMES = 1500
DRAWN_SCROLL = SCROLL.replace("SCREENS_A_FRAME", str(DRAWN_FRACTION)).replace("EMPTY_SEEN", "emptySeen").replace(
    "let stalled = null;", "let stalled = null;\n  let emptySeen = 0;").replace("/* each frame */", """for (const li of document.querySelectorAll('#grid li.photo.loading')) {
      const box = li.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) { emptySeen += 1; break; }
    }""")
SCROLL = SCROLL.replace("SCREENS_A_FRAME", "1").replace("EMPTY_SEEN", "null").replace("/* each frame */", "")


# The same scroll over an empty page of the same height, in the same browser: the frames
# this machine gives a page that draws nothing new (a loaded machine shows here first).
EMPTY_PAGE = """(height) => { document.body.style.margin = '0'; const d = document.createElement('div');
  d.style.height = height + 'px'; d.style.background = 'linear-gradient(#fff, #36c)'; document.body.appendChild(d); }"""

# At most this many frames of a scroll are traced (the trace of a whole scroll through
# 100,000 photos would be hundreds of MB).
TRACED_FRAMES = 1000


def frame_cpu(path):
    """Per frame of a traced scroll (between the page's 'bench-frame' marks): the CPU time
    of the renderer's main thread (the page's script, style, layout and paint) and of every
    thread of the browser (compositing and raster included), in ms. Thread time, not wall
    time: what the page costs, whatever else the machine is running."""
    events = json.loads(path.read_text(encoding="utf-8"))
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    marks = sorted(e["ts"] for e in events if e.get("name") == "bench-frame" and e.get("ph") in ("R", "I", "n", "b"))
    if len(marks) < 2:
        return None
    pid = next((e["pid"] for e in events if e.get("name") == "bench-frame"), None)
    tasks = sorted(((e["ts"], e.get("tdur", 0), threads.get((e["pid"], e["tid"])) == "CrRendererMain" and e["pid"] == pid)
                    for e in events if e.get("ph") == "X" and e.get("name") in ("ThreadControllerImpl::RunTask", "ThreadPool_RunTask")))
    main = [0.0] * (len(marks) - 1)
    every = [0.0] * (len(marks) - 1)
    for ts, tdur, is_main in tasks:
        at = bisect.bisect_right(marks, ts) - 1
        if 0 <= at < len(main):
            every[at] += tdur / 1000
            if is_main:
                main[at] += tdur / 1000
    # The main thread's CPU a frame by stage: each stage's events' thread time less that of
    # the stages' events inside them (a layout forced by a script counts as layout); and the
    # raster workers' (RasterTask, on the renderer's worker threads).
    stages = {stage: [0.0] * (len(marks) - 1) for stage in set(STAGES.values()) | {"raster"}}
    spans = sorted((e for e in events
                    if e.get("ph") == "X" and "tdur" in e and e["pid"] == pid
                    and (e.get("name") == "RasterTask" or (e.get("name") in STAGES and threads.get((e["pid"], e["tid"])) == "CrRendererMain"))),
                   key=lambda e: (e["ts"], -e.get("dur", 0)))  # an enclosing event before those inside it
    open_spans = []  # the main thread's stage events enclosing the current one: [end, event]
    for e in spans:
        ts = e["ts"]
        at = bisect.bisect_right(marks, ts) - 1
        if e["name"] == "RasterTask":
            if 0 <= at < len(main):
                stages["raster"][at] += e["tdur"] / 1000
            continue
        while open_spans and open_spans[-1][0] <= ts:
            open_spans.pop()
        if open_spans:  # its time is not its parent's
            parent = open_spans[-1][1]
            parent_at = bisect.bisect_right(marks, parent["ts"]) - 1
            if 0 <= parent_at < len(main):
                stages[STAGES[parent["name"]]][parent_at] -= e["tdur"] / 1000
        if 0 <= at < len(main):
            stages[STAGES[e["name"]]][at] += e["tdur"] / 1000
        open_spans.append([ts + e.get("dur", 0), e])
    return main, every, stages


# Trace events on the renderer's main thread by the stage of a frame they are.
STAGES = {"FireAnimationFrame": "script", "EventDispatch": "script", "TimerFire": "script", "EvaluateScript": "script",
          "FunctionCall": "script", "v8.run": "script", "UpdateLayoutTree": "style", "Layout": "layout", "PrePaint": "paint",
          "Paint": "paint", "Layerize": "paint", "Commit": "commit", "MinorGC": "gc", "MajorGC": "gc"}


def traced_scroll(browser, page, folder):
    """One more scroll (its first TRACED_FRAMES frames) under a Chromium trace: the CPU a
    frame costs, by thread."""
    path = Path(folder) / "scroll-trace.json"
    browser.start_tracing(page=page, path=str(path), categories=["toplevel", "blink.user_timing", "devtools.timeline", "cc"])
    try:
        page.evaluate(SCROLL, TRACED_FRAMES)
    finally:
        browser.stop_tracing()
    result = frame_cpu(path)
    path.unlink(missing_ok=True)
    return result


def stalled_compositor(browser, page, seconds=2):
    """What Chromium's compositor does on a page that gets no frames: two seconds of a trace
    of the cc scheduler. Seen every time so far (Chromium 156, software raster, one raster
    worker): BeginFrames keep coming, but the tree committed last is never ready to
    activate (its tiles' raster tasks were scheduled and never ran), so no frame is drawn
    and no BeginMainFrame (no rAF) is sent again."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stall-trace.json"
        try:
            browser.start_tracing(page=page, path=str(path), categories=["cc", "disabled-by-default-cc.debug"])
            page.wait_for_timeout(seconds * 1000)
            browser.stop_tracing()
            events = json.loads(path.read_text(encoding="utf-8"))
        except Exception as error:  # reported, not held: the scroll's figures stand
            return f"no trace of the stall ({type(error).__name__})"
    events = events["traceEvents"] if isinstance(events, dict) else events
    count = lambda name: sum(1 for e in events if e.get("name") == name)
    return (f"in {seconds} s after it, Chromium's compositor got {count('Scheduler::BeginFrame')} BeginFrames, "
            f"drew no frame ({count('LayerTreeHostImpl::DidNotProduceFrame')} not produced), its pending tree "
            f"{count('Not activating because pending tree not ready')} times not ready to activate, "
            f"{count('RasterTask')} raster tasks run, {count('ProxyImpl::Commit')} commits")


def preset_picks(site, manifest):
    photos = manifest["photos"]
    step = max(1, len(photos) // PRESET_PICKS)
    chosen = photos[::step][:PRESET_PICKS]
    return [{"id": p["id"], "name": p["name"], "path": p["path"], "bytes": p["bytes"], "thumb": p["thumb"]["src"]} for p in chosen]


def measure_chromium(site, runs, scroll_runs, chromium_args=(), scroll_only=False, control=True, search_only=False):
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    gallery = page_data(site)["gallery"]
    picks = preset_picks(site, manifest)
    results = {k: [] for k in ("interactive", "ready", "pick", "pick, to next frame", "limit pick", "limit unpick",
                               "limit, to next frame", "search", "search, first", "scroll, longest frame", "scroll, p95 frame",
                               "scroll, longest main-thread frame", "scroll, long frames",
                               "scroll, main-thread CPU a frame, longest", "scroll, main-thread CPU a frame, median",
                               "scroll, CPU a frame (all threads), longest", "scroll, CPU a frame (all threads), median",
                               "scroll, median frame", "scroll, frames over 50 ms", "scroll, empty page, longest frame",
                               "scroll, empty page, p95 frame", "scroll, empty page, median frame",
                               "scroll, empty page, frames over 50 ms")}
    notes = {}
    url = (site / "index.html").as_uri()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("PROOFSHEET_CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox", "--enable-precise-memory-info", *chromium_args])
        for run in range(runs):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(MARK_INTERACTIVE)
            page = context.new_page()
            page.goto(url, timeout=180_000)
            page.wait_for_function("() => performance.getEntriesByName('bench-interactive').length > 0", timeout=180_000)
            timing = page.evaluate("""() => ({
              ready: performance.getEntriesByName('proofsheet-ready')[0].startTime,
              interactive: performance.getEntriesByName('bench-interactive')[0].startTime,
              paint: (performance.getEntriesByType('paint').find(e => e.name === 'first-paint') || {}).startTime,
              before: performance.getEntriesByType('resource').filter(e => e.startTime < ((performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint') || performance.getEntriesByType('navigation')[0]).startTime || performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd)).map(e => e.name.split('/').slice(-2).join('/')) })""")
            results["interactive"].append(timing["interactive"])
            print(f"  run {run + 1}: interactive {timing['interactive']:.0f} ms", end="", flush=True)
            results["ready"].append(timing["ready"])
            notes["loaded before first paint"] = sorted(n for n in timing["before"] if not n.startswith(("thumbs/", "previews/")))
            if not scroll_only:
                # The first search of the page, in the page just loaded: index loading included.
                page.evaluate(FRAME)
                ms, shown, cells = page.evaluate(SEARCH, [*SEARCHES[1], True])
                results["search, first"].append(ms)
                notes["search, first"] = f"{SEARCHES[1][0]!r}: {shown}, {cells} cells in view"
                print(f", first search {ms:.0f} ms", end="", flush=True)
                if search_only:
                    searches(page, results, notes)
                else:
                    picks_and_search(page, gallery, picks, results, notes)
            if run < scroll_runs:
                scroll_once(browser, page, run, results, notes, control)
            print(", done", flush=True)
            context.close()
        browser.close()
    return results, notes


def picks_and_search(page, gallery, picks, results, notes):
    # The tray full but for the last 21 picks: ordinary picks, then the limit.
    page.evaluate(PRESET, [f"proofsheet:{gallery}:picks", picks])
    page.reload()
    page.wait_for_function("() => document.documentElement.getAttribute('data-ready') === 'true'", timeout=180_000)
    page.evaluate(FRAME)
    for _ in range(LIMIT - PRESET_PICKS - 1):
        work, frame, _id = page.evaluate(PICK)
        results["pick"].append(work)
        results["pick, to next frame"].append(frame)
    work, frame, last = page.evaluate(PICK)
    results["limit pick"].append(work)
    results["limit, to next frame"].append(frame)
    status = page.evaluate("() => document.getElementById('status').textContent")
    assert "500 of 500" in status and "limit" in status, status
    work, frame, _id = page.evaluate(UNPICK, last)
    results["limit unpick"].append(work)
    results["limit, to next frame"].append(frame)
    print(f", picks {statistics.median(results['pick']):.1f} ms", end="", flush=True)
    searches(page, results, notes)


def searches(page, results, notes):
    for query, field, needle in SEARCHES:
        ms, shown, cells = page.evaluate(SEARCH, [query, field, needle, False])
        results["search"].append(ms)
        notes[f"search {query!r}"] = f"{shown}, {cells} cells in view"
    page.evaluate("() => { const i = document.getElementById('search'); i.value = ''; i.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true})); }")


def scroll_once(browser, page, run, results, notes, control):
    scroll = page.evaluate(SCROLL, None)
    results["scroll, longest frame"].append(scroll["longest"])
    results["scroll, p95 frame"].append(scroll["p95"])
    results["scroll, longest main-thread frame"].append(scroll["loafLongest"])
    results["scroll, long frames"].append(scroll["loaf"])
    notes["scroll"] = f"{scroll['frames']} frames, {scroll['over']} over 50 ms"
    if scroll["stalled"] is not None:
        notes["scroll"] += (f"; STALLED: no frame for 10 s at scrollY {scroll['stalled']:,} of "
                            f"{page.evaluate('() => document.documentElement.scrollHeight'):,} after {scroll['frames']:,} frames"
                            " (the page's timers and script still ran)")
        why = stalled_compositor(browser, page)
        if why:
            notes["scroll"] += "; " + why
        notes.setdefault("stalls", []).append(f"run {run + 1}, fling: at scrollY {scroll['stalled']:,} after {scroll['frames']:,} frames" + (f" ({why})" if why else ""))
        print(f", scroll STALLED at {scroll['stalled']:,}", end="", flush=True)
    print(f", scroll longest {scroll['longest']:.0f} ms", end="", flush=True)
    results["scroll, median frame"].append(scroll["median"])
    results["scroll, frames over 50 ms"].append(scroll["over"])
    if scroll.get("heap"):
        results.setdefault("scroll, JS heap at the bottom, MB", []).append(scroll["heap"] / 1e6)
    results.setdefault("scroll, stalled", []).append(0 if scroll["stalled"] is None else 1)
    if control:
        # The control, at once: as many frames over an empty page as tall.
        height = page.evaluate("() => document.documentElement.scrollHeight")
        empty = browser.new_context(viewport={"width": 1280, "height": 900})
        blank = empty.new_page()
        blank.evaluate(EMPTY_PAGE, height)
        bare = blank.evaluate(SCROLL, scroll["frames"])
        empty.close()
        results["scroll, empty page, longest frame"].append(bare["longest"])
        results["scroll, empty page, p95 frame"].append(bare["p95"])
        results["scroll, empty page, median frame"].append(bare["median"])
        results["scroll, empty page, frames over 50 ms"].append(bare["over"])
        print(f" (empty page {bare['longest']:.0f} ms)", end="", flush=True)
    # The first run whose scroll did not stall (a stalled page gets no frame again).
    if not results["scroll, main-thread CPU a frame, longest"] and scroll["stalled"] is None:
        with tempfile.TemporaryDirectory() as folder:
            cpu = traced_scroll(browser, page, folder)
        if cpu:
            main, every, stages = cpu
            results["scroll, main-thread CPU a frame, longest"].append(max(main))
            results["scroll, main-thread CPU a frame, median"].append(statistics.median(main))
            results["scroll, CPU a frame (all threads), longest"].append(max(every))
            results["scroll, CPU a frame (all threads), median"].append(statistics.median(every))
            notes["traced"] = f"{len(main)} frames traced"
            costliest = max(range(len(main)), key=main.__getitem__)
            notes["CPU a frame by stage, median / in the costliest frame"] = ", ".join(
                f"{stage} {statistics.median(values):.1f} / {values[costliest]:.1f} ms"
                for stage, values in sorted(stages.items()) if any(values)) + (
                f" (main thread: script, style, layout, paint; raster: the renderer's raster workers;"
                f" the costliest frame's main thread {main[costliest]:.1f} ms in all)")
            for stage, values in stages.items():
                results.setdefault(f"scroll, {stage} CPU a frame, median", []).append(statistics.median(values))
    if scroll["stalled"] is None:
        drawn = page.evaluate(DRAWN_SCROLL, DRAWN_FRAMES)
        for name, key in (("longest frame", "longest"), ("p95 frame", "p95"), ("median frame", "median"),
                          ("frames over 50 ms", "over"), ("frames showing an empty frame", "empty"), ("frames", "frames")):
            if key in drawn:  # (a scroll that stalled at its start has no count of empty frames)
                results.setdefault(f"scroll drawn, {name}", []).append(drawn[key])
        notes["scroll drawn"] = (f"{DRAWN_FRACTION} screen a frame, {drawn['frames']} frames, {drawn['over']} over 50 ms, "
                                 f"{drawn.get('empty', 'no count of')} showing an empty frame")
        if drawn["stalled"] is not None:
            notes["scroll drawn"] += f"; STALLED at scrollY {drawn['stalled']:,}"
            notes.setdefault("stalls", []).append(f"run {run + 1}, drawn scroll: at scrollY {drawn['stalled']:,} after {drawn['frames']:,} frames")
        print(f", drawn scroll longest {drawn['longest']:.0f} ms", end="", flush=True)


# --- WebKit and Firefox (reported) ------------------------------------------------------

BROWSER_TESTS = ROOT / "Tests" / "browser"


class Drivers:
    """WebKitGTK's MiniBrowser (Selenium + WebKitWebDriver under a private Xvfb) and Firefox
    ESR (Marionette, headless), started by the browser suite's own code (browsers.py)."""

    def __init__(self):
        sys.path.insert(0, str(BROWSER_TESTS))
        import browsers  # noqa: E402  (how the browser suite starts them)
        import engines  # noqa: E402  (the browser suite's adapters)
        self.browsers = browsers
        self.engines = engines
        self.folder = Path(tempfile.mkdtemp(prefix="page-bench-"))
        self.stops = []

    def webkit(self):
        display, stop = self.browsers.start_xvfb()
        self.stops.append(stop)
        driver = self.browsers.start_webkit(display, page_load_timeout=180, script_timeout=1800)
        self.stops.insert(0, driver.quit)
        return self.engines.WebKitEngine(driver)

    def firefox(self):
        engine, stop = self.browsers.start_firefox(self.folder, script_timeout=1800, page_load_timeout=180)
        self.stops.insert(0, stop)
        engine.viewport(1280, 900)
        return engine

    def close(self):
        for stop in self.stops:
            try:
                stop()
            except Exception as error:  # a browser that is already gone
                print(f"  (closing: {error})")
        shutil.rmtree(self.folder, ignore_errors=True)


def call(engine, function, argument=None):
    """Runs one of the bench's async page functions over WebDriver."""
    result = engine.async_script("const done = arguments[arguments.length - 1];"
                                 f"({function})(arguments[0]).then(done, e => done({{benchError: String(e)}}));", argument)
    if isinstance(result, dict) and "benchError" in result:
        raise RuntimeError(result["benchError"])
    return result


# The empty-page control in WebKit and Firefox scrolls at most this many frames (their
# frames are 3–50 times Chromium's under Xvfb: a whole 100,000-photo page's worth would
# double a run that already takes many minutes).
ENGINE_CONTROL_FRAMES = 500

# What measure_driver gives, in the order the tables show it.
ENGINE_FIGURES = ("ready", "pick", "limit pick", "search", "scroll, longest frame", "scroll, p95 frame",
                  "scroll, empty page, longest frame")


def measure_driver(kind, drivers, site, runs, scroll_runs, control=True, raw=False, scroll_frames=None):
    """What measure_chromium measures, in WebKit or Firefox, but for `interactive` (there
    is no script run before the page's own over WebDriver: `ready` is reported instead).
    After each scroll, the control: the same scroll over an empty page as tall, in the same
    browser (up to ENGINE_CONTROL_FRAMES frames). scroll_frames: the scroll's first that many
    frames only (None: top to bottom). Medians, or each run's values (raw)."""
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    gallery = page_data(site)["gallery"]
    picks = preset_picks(site, manifest)
    engine = getattr(drivers, kind)()
    results = {k: [] for k in ENGINE_FIGURES + ("scroll, median frame", "scroll, frames over 50 ms", "scroll, stalled",
                                                 "scroll, empty page, p95 frame")}
    url = (site / "index.html").as_uri()
    ready = "() => new Promise(r => { const w = () => document.documentElement.getAttribute('data-ready') === 'true' ? requestAnimationFrame(() => setTimeout(r, 0)) : setTimeout(w, 10); w(); })"
    for run in range(runs):
        engine.get("about:blank")
        engine.get(url)
        call(engine, ready)
        engine.script("localStorage.clear()")
        results["ready"].append(engine.script("return performance.getEntriesByName('proofsheet-ready')[0].startTime"))
        engine.script(PRESET.replace("([key, picks]) =>", "return (([key, picks]) =>") + ")(arguments[0])", [f"proofsheet:{gallery}:picks", picks])
        engine.refresh()
        call(engine, ready)
        for _ in range(LIMIT - PRESET_PICKS - 1):
            results["pick"].append(call(engine, PICK)[0])
        work, _frame, last = call(engine, PICK)
        unpick = call(engine, UNPICK, last)[0]
        results["limit pick"].append(max(work, unpick))
        for query, field, needle in SEARCHES:
            results["search"].append(call(engine, SEARCH, [query, field, needle, False])[0])
        engine.script("const i = document.getElementById('search'); i.value = ''; i.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));")
        said = ""
        if run < scroll_runs:
            scroll = call(engine, SCROLL, scroll_frames)
            results["scroll, longest frame"].append(scroll["longest"])
            results["scroll, p95 frame"].append(scroll["p95"])
            results["scroll, median frame"].append(scroll["median"])
            results["scroll, frames over 50 ms"].append(scroll["over"])
            results["scroll, stalled"].append(0 if scroll["stalled"] is None else 1)
            if scroll["stalled"] is not None:
                said += f", scroll STALLED at {scroll['stalled']:,} after {scroll['frames']:,} frames"
            said += f", scroll longest {scroll['longest']:.0f} ms ({scroll['frames']:,} frames, median {scroll['median']:.0f} ms)"
            if control:
                height = engine.script("return document.documentElement.scrollHeight")
                engine.script("localStorage.clear()")
                engine.get("about:blank")
                engine.script(EMPTY_PAGE.replace("(height) =>", "return ((height) =>") + ")(arguments[0])", height)
                bare = call(engine, SCROLL, min(scroll["frames"], ENGINE_CONTROL_FRAMES))
                results["scroll, empty page, longest frame"].append(bare["longest"])
                results["scroll, empty page, p95 frame"].append(bare["p95"])
                said += f" (empty page {bare['longest']:.0f} ms, median {bare['median']:.0f} ms, {bare['frames']:,} frames)"
        print(f"  {kind} run {run + 1}: ready {results['ready'][-1]:.0f} ms, picks {median(results['pick']):.1f} ms" + said, flush=True)
    engine.get(url)
    engine.script("localStorage.clear()")
    if raw:
        return results
    return {name: median(values) for name, values in results.items()}


def median(values):
    return statistics.median(values) if values else float("nan")


def verdict(name, value):
    target, unit = TARGETS[name]
    return ("met" if value < target else "NOT MET"), target, unit


def shown(value, unit):
    if unit == "bytes":
        return f"{value / 1000:,.0f} kB"
    if unit == "s":
        return f"{value:.2f} s"
    if unit == "text":
        return value
    if unit == "count":
        return f"{value:g}"
    return f"{value:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scroll-runs", type=int, default=None,
                        help="how many of the runs also scroll top to bottom (default: all; 100,000 photos take minutes a run)")
    parser.add_argument("--engines", action="store_true", help="also measure in WebKit and Firefox (reported)")
    parser.add_argument("--no-rebuilds", action="store_true", help="skip the rebuild figures (the page's only)")
    parser.add_argument("--engine-scroll-frames", type=int, default=None,
                        help="with --engines: WebKit's and Firefox's scroll stops after this many frames (default: "
                             "top to bottom; at 100,000 photos that is ~4,600 of their frames, 15 minutes or more a run)")
    parser.add_argument("--engines-only", action="store_true",
                        help="with --engines: WebKit and Firefox only, no Chromium run (its rows are left empty)")
    parser.add_argument("--chromium-arg", action="append", default=[],
                        help="one more Chromium switch, e.g. --chromium-arg=--disable-gpu (Playwright's defaults raster with SwiftShader)")
    parser.add_argument("--baseline-binary", type=Path, default=None,
                        help="with --baseline-templates: the proofsheet that builds the baseline's site (default: this "
                        "one), for a page whose data files changed form too (say main's: build it in a worktree of main)")
    parser.add_argument("--baseline-templates", type=Path, default=None,
                        help="a templates folder (say main's: git archive main Templates | tar -x -C DIR) whose page is "
                             "measured side by side with this one, in alternating runs, each in a browser of its own")
    parser.add_argument("--templates", type=Path, default=ROOT / "Templates",
                        help="with --baseline-templates: the templates folder measured against it (default: this checkout's)")
    parser.add_argument("--scroll-only", action="store_true", help="measure the scroll only (no picks, no search)")
    parser.add_argument("--search-only", action="store_true", help="measure the searches only (and interactive: no "
                        "picks, no scroll, no rebuilds)")
    parser.add_argument("--no-control", action="store_true", help="no empty-page scroll after each scroll")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    scroll_runs = args.runs if args.scroll_runs is None else args.scroll_runs
    if args.baseline_templates:
        return side_by_side(sizes, args)

    table, extra, others, scroll_notes = {}, {}, {}, {}
    drivers = Drivers() if args.engines else None
    for count in sizes:
        library = make_library(count)
        site = WORK / f"site-{count}"
        print(f"\n== {count:,} photos in {ALBUMS} albums (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)", flush=True)
        seconds = build(library, site)
        print(f"built in {seconds:.1f} s", flush=True)
        first, named = first_load_bytes(site)
        data = page_data(site)
        print(f"index.html {(site / 'index.html').stat().st_size / 1000:,.0f} kB, {len(data['chunks'])} chunks, "
              f"search index {(site / 'data' / (data['search'] + '.js')).stat().st_size / 1000:,.0f} kB", flush=True)
        load = [os.getloadavg()[0]]
        if args.engines_only and drivers:
            results, notes = collections.defaultdict(list), {}
        else:
            results, notes = measure_chromium(site, args.runs, 0 if args.search_only else scroll_runs, args.chromium_arg,
                                              search_only=args.search_only)
        load.append(os.getloadavg()[0])
        for kind in ("webkit", "firefox") if drivers else ():
            try:
                others[(kind, count)] = measure_driver(kind, drivers, site, args.runs, scroll_runs, control=not args.no_control,
                                                       scroll_frames=args.engine_scroll_frames)
            except Exception as error:  # reported, not held: one engine failing leaves the rest
                print(f"  {kind}: not measured ({type(error).__name__}: {str(error)[:300]})", flush=True)
                others[(kind, count)] = {}
        one, none, rewritten = ([], [], {}) if args.no_rebuilds or args.search_only else rebuilds(library, site, max(3, args.runs // 2))
        figures = {
            "first load": first,
            "interactive": median(results["interactive"]),
            "pick": median(results["pick"]),
            "limit pick": max(median(results["limit pick"]), median(results["limit unpick"])),
            "search": median(results["search"]),
            "search, first": median(results["search, first"]),
            "scroll, longest frame": median(results["scroll, longest frame"]),
            "scroll, longest main-thread frame": median(results["scroll, longest main-thread frame"]),
            "scroll drawn, longest frame": median(results.get("scroll drawn, longest frame", [])),
            "rebuild, one changed": median(one),
            "rebuild, nothing changed": median(none),
        }
        reported = {
            "ready (script run)": (median(results["ready"]), "ms"),
            "pick, to next frame": (median(results["pick, to next frame"]), "ms"),
            "limit pick, to next frame": (median(results["limit, to next frame"]), "ms"),
            "scroll, p95 frame": (median(results["scroll, p95 frame"]), "ms"),
            "scroll, median frame": (median(results["scroll, median frame"]), "ms"),
            "scroll, frames over 50 ms": (median(results["scroll, frames over 50 ms"]), "count"),
            "scroll, long frames (main thread)": (median(results["scroll, long frames"]), "count"),
            "scroll, main-thread CPU a frame, longest": (median(results["scroll, main-thread CPU a frame, longest"]), "ms"),
            "scroll, main-thread CPU a frame, median": (median(results["scroll, main-thread CPU a frame, median"]), "ms"),
            "scroll, CPU a frame (all threads), longest": (median(results["scroll, CPU a frame (all threads), longest"]), "ms"),
            "scroll, CPU a frame (all threads), median": (median(results["scroll, CPU a frame (all threads), median"]), "ms"),
            "scroll, empty page, longest frame": (median(results["scroll, empty page, longest frame"]), "ms"),
            "scroll, empty page, p95 frame": (median(results["scroll, empty page, p95 frame"]), "ms"),
            "scroll, empty page, median frame": (median(results["scroll, empty page, median frame"]), "ms"),
            "scroll, empty page, frames over 50 ms": (median(results["scroll, empty page, frames over 50 ms"]), "count"),
            "scroll drawn, p95 frame": (median(results.get("scroll drawn, p95 frame", [])), "ms"),
            "scroll drawn, median frame": (median(results.get("scroll drawn, median frame", [])), "ms"),
            "scroll drawn, frames": (median(results.get("scroll drawn, frames", [])), "count"),
            "scroll drawn, frames over 50 ms": (median(results.get("scroll drawn, frames over 50 ms", [])), "count"),
            "scroll drawn, frames showing an empty frame": (median(results.get("scroll drawn, frames showing an empty frame", [])), "count"),
        }
        reported["load average (1 min), before and after"] = (f"{load[0]:.1f} / {load[1]:.1f}", "text")
        table[count] = figures
        extra[count] = reported
        for name, value in figures.items():
            if value != value:
                continue
            ok, target, unit = verdict(name, value)
            print(f"  {name:26} {shown(value, unit):>12}   target < {shown(target, unit):>9}   {ok}")
        for name, (value, unit) in reported.items():
            print(f"  {name:26} {shown(value, unit):>12}   (reported)")
        print(f"  (scroll: {notes.get('scroll')}; {named} files named by the page; loaded before the first paint,"
              f" images aside: {notes.get('loaded before first paint')})")
        print(f"  (one changed rewrote: {rewritten})")
        for key, value in notes.items():
            if key.startswith(("search", "CPU a frame")):
                print(f"  ({key}: {value})")
            elif key == "stalls":
                print(f"  (stalled: {'; '.join(value)})")
        # The scroll notes are the last run's; every run's stalls are kept (a note is overwritten).
        scroll_notes[count] = {k: ("; ".join(v) if k == "stalls" else v) for k, v in notes.items()
                               if k in ("scroll", "scroll drawn", "CPU a frame by stage, median / in the costliest frame", "stalls")}

    lines = ["| figure | target | " + " | ".join(f"{c:,} photos" for c in sizes) + " |",
             "|---|---:|" + "---:|" * len(sizes)]
    for name, (target, unit) in TARGETS.items():
        cells = []
        for count in sizes:
            value = table[count][name]
            cells.append("—" if value != value else shown(value, unit) + ("" if value < target else " ✗"))
        lines.append(f"| {name} | < {shown(target, unit)} | " + " | ".join(cells) + " |")
    for name in extra[sizes[0]]:
        lines.append(f"| {name} | — | " + " | ".join(shown(*extra[c][name]) for c in sizes) + " |")
    lines += [""] + [f"- {count:,} photos, {key}: {value}" for count, found in scroll_notes.items() for key, value in found.items()]
    if args.chromium_arg:
        lines.append(f"- Chromium started with {' '.join(args.chromium_arg)}")
    if drivers:
        drivers.close()
        names = ENGINE_FIGURES
        lines += ["", "| engine | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
        for (kind, count), values in others.items():
            lines.append(f"| {kind}, {count:,} photos | " + " | ".join(shown(values[n], "ms") if n in values else "—" for n in names) + " |")
        if args.engine_scroll_frames:
            lines.append(f"\n(WebKit's and Firefox's scroll: its first {args.engine_scroll_frames:,} frames, not top to bottom)")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n" + "\n".join(lines))
    print(f"\n(written to {RESULTS.relative_to(ROOT)})")


# The figures of a side-by-side run, in the order they are printed.
SIDE_BY_SIDE = ("interactive", "pick", "search", "search, first", "scroll, longest frame", "scroll, p95 frame", "scroll, median frame",
                "scroll, frames over 50 ms", "scroll, longest main-thread frame", "scroll, long frames",
                "scroll, main-thread CPU a frame, median", "scroll, main-thread CPU a frame, longest",
                "scroll, CPU a frame (all threads), median", "scroll, CPU a frame (all threads), longest",
                "scroll, script CPU a frame, median", "scroll, style CPU a frame, median", "scroll, layout CPU a frame, median",
                "scroll, paint CPU a frame, median", "scroll, commit CPU a frame, median", "scroll, gc CPU a frame, median",
                "scroll, raster CPU a frame, median", "scroll, JS heap at the bottom, MB", "scroll, stalled",
                "scroll, empty page, longest frame", "scroll, empty page, frames over 50 ms",
                "scroll drawn, longest frame", "scroll drawn, p95 frame", "scroll drawn, median frame",
                "scroll drawn, frames over 50 ms", "scroll drawn, frames showing an empty frame")


def side_by_side(sizes, args):
    """The page of another templates folder (the baseline) and this one, measured in
    alternating runs (baseline first in odd runs, this one first in even runs), each run in
    a fresh Chromium (with --engines, then a fresh WebKit and a fresh Firefox; --scroll-runs
    of the runs scroll): medians of each, and this page's over the baseline's. The baseline's
    site is a hard-linked copy of this one's rebuilt with its templates (only the page's
    own files differ)."""
    lines = []
    medians = {}  # (size, "baseline" or "this", figure) → median of runs
    for count in sizes:
        library = make_library(count)
        site = WORK / f"site-{count}"
        baseline = WORK / f"site-{count}-baseline"
        print(f"\n== {count:,} photos, {args.baseline_templates}{f' built by {args.baseline_binary}' if args.baseline_binary else ''} (baseline) vs {args.templates} "
              f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)", flush=True)
        build(library, site, args.templates)
        if not baseline.exists():
            run("cp", "-al", site, baseline)
        build(library, baseline, args.baseline_templates, args.baseline_binary)
        results = {"baseline": {}, "this": {}}
        load = [os.getloadavg()[0]]
        scroll_runs = args.runs if args.scroll_runs is None else args.scroll_runs
        for k in range(args.runs):
            for label in (("baseline", "this") if k % 2 == 0 else ("this", "baseline")):
                print(f"  {label:8}", end="", flush=True)
                found, notes = measure_chromium(baseline if label == "baseline" else site, 1,
                                                1 if k < scroll_runs and not args.search_only else 0, args.chromium_arg,
                                                scroll_only=args.scroll_only, control=not args.no_control,
                                                search_only=args.search_only)
                for name, values in found.items():
                    results[label].setdefault(name, []).extend(values)
                if notes.get("scroll"):
                    print(f"    ({notes['scroll']})")
                for kind in ("webkit", "firefox") if args.engines else ():
                    drivers = Drivers()
                    try:
                        found = measure_driver(kind, drivers, baseline if label == "baseline" else site, 1,
                                               1 if k < scroll_runs else 0, control=not args.no_control, raw=True)
                        for name, values in found.items():
                            results[label].setdefault(f"{kind}: {name}", []).extend(values)
                    except Exception as error:  # reported, not held: one engine failing leaves the rest
                        print(f"  {kind}: not measured ({type(error).__name__}: {str(error)[:300]})", flush=True)
                    finally:
                        drivers.close()
            load.append(os.getloadavg()[0])
        lines += [f"", f"{count:,} photos, {args.runs} alternating runs each, load average (1 min) "
                  + " / ".join(f"{x:.1f}" for x in load) + (f", Chromium {' '.join(args.chromium_arg)}" if args.chromium_arg else "")
                  + f"; baseline {args.baseline_templates}, this {args.templates}",
                  "", "| figure (median of runs) | baseline | this | this / baseline |", "|---|---:|---:|---:|"]
        engine_rows = tuple(f"{kind}: {name}" for kind in (("webkit", "firefox") if args.engines else ())
                            for name in ENGINE_FIGURES + ("scroll, frames over 50 ms", "scroll, stalled"))
        for name in TARGETS:
            for label in ("baseline", "this"):
                medians[(count, label, name)] = median(results[label].get(name, []))
        for name in SIDE_BY_SIDE + engine_rows:
            a, b = median(results["baseline"].get(name, [])), median(results["this"].get(name, []))
            if a != a and b != b:
                continue
            counted = ("frames" in name and "CPU" not in name) or "stalled" in name
            fmt = (lambda v: f"{v:g}") if counted else (lambda v: f"{v:.1f} MB") if "MB" in name else (lambda v: f"{v:.1f} ms")
            if "stalled" in name:  # how many runs stalled, not a median
                a, b = sum(results["baseline"].get(name, [])), sum(results["this"].get(name, []))
            ratio = f"{b / a:.2f}×" if a and a == a and b == b else "—"
            lines.append(f"| {name} | {fmt(a)} | {fmt(b)} | {ratio} |")
        lines.append("")
        if results["this"].get("search, first"):
            lines.append("runs, first search: before " + ", ".join(f"{v:.0f}" for v in results["baseline"].get("search, first", []))
                         + "; now " + ", ".join(f"{v:.0f}" for v in results["this"]["search, first"]) + " ms")
        if results["this"].get("scroll, longest frame"):
            lines.append("runs, baseline: " + "; ".join(f"{n} " + ", ".join(f"{v:.0f}" for v in results["baseline"].get(n, []))
                                                       for n in ("scroll, longest frame", "scroll, frames over 50 ms")))
            lines.append("runs, this: " + "; ".join(f"{n} " + ", ".join(f"{v:.0f}" for v in results["this"].get(n, []))
                                                   for n in ("scroll, longest frame", "scroll, frames over 50 ms")))
    summary = against_targets(sizes, medians, args.runs)
    out = RESULTS.with_name("page-side-by-side.md")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(summary + lines) + "\n", encoding="utf-8")
    RESULTS.write_text("\n".join(summary) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print("\n" + "\n".join(summary))
    print(f"\n(written to {out.relative_to(ROOT)}, the table above also to {RESULTS.relative_to(ROOT)})")


def against_targets(sizes, medians, runs):
    """The side-by-side medians of the figures that have a target, the baseline's beside
    this page's at each size, and for each whether this page meets its target at every
    size, said in words."""
    names = [n for n in TARGETS if any(medians.get((c, "this", n), float("nan")) == medians.get((c, "this", n)) for c in sizes)]
    lines = [f"Medians of {runs} alternating runs each: the baseline (before) beside this page (now); ✗ not under the target.",
             "", "| figure | target | " + " | ".join(f"{c:,}: before | {c:,}: now" for c in sizes) + " |",
             "|---|---:|" + "---:|---:|" * len(sizes)]
    verdicts = []
    for name in names:
        target, unit = TARGETS[name]
        cells = []
        for count in sizes:
            for label in ("baseline", "this"):
                value = medians.get((count, label, name), float("nan"))
                cells.append("—" if value != value else shown(value, unit) + ("" if value < target else " ✗"))
        lines.append(f"| {name} | < {shown(target, unit)} | " + " | ".join(cells) + " |")
        missed = [f"{c:,} photos ({shown(medians[(c, 'this', name)], unit)})" for c in sizes
                  if medians.get((c, "this", name), float("nan")) == medians.get((c, "this", name))
                  and medians[(c, "this", name)] >= target]
        verdicts.append(f"- {name}: target < {shown(target, unit)} " +
                        (f"NOT MET at {', '.join(missed)}" if missed else "met at every size measured"))
    return lines + [""] + verdicts + [""]


if __name__ == "__main__":
    main()
