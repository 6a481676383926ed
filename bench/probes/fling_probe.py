#!/usr/bin/env python3
"""Where the fling's long frames go: page_bench's fling (window.scrollBy a screen a frame,
top to bottom, or its first --frames frames) on one site or more (alternating, a fresh
Chromium each run): the longest frame intervals, the long animation frames (LoAF) with
their scripts, the chunks that arrived, and the JS heap at the bottom; with --trace, the
fling under a Chromium trace (v8, GC, cppgc, devtools.timeline, cc): the main thread's CPU
a frame (thread time, each event's own), the garbage collections on the main thread
(count and time; each full collection's pause and the heap it left, as V8 reports them),
for the costliest frames their CPU by event, and for the longest frame intervals every
thread's wall and CPU time in them.

--drawn measures page_bench's drawn scroll instead (0.4 of a screen a frame, its first
1,500 frames); --picks runs page_bench's picks and searches first, --search its searches only (the search index loaded, as
it is in page_bench's scrolls) and --fling-first its fling to the bottom (as before its
drawn scroll), neither of them traced.

Run: .venv/bin/python bench/probes/fling_probe.py SITE [SITE ...] [--runs 2] [--trace [--gc-only]]
     [--drawn] [--search] [--fling-first] [--frames N] [--top 6] [--quiet] [--keep-trace FILE]
"""

import argparse
import bisect
import collections
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/, for page_bench
from page_bench import DRAWN_FRAMES, DRAWN_SCROLL, MARK_INTERACTIVE, SCROLL, SEARCH, page_data, picks_and_search, preset_picks  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RECORD = """() => {
  window.__probe = {chunks: [], loaf: [], frames: []};
  Proofsheet.data.onChunk(c => window.__probe.chunks.push({name: c.name, t: performance.now(), y: window.scrollY}));
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.__probe.loaf.push({
    start: e.startTime, duration: e.duration, renderStart: e.renderStart, styleAndLayoutStart: e.styleAndLayoutStart,
    blocking: e.blockingDuration,
    scripts: e.scripts.map(s => ({src: s.sourceURL.split('/').slice(-2).join('/'), fn: s.sourceFunctionName, invoker: s.invoker,
      type: s.invokerType, start: s.startTime, duration: s.duration, forced: s.forcedStyleAndLayoutDuration, compile: s.executionStart - s.startTime}))}); })
    .observe({type: 'long-animation-frame', buffered: false});
}"""

# page_bench's fling, with each frame's time and scrollY kept.
KEEP = ("frames.push(now - last);\n    last = now;", "frames.push(now - last);\n    window.__probe.frames.push([now, now - last, window.scrollY]);\n    last = now;")
FLING = SCROLL.replace(*KEEP, 1)
assert FLING != SCROLL
# page_bench's drawn scroll (0.4 of a screen a frame, its first 1,500 frames), likewise.
DRAWN = DRAWN_SCROLL.replace(*KEEP, 1)
assert DRAWN != DRAWN_SCROLL


def self_times(events, pid, tid):
    """Each complete event of one thread with its self thread time (its tdur less its
    children's), as (ts, name, self ms)."""
    spans = sorted((e for e in events if e.get("ph") == "X" and e.get("pid") == pid and e.get("tid") == tid and "tdur" in e),
                   key=lambda e: (e["ts"], -e.get("dur", 0)))
    out = []
    stack = []  # [end, index in out]
    for e in spans:
        while stack and stack[-1][0] <= e["ts"]:
            stack.pop()
        if stack:
            parent = out[stack[-1][1]]
            parent[2] -= e["tdur"] / 1000
        out.append([e["ts"], e["name"], e["tdur"] / 1000, e.get("args", {})])
        stack.append([e["ts"] + e.get("dur", 0), len(out) - 1])
    return out


