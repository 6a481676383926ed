#!/usr/bin/env python3
"""Which form of a chunk costs a page least to take in: the probe behind the chunks' columns
tried in 005d1e4 and taken back (docs/decisions.md). From the first N chunk files of a site in the
object-per-photo form (a site built before the columns, e.g. by main at 7e9f9b3) it makes four forms of the
same photos:

  A  objects   Proofsheet.chunk("k0",[{…},…]): an object literal a photo (the form before)
  B  objects in JSON.parse('…'): the same records as one string
  C  columns   Proofsheet.chunk("k0",{"i":[…],"n":[…],…}): an array literal per field, the
               three image paths as one key
  D  columns in JSON.parse('…')

and loads each form's N chunks one after another (a frame between them) into a page that
keeps what they hold as data.js does (A, B: every record, positions by id; C, D: the
columns, positions by id), in a fresh headless Chromium per run, forms alternating, under a
trace: per chunk the renderer main thread's EvaluateScript (v8.compile and v8.run inside
it), compile off the main thread (streaming), garbage collection, and the JS heap after a
full GC at the end. Medians of the runs.

Run: .venv/bin/python bench/probes/chunk_formats.py SITE [--chunks 40] [--runs 3]"""

import argparse
import json
import os
import re
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

# A script's compile on a worker (Chromium streams a big script's compile off the main thread).
OFF_MAIN = ("v8.compile", "v8.parseOnBackground", "V8.StreamingFinalization", "v8.compileModule")
CHUNK = re.compile(r'^Proofsheet\.chunk\("([^"]+)",(.*)\);\n$', re.S)
PAGE = """<!doctype html><meta charset=utf-8><body><script>
var N = COUNT, Proofsheet = {}, records = new Array(N * 1000), byId = Object.create(null), kept = [], columns = COLUMNS;
Proofsheet.chunk = function (name, list) {
  var start = +name.slice(1) * 1000, i;
  if (columns) { kept.push(list); for (i = 0; i < list.i.length; i++) byId[list.i[i]] = start + i; }
  else for (i = 0; i < list.length; i++) { records[start + i] = list[i]; byId[list[i].i] = start + i; }
};
function load(k) { return new Promise(function (r) { var s = document.createElement('script'); s.src = 'FORM/k' + k + '.js'; s.onload = r; document.body.appendChild(s); }); }
async function all() { for (var k = 0; k < N; k++) { await load(k); await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0))); } }
</script>"""


def literal(text):
    """`text` as a single-quoted script string."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029") + "'"


def make(site, folder, count):
    for form in "ABCD":
        (folder / form).mkdir()
    for n, path in enumerate(sorted((site / "data").glob("c-*.js"))[:count]):
        _, body = CHUNK.match(path.read_text(encoding="utf-8")).groups()
        records = json.loads(body)
        if not isinstance(records, list):
            raise SystemExit(f"{path}: not a chunk of records (a site built before the columns is needed)")
        columns = {key: [] for key in ("i", "n", "b", "d", "f", "w", "h", "k", "tw", "th", "vw", "vh")}
        for r in records:
            key = r["t"][0][len("thumbs/"):-len(".jpg")]
            assert r["t2"] == f"thumbs/{key}@2x.jpg" and r["v"][0] == f"previews/{key}.jpg"
            for name, value in (("i", r["i"]), ("n", r["n"]), ("b", r["b"]), ("d", r["d"]), ("f", r.get("f", 0)), ("w", r["w"]),
                                ("h", r["h"]), ("k", key), ("tw", r["t"][1]), ("th", r["t"][2]), ("vw", r["v"][1]), ("vh", r["v"][2])):
                columns[name].append(value)
        packed = json.dumps(columns, separators=(",", ":"))
        for form, text in (("A", body), ("B", f"JSON.parse({literal(body)})"), ("C", packed), ("D", f"JSON.parse({literal(packed)})")):
            (folder / form / f"k{n}.js").write_text(f'Proofsheet.chunk("k{n}",{text});\n', encoding="utf-8")
    return {form: sum(p.stat().st_size for p in (folder / form).iterdir()) / count / 1000 for form in "ABCD"}


def measure(p, folder, form, count):
    html = folder / f"page-{form}.html"
    html.write_text(PAGE.replace("COUNT", str(count)).replace("COLUMNS", "true" if form in "CD" else "false").replace("FORM", form))
    browser = p.chromium.launch(executable_path=os.environ.get("PROOFSHEET_CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(html.as_uri())
    trace = folder / "trace.json"
    browser.start_tracing(page=page, path=str(trace), categories=["toplevel", "v8", "devtools.timeline", "disabled-by-default-v8.gc"])
    page.evaluate("all()")
    browser.stop_tracing()
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"] / 1e6
    browser.close()
    if errors:
        raise SystemExit(f"form {form}: script errors {errors}")
    events = json.loads(trace.read_text(encoding="utf-8"))
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    spans = [e for e in events if e.get("ph") == "X"]
    main = lambda e: threads.get((e["pid"], e["tid"])) == "CrRendererMain"
    total = lambda keep: sum(e.get("tdur", e.get("dur", 0)) for e in spans if keep(e)) / 1000 / count
    return {"main thread a chunk, ms": total(lambda e: main(e) and e["name"] == "EvaluateScript"),
            "of which v8.run, ms": total(lambda e: main(e) and e["name"] == "v8.run"),
            "compile off the main thread a chunk, ms": total(lambda e: not main(e) and e["name"] in OFF_MAIN),
            "GC on the main thread a chunk, ms": total(lambda e: main(e) and e["name"] in ("MinorGC", "MajorGC")),
            "JS heap after a full GC, MB": heap}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path)
    parser.add_argument("--chunks", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name, sync_playwright() as p:
        folder = Path(name)
        sizes = make(args.site.resolve(), folder, args.chunks)
        results = {form: [] for form in "ABCD"}
        load = [os.getloadavg()[0]]
        for k in range(args.runs):
            for form in "ABCD" if k % 2 == 0 else "DCBA":
                results[form].append(measure(p, folder, form, args.chunks))
            load.append(os.getloadavg()[0])
    print(f"{args.chunks} chunks, {args.runs} runs, load average " + " / ".join(f"{x:.1f}" for x in load) + "\n")
    names = list(results["A"][0])
    print("| form | chunk kB | " + " | ".join(names) + " |\n|---|" + "---:|" * (len(names) + 1))
    for form, label in zip("ABCD", ("objects", "objects, JSON.parse", "columns", "columns, JSON.parse")):
        print(f"| {form} {label} | {sizes[form]:.0f} | " + " | ".join(f"{statistics.median(r[n] for r in results[form]):.2f}" for n in names) + " |")


if __name__ == "__main__":
    main()
