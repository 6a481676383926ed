#!/usr/bin/env python3
"""What a pick costs in WebKit, the ordinary one and the one that reaches the limit:
page_bench's 1,000-photo library built with a limit of 500 from one templates folder or
more, each page opened with page_bench's 479 picks preset (spread over the gallery), then
20 ordinary picks, then (--cycles times) the pick that reaches 500 and the unpick that
leaves it, each timed as
page_bench times a pick (click → the style and layout it leaves, forced at once: `work`),
and split: `handlers` is the click's own script (the page's event handlers, whatever
style and layout they force themselves), the rest the style and layout left for after.

The variants run in one WebKitGTK (MiniBrowser under Xvfb, Selenium + WebKitWebDriver,
as the browser suite starts it), alternating, the first variant changing each round, so
that a machine busier now than then weighs on each alike. Medians per variant, and each
variant's ratio to the first.

--engine firefox or chromium runs the same in Firefox ESR (Marionette, headless) or headless
Chromium (Playwright), to compare a change's cost across engines.

Run: .venv/bin/python bench/probes/webkit_pick_probe.py [--templates DIR ...] [--label NAME ...] [--runs 5]
     [--cycles 5] [--attribute] [--engine webkit|firefox|chromium]
(default: this tree's Templates/). Needs the release binary (or PROOFSHEET_BIN).
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/, for page_bench
import page_bench  # noqa: E402
from page_bench import CLICK_TIMED, LIMIT, PICK, PRESET, PRESET_PICKS, ROOT, UNPICK, WORK, call  # noqa: E402

# page_bench's timed click, with the time the click's handlers took on their own.
SPLIT = CLICK_TIMED.replace(
    "box.click();\n", "box.click();\n  const handlers = performance.now() - start;\n"
).replace("return [work, performance.now() - start, box.value];", "return [work, performance.now() - start, box.value, handlers];")
assert SPLIT != CLICK_TIMED and "handlers]" in SPLIT
PICK_SPLIT = PICK.replace(f"({CLICK_TIMED})(", f"({SPLIT})(")
UNPICK_SPLIT = UNPICK.replace(f"({CLICK_TIMED})(", f"({SPLIT})(")
assert PICK_SPLIT != PICK and UNPICK_SPLIT != UNPICK

# --attribute: each module's render (and Store.save) timed, then the style and layout it
# left forced and timed on its own: where a pick's time goes, module by module. It changes
# what it measures (one forced layout a module, not one a pick), so its runs are apart.
ATTRIBUTE = """
window.__attr = {};
const P = window.Proofsheet;
for (const [name, fn] of [['grid', 'render'], ['status', 'render'], ['tray', 'render'], ['actions', 'render'],
                          ['viewer', 'render'], ['notes', 'render'], ['send', 'render'], ['focus', 'render'], ['store', 'save']]) {
  const module = P[name], original = module && module[fn];
  if (typeof original !== 'function') continue;
  module[fn] = function () {
    const t0 = performance.now();
    const result = original.apply(this, arguments);
    const t1 = performance.now();
    document.body.getBoundingClientRect();
    const t2 = performance.now();
    (window.__attr[name] = window.__attr[name] || []).push([t1 - t0, t2 - t1]);
    return result;
  };
}
"""

READY = ("() => new Promise(r => { const w = () => document.documentElement.getAttribute('data-ready') === 'true'"
         " ? requestAnimationFrame(() => setTimeout(r, 0)) : setTimeout(w, 10); w(); })")
FIGURES = ("pick", "pick, handlers", "limit pick", "limit pick, handlers", "limit unpick", "limit unpick, handlers")


class ChromiumEngine:
    """Headless Chromium (Playwright, /usr/bin/chromium, 1280 x 900) behind the few WebDriver
    calls the probe makes: a script is a function body reading `arguments` (the last one the
    callback, for an async script), as WebDriver runs it."""

    def __init__(self, playwright):
        self.browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        # The page's Content-Security-Policy forbids the Function constructor the calls use.
        self.page = self.browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()

    def get(self, url):
        self.page.goto(url)

    def refresh(self):
        self.page.reload()

    def script(self, body, *args):
        return self.page.evaluate("([body, args]) => new Function(body).apply(null, args)", [body, list(args)])

    def async_script(self, body, *args):
        return self.page.evaluate("([body, args]) => new Promise(done => new Function(body).apply(null, [...args, done]))",
                                  [body, list(args)])


def ms(values):
    return " ".join(f"{v:.0f}" for v in values)


def one_run(engine, site, picks, gallery, cycles, attribution=None):
    """One page load: the preset, 20 ordinary picks, then `cycles` times the limit pick and its unpick."""
    url = (site / "index.html").as_uri()
    engine.get("about:blank")
    engine.get(url)
    call(engine, READY)
    engine.script("localStorage.clear()")
    engine.script(PRESET.replace("([key, picks]) =>", "return (([key, picks]) =>") + ")(arguments[0])",
                  [f"proofsheet:{gallery}:picks", picks])
    engine.refresh()
    call(engine, READY)
    out = {k: [] for k in FIGURES}
    if attribution is not None:
        engine.script(ATTRIBUTE)

    def timed(kind, *argument):
        if attribution is not None:
            engine.script("window.__attr = {}")
        result = call(engine, *argument)
        if attribution is not None:
            for module, calls in engine.script("return window.__attr").items():
                attribution.setdefault(kind, {}).setdefault(module, []).append(
                    (sum(c[0] for c in calls), sum(c[1] for c in calls)))
        return result

    for _ in range(LIMIT - PRESET_PICKS - 1):
        work, _frame, _id, handlers = timed("pick", PICK_SPLIT)
        out["pick"].append(work)
        out["pick, handlers"].append(handlers)
    for _ in range(cycles):
        work, _frame, last, handlers = timed("limit pick", PICK_SPLIT)
        status = engine.script("return document.getElementById('status').textContent")
        assert f"{LIMIT} of {LIMIT}" in status and "limit" in status, status
        out["limit pick"].append(work)
        out["limit pick, handlers"].append(handlers)
        out["cells"] = engine.script("return [document.querySelectorAll('#grid li.photo:not(.loading)').length,"
                                     " document.querySelectorAll('#grid input[aria-disabled=true]').length,"
                                     " document.querySelectorAll('#tray-list > li').length, innerWidth, innerHeight]")
        work, _frame, _id, handlers = timed("limit unpick", UNPICK_SPLIT, last)
        out["limit unpick"].append(work)
        out["limit unpick, handlers"].append(handlers)
    engine.script("localStorage.clear()")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--templates", action="append", type=Path, help="a templates folder (repeat for more)")
    parser.add_argument("--label", action="append", help="a name for each templates folder")
    parser.add_argument("--engine", choices=("webkit", "firefox", "chromium"), default="webkit",
                        help="webkit (default), or firefox or chromium to compare")
    parser.add_argument("--runs", type=int, default=5, help="page loads per variant (default 5)")
    parser.add_argument("--attribute", action="store_true", help="also time each module's render and the style and layout it leaves")
    parser.add_argument("--cycles", type=int, default=5, help="limit picks and unpicks a page load (default 5)")
    args = parser.parse_args()
    folders = args.templates or [ROOT / "Templates"]
    labels = args.label or [f.parent.name + "/" + f.name for f in folders]
    assert len(labels) == len(folders), "one --label per --templates"
    library = page_bench.make_library(1000)
    sites = []
    for i, folder in enumerate(folders):
        site = WORK / f"webkit-pick-probe-{i}"
        page_bench.build(library, site, templates=folder.resolve())
        sites.append(site)
    manifest = __import__("json").loads((sites[0] / "manifest.json").read_text(encoding="utf-8"))
    picks = page_bench.preset_picks(sites[0], manifest)
    results = [{k: [] for k in FIGURES} for _ in sites]
    attributions = [{} for _ in sites]
    drivers = page_bench.Drivers()
    playwright = None
    try:
        if args.engine == "chromium":
            from playwright.sync_api import sync_playwright
            playwright = sync_playwright().start()
            engine = ChromiumEngine(playwright)
        else:
            engine = getattr(drivers, args.engine)()
        for run in range(args.runs):
            order = list(range(len(sites)))
            order = order[run % len(order):] + order[:run % len(order)]
            for v in order:
                gallery = page_bench.page_data(sites[v])["gallery"]
                out = one_run(engine, sites[v], picks, gallery, args.cycles, attributions[v] if args.attribute else None)
                cells = out.pop("cells")
                for k, values in out.items():
                    results[v][k].extend(values)
                if run == 0:
                    print(f"  {labels[v]}: at the limit {cells[0]} cells drawn, {cells[1]} of them aria-disabled, "
                          f"{cells[2]} picks in the tray, window {cells[3]}x{cells[4]}", flush=True)
                print(f"  run {run + 1} {labels[v]}: pick {statistics.median(out['pick']):.1f} ms "
                      f"(handlers {statistics.median(out['pick, handlers']):.1f}); limit pick {ms(out['limit pick'])} "
                      f"(handlers {ms(out['limit pick, handlers'])}); limit unpick {ms(out['limit unpick'])} "
                      f"(handlers {ms(out['limit unpick, handlers'])})", flush=True)
    finally:
        if playwright:
            playwright.stop()
        drivers.close()
    print(f"\n{args.engine}, 1,000 photos, limit {LIMIT}, {PRESET_PICKS} preset picks, {args.runs} page loads each; medians in ms"
          f" (of all 20 ordinary picks a load, of all {args.cycles} limit picks and unpicks a load)")
    width = max(len(k) for k in FIGURES)
    print(" " * (width + 2) + "".join(f"{label:>22}" for label in labels))
    for k in FIGURES:
        row = [statistics.median(r[k]) for r in results]
        cells = "".join(f"{value:>14.1f}" + (f" ({value / row[0]:.2f}x)" if i else " " * 8) for i, value in enumerate(row))
        print(f"{k:<{width}}  {cells}")
    for label, attribution in zip(labels, attributions):
        if not attribution:
            continue
        print(f"\n{label}, by module (with --attribute): mean ms a pick, its render + the style and layout it left")
        for kind, modules in attribution.items():
            parts = sorted(((statistics.mean(a for a, _ in v), statistics.mean(b for _, b in v), m) for m, v in modules.items()),
                           key=lambda t: -(t[0] + t[1]))
            print(f"  {kind:<13}" + ", ".join(f"{m} {a:.1f} + {b:.1f}" for a, b, m in parts))


if __name__ == "__main__":
    main()