def analyse(path, top):
    events = json.loads(Path(path).read_text(encoding="utf-8"))
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    marks = sorted(e["ts"] for e in events if e.get("name") == "bench-frame" and e.get("ph") in ("R", "I", "n", "b"))
    pid = next(e["pid"] for e in events if e.get("name") == "bench-frame")
    mtid = next(t for (p, t), n in names.items() if p == pid and n == "CrRendererMain")
    frames = len(marks) - 1
    cpu = [0.0] * frames
    by_name = [collections.Counter() for _ in range(frames)]
    total = collections.Counter()
    for ts, name, own, args in self_times(events, pid, mtid):
        at = bisect.bisect_right(marks, ts) - 1
        if 0 <= at < frames:
            cpu[at] += own
            by_name[at][name] += own
            total[name] += own
    order = sorted(range(frames), key=lambda i: -cpu[i])
    print(f"  traced {frames} frames; main-thread CPU a frame median {statistics.median(cpu):.1f} ms, p99 {sorted(cpu)[int(frames * 0.99)]:.1f}, "
          f"longest: " + ", ".join(f"{cpu[i]:.1f} (frame {i})" for i in order[:top]))
    print("  main thread, whole fling, self CPU by event (ms): " + ", ".join(f"{k} {v:.0f}" for k, v in total.most_common(16)))
    gcs = [e for e in events if e.get("ph") == "X" and e["pid"] == pid and e["tid"] == mtid and e["name"] in ("V8.GC_MARK_COMPACTOR", "V8.GC_SCAVENGER", "V8.GC_MC_COMPLETE_SWEEPING", "V8.GC_MC_BACKGROUND_MARKING")]
    count = collections.Counter(e["name"] for e in gcs)
    print("  GC on the main thread: " + ", ".join(f"{k} x{count[k]} {sum(e.get('dur', 0) for e in gcs if e['name'] == k) / 1000:.1f} ms" for k in count))
    # V8's own account of each full collection: its pause, and the heap (V8's and Blink's
    # together) before and after it.
    full = [v for v in (json.loads(e["args"]["value"]) for e in events if e.get("name") == "V8.GCTraceGCNVP") if v.get("gc") == "mc"]
    if full:
        pauses = sorted((v["pause"] for v in full), reverse=True)
        print(f"  full collections {len(full)}: pauses longest {', '.join(f'{x:.0f}' for x in pauses[:5])} ms, median {statistics.median(pauses):.1f}, "
              f"sum {sum(pauses):.0f} ms; heap after the last {full[-1]['end_global_consumed_size'] / 1e6:.1f} MB; freed "
              f"{sum(v['start_global_consumed_size'] - v['end_global_consumed_size'] for v in full) / 1e3 / frames:.0f} kB a frame")
    for i in order[:top]:
        wall = (marks[i + 1] - marks[i]) / 1000
        print(f"  frame {i} (interval {wall:.1f} ms, main CPU {cpu[i]:.1f} ms): " + ", ".join(f"{k} {v:.1f}" for k, v in by_name[i].most_common(12) if v >= 0.3))
    # The longest frame intervals, and what every thread of the browser did in them: each
    # thread's tasks' wall and CPU time (wall well over CPU: the thread waited for a core).
    tasks = [e for e in events if e.get("ph") == "X" and e.get("name") in ("ThreadControllerImpl::RunTask", "ThreadPool_RunTask")]
    processes = {e["pid"]: e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "process_name"}
    longest = sorted(range(frames), key=lambda i: marks[i] - marks[i + 1])[:top]
    for i in sorted(longest):
        start, end = marks[i], marks[i + 1]
        busy = collections.defaultdict(lambda: [0.0, 0.0])
        for e in tasks:
            if start <= e["ts"] < end:
                key = f"{processes.get(e['pid'], e['pid'])}/{names.get((e['pid'], e['tid']), e['tid'])}"
                busy[key][0] += e.get("dur", 0) / 1000
                busy[key][1] += e.get("tdur", 0) / 1000
        shown = sorted(busy.items(), key=lambda kv: -kv[1][0])
        print(f"  interval {(end - start) / 1000:.1f} ms (frame {i}, main CPU {cpu[i]:.1f} ms): threads wall/CPU "
              + ", ".join(f"{k} {w:.1f}/{c:.1f}" for k, (w, c) in shown if w >= 1))
        print("      main thread: " + ", ".join(f"{k} {v:.1f}" for k, v in by_name[i].most_common(8) if v >= 0.3))
    return cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sites", type=Path, nargs="+")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--top", type=int, default=6)
    parser.add_argument("--frames", type=int, default=None)
    parser.add_argument("--drawn", action="store_true", help="page_bench's drawn scroll (0.4 of a screen a frame, its first "
                        "1,500 frames) instead of the fling; --frames still limits it")
    parser.add_argument("--picks", action="store_true", help="page_bench's picks and searches first (479 picks preset, "
                        "the page reloaded, picks to the limit of 500, the three searches), exactly as before its scrolls")
    parser.add_argument("--search", action="store_true", help="page_bench's three searches first (the search index "
                        "loaded, as in page_bench's scrolls)")
    parser.add_argument("--fling-first", action="store_true", help="a fling to the bottom (untraced) before what is measured, "
                        "as page_bench's drawn scroll comes after its fling")
    parser.add_argument("--keep-trace", type=Path, default=None, help="keep the (last run's) trace here")
    parser.add_argument("--quiet", action="store_true", help="no per-frame and LoAF lines")
    parser.add_argument("--gc-only", action="store_true", help="with --trace, only the categories for the collections "
                        "(a lighter trace)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    with sync_playwright() as p:
        for run, site in ((run, site) for run in range(args.runs) for site in (args.sites if run % 2 == 0 else args.sites[::-1])):
            url = (site / "index.html").resolve().as_uri()
            browser = p.chromium.launch(executable_path=os.environ.get("PROOFSHEET_CHROMIUM", "/usr/bin/chromium"),
                                        args=["--no-sandbox", "--enable-precise-memory-info"])
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(MARK_INTERACTIVE)
            page = context.new_page()
            page.goto(url, timeout=180_000)
            page.wait_for_function("() => performance.getEntriesByName('bench-interactive').length > 0", timeout=180_000)
            if args.picks:
                manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
                picks_and_search(page, page_data(site)["gallery"], preset_picks(site, manifest), collections.defaultdict(list), {})
            elif args.search:
                for query in ("IMG_0000", "Album 07", "7.jpg", ""):
                    page.evaluate(SEARCH, query)
            if args.fling_first:
                page.evaluate(SCROLL, None)
            page.evaluate(RECORD)
            folder = tempfile.mkdtemp()
            path = Path(folder) / "fling.json"
            if args.trace:
                browser.start_tracing(page=page, path=str(path), categories=[
                    "toplevel", "blink.user_timing", "devtools.timeline", "v8", "disabled-by-default-v8.gc", "cc", "disabled-by-default-cppgc", "blink_gc"]
                    if not args.gc_only else ["blink.user_timing", "toplevel", "v8", "disabled-by-default-v8.gc"])
            scroll = page.evaluate(DRAWN, args.frames or DRAWN_FRAMES) if args.drawn else page.evaluate(FLING, args.frames)
            if args.trace:
                browser.stop_tracing()
            probe = page.evaluate("() => window.__probe")
            loaded = page.evaluate("() => Proofsheet.data.chunks.filter(c => c.loaded).length")
            frames = probe["frames"]
            longest = sorted(frames, key=lambda f: -f[1])[:args.top]
            print(f"{site} run {run + 1}: {scroll['frames']} frames, longest {scroll['longest']:.1f} ms, over 50: {scroll['over']}, "
                  f"LoAF {scroll['loaf']} (longest {scroll['loafLongest']:.0f}), heap {scroll['heap'] / 1e6:.1f} MB, "
                  f"chunks loaded {loaded}, arrivals in the fling {len(probe['chunks'])}, stalled {scroll['stalled']}, "
                  f"load {os.getloadavg()[0]:.2f}")
            for t, d, y in longest if not args.quiet else ():
                near = [c["name"] for c in probe["chunks"] if t - 200 < c["t"] < t + 50]
                index = next(i for i, f in enumerate(frames) if f[0] == t)
                print(f"  frame {index} at {t:.0f} ms: {d:.1f} ms, scrollY {y:,}" + (f", chunks near: {near}" if near else ""))
            for entry in probe["loaf"] if not args.quiet else ():
                print(f"  LoAF at {entry['start']:.0f}: {entry['duration']:.0f} ms (render {entry['renderStart'] - entry['start']:.0f}, "
                      f"style+layout {entry['styleAndLayoutStart'] - entry['start']:.0f}, blocking {entry['blocking']:.0f}); scripts: "
                      + "; ".join(f"{s['type']} {s['invoker']} {s['src']} {s['duration']:.0f} ms (compile {s['compile']:.0f})" for s in entry["scripts"]))
            if probe["chunks"]:
                print("  chunk arrivals: " + ", ".join(f"{c['name']}@{c['t']:.0f}" for c in probe["chunks"][:20]))
            if args.trace:
                analyse(path, args.top)
                if args.keep_trace:
                    path.replace(args.keep_trace)
                else:
                    path.unlink(missing_ok=True)
            browser.close()


if __name__ == "__main__":
    main()
