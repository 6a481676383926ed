"""A chunk file (data/c-*.js) holds its photos in columns (PageData.swift): the page takes
one only whole — every column there, as long as the chunk, of its type, every photo's
images named — and refuses anything else, none of it kept; a photo whose images are not
named by the one key the build gives them has them written out, and the page shows those.
In Chromium, WebKit and Firefox."""

import json
import re
import shutil

import pytest

from engines import until
from conftest import Site

CHUNK = re.compile(r'^Proofsheet\.chunk\("([^"]+)",(.*)\);\n$', re.S)


def rewritten(demo, workdir, name, change):
    """A copy of the demo site (one chunk) whose chunk holds what `change` makes of its
    columns."""
    root = workdir / f"chunk-{name}"
    if not root.exists():
        shutil.copytree(demo.root, root)
        [path] = (root / "data").glob("c-*.js")
        chunk, body = CHUNK.match(path.read_text(encoding="utf-8")).groups()
        made = change(json.loads(body))
        path.write_text(f'Proofsheet.chunk("{chunk}",{json.dumps(made)});\n', encoding="utf-8")
    return Site(root, demo.library)


def explicit(columns):
    """The first photo's images written out (as for a photo named otherwise), not by key."""
    key = columns["k"][0]
    columns["k"][0] = ""
    columns["u"] = {"0": [f"thumbs/{key}.jpg", f"thumbs/{key}@2x.jpg", f"previews/{key}.jpg"]}
    return columns


def records(columns):
    """The chunk in the form before columns: an object a photo."""
    count = len(columns["i"])
    return [{key: columns[key][at] for key in ("i", "n", "b", "d", "w", "h")} for at in range(count)]


def damaged(change):
    return lambda columns: (change(columns), columns)[1]


DAMAGE = {
    "a column short": damaged(lambda c: c["n"].pop()),
    "a number that is a string": damaged(lambda c: c["b"].__setitem__(3, "12")),
    "a name that is not a string": damaged(lambda c: c["n"].__setitem__(5, {"toString": 1})),
    "a photo without its images": damaged(lambda c: c["k"].__setitem__(0, "")),
    "an image list too short": damaged(lambda c: explicit(c)["u"]["0"].pop()),
    "a column missing": damaged(lambda c: c.pop("vh")),
    "a detail column short": damaged(lambda c: c.setdefault("x", {}).__setitem__("camera", ["X"])),
    "a path that is not a string": damaged(lambda c: c.__setitem__("p", {"0": 7})),
    "the records of the format before columns": records,
}


@pytest.fixture(scope="module")
def sites(demo, workdir):
    made = {"explicit": rewritten(demo, workdir, "explicit", explicit)}
    for at, (name, change) in enumerate(DAMAGE.items()):
        made[name] = rewritten(demo, workdir, f"damaged-{at}", change)
    return made


# What the page made of its chunk: [loaded, the first photo's id, name and images, or null].
STATE = """
const data = (window.wrappedJSObject || window).Proofsheet.data;
const photo = data.at(0);
return [data.loaded(0), photo && [photo.id, photo.name, photo.thumb.src, photo.thumb2x.src, photo.preview.src, photo.preview.width]];
"""
# The chunk asked for again: 'loaded', or why not ("… did not hold the data it should").
AGAIN = "(window.wrappedJSObject || window).Proofsheet.data.ensure(0).then(() => done('loaded'), e => done(String(e.message)));"


def expected(demo):
    first = demo.photos[0]
    return [first["id"], first["name"], first["thumb"]["src"], first["thumb2x"]["src"], first["preview"]["src"], first["preview"]["width"]]


def run(go, state, again, sites, demo, forget=lambda: None):
    """Each damaged chunk refused whole (no photo of it known, asked for again refused
    again); the chunk with a photo's images written out taken, that photo the demo's."""
    go(demo.url)
    assert state() == [True, expected(demo)]
    go(sites["explicit"].url)
    assert state() == [True, expected(demo)], "a photo's images written out"
    for name in DAMAGE:
        go(sites[name].url)
        assert state() == [False, None], f"{name}: taken"
        assert "did not hold the data" in again(), f"{name}: taken when asked again"
        forget()


def test_chromium_refuses_a_damaged_chunk_whole(page, demo, sites):
    def go(url):
        page.goto(url)
        page.wait_for_selector("html[data-ready='true']", state="attached")

    run(go, lambda: page.evaluate(f"() => {{ {STATE} }}"), lambda: page.evaluate(f"() => new Promise(done => {{ {AGAIN} }})"), sites, demo)
    page.recorder.errors.clear()  # a refused chunk's rejected load is the point here


@pytest.mark.parametrize("engine_name", ["webkit", "firefox"])
def test_webkit_and_firefox_refuse_a_damaged_chunk_whole(request, demo, sites, engine_name):
    engine = request.getfixturevalue(f"{engine_name}_engine")

    def go(url):
        engine.get(url)
        until(lambda: engine.script("return document.documentElement.getAttribute('data-ready')") == "true", "the page never set data-ready")

    forget = engine.forget_console if engine_name == "firefox" else (lambda: None)
    again = lambda: engine.async_script("const done = arguments[arguments.length - 1]; " + AGAIN)
    run(go, lambda: engine.script(STATE), again, sites, demo, forget)
