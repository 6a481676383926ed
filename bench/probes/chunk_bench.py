#!/usr/bin/env python3
"""A chunk's arrival, two sites side by side (say one built by main's binary and one by
this checkout's): in alternating runs, each in a fresh Chromium, page_bench's drawn scroll
(0.4 of a screen a frame from the top, its first 1,500 frames, every chunk drawn as it
comes) is measured twice:

  untraced  its frames: longest, 95th percentile, median, how many over 50 ms; then the JS
            heap (used, as the page left it, and after a full garbage collection)
  traced    the same scroll in a fresh page under a Chromium trace (v8, devtools.timeline,
            v8.gc): per chunk script that arrived, the renderer main thread's time in it
            (EvaluateScript, v8.compile and v8.run inside it), the time compiling it off the
            main thread (script streaming), and the garbage collection of the whole scroll
            (main thread, and every V8 thread)

and the chunk files' mean size. Medians of the runs, and the second site's over the first's.

Run: .venv/bin/python bench/probes/chunk_bench.py BASELINE_SITE THIS_SITE [--runs 3] [--frames 1500]
(the sites as page_bench builds them: bench/corpus/page/site-N)."""

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/, for page_bench
import page_bench  # noqa: E402  (its drawn scroll, as the benchmark runs it)
from playwright.sync_api import sync_playwright  # noqa: E402

CATEGORIES = ["toplevel", "v8", "devtools.timeline", "disabled-by-default-v8.gc", "disabled-by-default-v8.compile", "blink.user_timing"]
MAIN_GC = ("MinorGC", "MajorGC")
ERRORS = []  # script errors on either page: a measurement of a broken page is no measurement


def open_page(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("pageerror", lambda error: ERRORS.append(f"{site}: {error}"))
    page.goto((site / "index.html").as_uri(), timeout=180_000)
    page.wait_for_function("() => document.documentElement.getAttribute('data-ready') === 'true'", timeout=180_000)
    page.evaluate(page_bench.FRAME)
    return context, page


def untraced(browser, site, frames):
    context, page = open_page(browser, site)
    drawn = page.evaluate(page_bench.DRAWN_SCROLL, frames)
    cdp = context.new_cdp_session(page)
    used = page.evaluate("() => performance.memory.usedJSHeapSize")
    cdp.send("HeapProfiler.collectGarbage")
    after = cdp.send("Runtime.getHeapUsage")["usedSize"]
    context.close()
    return {"drawn, longest frame": drawn["longest"], "drawn, p95 frame": drawn["p95"], "drawn, median frame": drawn["median"],
            "drawn, frames over 50 ms": drawn["over"], "drawn, frames": drawn["frames"],
            "drawn, frames showing an empty frame": drawn["empty"], "JS heap after the scroll, MB": used / 1e6,
            "JS heap after a full GC, MB": after / 1e6}


def traced(browser, site, frames):
    context, page = open_page(browser, site)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "trace.json"
        browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
        try:
            page.evaluate(page_bench.DRAWN_SCROLL, frames)
        finally:
            browser.stop_tracing()
        events = json.loads(path.read_text(encoding="utf-8"))
    context.close()
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    pid = next((e["pid"] for e in events if e.get("name") == "bench-frame"), None)
    spans = [e for e in events if e.get("ph") == "X" and e.get("pid") == pid]
    main = lambda e: threads.get((e["pid"], e["tid"])) == "CrRendererMain"
    ms = lambda e: e.get("tdur", e.get("dur", 0)) / 1000
    scripts = [e for e in spans if main(e) and e["name"] == "EvaluateScript" and "/data/c-" in str(e.get("args", {}).get("data", {}).get("url", ""))]
    inside = lambda name: [sum(ms(x) for x in spans if main(x) and x["name"] == name and x["tid"] == s["tid"]
                               and s["ts"] <= x["ts"] < s["ts"] + s.get("dur", 0)) for s in scripts]
    compiled = [ms(e) for e in spans if not main(e) and threads.get((e["pid"], e["tid"]), "").startswith(("ThreadPool", "V8", "Worker"))
                and e["name"] in ("v8.compile", "v8.parseOnBackground", "V8.StreamingFinalization", "v8.compileModule")]
    gc_events = [ms(e) for e in spans if main(e) and e["name"] in MAIN_GC]
    gc_main = sum(gc_events)
    gc_all = sum(ms(e) for e in spans if e["name"].startswith("V8.GC") and not e["name"].startswith("V8.GC_"))
    n = max(1, len(scripts))
    each = [ms(s) for s in scripts]
    return {"chunks arrived": len(scripts),
            "chunk script, main thread, mean ms": sum(each) / n, "chunk script, main thread, longest ms": max(each, default=0),
            "chunk script, v8.compile on main, mean ms": sum(inside("v8.compile")) / n,
            "chunk script, v8.run, mean ms": sum(inside("v8.run")) / n,
            "chunk compile off the main thread, mean ms": sum(compiled) / n,
            "GC on the main thread, whole scroll ms": gc_main, "GC on the main thread, longest ms": max(gc_events, default=0),
            "major GCs (main thread)": sum(1 for e in spans if main(e) and e["name"] == "MajorGC"),
            "GC on every V8 thread, whole scroll ms": gc_all}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("baseline", type=Path)
    parser.add_argument("this", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--frames", type=int, default=page_bench.DRAWN_FRAMES)
    args = parser.parse_args()
    sites = {"baseline": args.baseline.resolve(), "this": args.this.resolve()}
    results = {label: {} for label in sites}
    for label, site in sites.items():
        files = list((site / "data").glob("c-*.js"))
        results[label]["chunk file, mean kB"] = [sum(f.stat().st_size for f in files) / len(files) / 1000]
    load = [os.getloadavg()[0]]
    with sync_playwright() as p:
        for k in range(args.runs):
            for label in ("baseline", "this") if k % 2 == 0 else ("this", "baseline"):
                browser = p.chromium.launch(executable_path=os.environ.get("PROOFSHEET_CHROMIUM", "/usr/bin/chromium"),
                                            args=["--no-sandbox", "--enable-precise-memory-info"])
                found = untraced(browser, sites[label], args.frames)
                found.update(traced(browser, sites[label], args.frames))
                browser.close()
                for name, value in found.items():
                    results[label].setdefault(name, []).append(value)
                if ERRORS:
                    sys.exit("script errors on the page: " + "; ".join(ERRORS))
                print(f"  run {k + 1} {label:8} " + ", ".join(f"{n} {v:.1f}" for n, v in found.items()), flush=True)
            load.append(os.getloadavg()[0])
    print(f"\n{args.runs} alternating runs each, load average (1 min) " + " / ".join(f"{x:.1f}" for x in load)
          + f"; baseline {args.baseline}, this {args.this}\n")
    print("| figure (median of runs) | baseline | this | this / baseline |\n|---|---:|---:|---:|")
    for name in results["baseline"]:
        a, b = statistics.median(results["baseline"][name]), statistics.median(results["this"][name])
        print(f"| {name} | {a:.2f} | {b:.2f} | {f'{b / a:.2f}×' if a else '—'} |")
    for label in results:
        print(f"runs, {label}: " + "; ".join(f"{n} " + ", ".join(f"{v:.1f}" for v in results[label][n])
                                            for n in ("drawn, longest frame", "drawn, p95 frame", "JS heap after the scroll, MB")))


if __name__ == "__main__":
    main()
