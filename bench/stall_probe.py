"""Scroll a built gallery top to bottom a screen a frame (page_bench's scroll) in fresh
Chromiums and count the scrolls that stop getting animation frames (the 100,000-photo
stall, README "At 100,000 photos the scroll stalls now and then"); on a stall, print the
page's state, take a 3 s trace of every process (the cc scheduler's state among it) and,
with --recover, try what might give the page frames again (in order; the last ones wait
for a frame and never return on a stalled page, so run each scroll under `timeout`).

  .venv/bin/python bench/stall_probe.py --runs 1 --max-frames 1200 --recover
      [--chromium-arg=--disable-gpu] [--headed (under xvfb-run)] [--url URL]
      [--ring-trace cc,disabled-by-default-cc.debug]   # a ring-buffer trace across the scroll

The minimal page: --url "file://$PWD/bench/stall_repro.html?thumbs=URL,URL,..." (the
site's thumbnails). A measurement aid, not a test.
"""
import argparse
import base64
import json
import os
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent

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
  while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2 && (!limit || frames < limit)) {
    window.scrollBy(0, h);
    const now = await frame();
    if (now === null) return {stalled: window.scrollY, frames, longest, at: performance.now(), lastFrameAt: last};
    frames++; longest = Math.max(longest, now - last); last = now;
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

RAF = """(t) => new Promise(r => { requestAnimationFrame(() => r(true)); setTimeout(() => r(false), t); })"""


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
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    url = args.url or args.site.as_uri()
    stalls = 0
    with sync_playwright() as p:
        for run in range(args.runs):
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
            start = time.monotonic()
            load = os.getloadavg()[0]
            result = page.evaluate(SCROLL, [args.timeout, args.step, args.max_frames])
            seconds = time.monotonic() - start
            line = f"run {run + 1}: load {load:.1f}-{os.getloadavg()[0]:.1f}, {seconds:.0f} s, {result['frames']} frames, longest {result['longest']:.0f} ms"
            if result["stalled"] is None:
                print(line + (", not stalled" if args.max_frames else ", bottom"), flush=True)
                if ring is not None:
                    bcdp.send("Tracing.end")
                    while not ring:
                        page.wait_for_timeout(100)
                    bcdp.send("IO.close", {"handle": ring["stream"]})
            else:
                stalls += 1
                print(line + f", STALLED at {result['stalled']:,}", flush=True)
                if ring is not None:
                    page.wait_for_timeout(3000)
                    bcdp.send("Tracing.end")
                    while not ring:
                        page.wait_for_timeout(100)
                    path = args.out / f"ring-{run + 1}.json"
                    save_stream(bcdp, ring["stream"], path)
                    print(f"  ring trace {path} ({path.stat().st_size / 1e6:.0f} MB); stall at page time {result['at']:.0f}, last frame {result['lastFrameAt']:.0f}", flush=True)
                print("  state " + json.dumps(page.evaluate(STATE)), flush=True)
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
            browser.close()
    print(f"RESULT {args.label} {stalls} of {args.runs} stalled ({' '.join(args.chromium_arg) or 'defaults'}{', headed' if args.headed else ''})")


if __name__ == "__main__":
    main()
