"""Issue 12's broken-page hint: a gallery opened inside a zip viewer (which extracts
index.html alone, or without its folders) loads neither its script nor its photos' data.
The page then says, in plain words, to extract the whole folder first — when its script
file is missing (the message is in the page and only the script takes it away), when a
chunk of photo data is missing (the script shows it), and with no stylesheet either
(a plain paragraph). A whole gallery never shows it, nor does a browser without JavaScript,
which has its own notice. In Chromium, WebKit and Firefox."""

import shutil

import pytest

from engines import until
from conftest import Site

HINT = "extract the whole folder"

# Whether the hint is on screen (shown, not hidden by the stylesheet, not transparent).
HINT_SHOWN = """
const h = document.getElementById('load-hint');
if (!h) return false;
const s = getComputedStyle(h), r = h.getBoundingClientRect();
return s.display !== 'none' && s.visibility === 'visible' && r.width > 0 && r.height > 0;
"""
# Whether it is out of the page for good (not merely waiting to show itself).
HINT_GONE = """
const h = document.getElementById('load-hint');
return !h || getComputedStyle(h).display === 'none';
"""


def broken(demo, workdir, name, remove):
    """A copy of the demo site with some of its files gone."""
    root = workdir / f"broken-{name}"
    if not root.exists():
        shutil.copytree(demo.root, root)
        for pattern in remove:
            for path in root.glob(pattern):
                path.unlink()
    return Site(root, demo.library)


@pytest.fixture(scope="module")
def sites(demo, workdir):
    return {
        "no-script": broken(demo, workdir, "no-script", ["assets/*.js"]),
        "no-chunk": broken(demo, workdir, "no-chunk", ["data/c-*.js"]),
        "index-alone": broken(demo, workdir, "index-alone", ["assets/*", "data/*", "thumbs/*", "previews/*"]),
    }


def test_chromium_shows_the_hint_only_when_the_page_did_not_load_whole(page, demo, sites):
    page.goto(sites["no-script"].url)
    page.wait_for_function(f"() => {{ {HINT_SHOWN} }}")
    assert HINT in page.locator("#load-hint").inner_text() and "zip" in page.locator("#load-hint").inner_text()
    # Its stylesheet loaded: the hint is the first thing on the page, above the title.
    assert page.locator("#load-hint").evaluate("h => h.getBoundingClientRect().bottom <= document.querySelector('h1').getBoundingClientRect().top")

    page.goto(sites["index-alone"].url)
    assert page.locator("#load-hint").is_visible() and HINT in page.locator("#load-hint").inner_text()

    page.goto(sites["no-chunk"].url)
    page.wait_for_selector("html[data-ready='true']", state="attached")
    page.wait_for_function(f"() => {{ {HINT_SHOWN} }}")
    page.recorder.errors.clear()  # the missing chunk's load error is the point here

    page.goto(demo.url)
    page.wait_for_selector("html[data-ready='true']", state="attached")
    assert page.evaluate(f"() => {{ {HINT_GONE} }}")


def test_without_javascript_the_hint_stays_hidden(chromium, demo):
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(demo.url)
        assert page.locator(".noscript-note").is_visible()
        assert page.evaluate(f"() => {{ {HINT_GONE} }}")
    finally:
        context.close()


@pytest.mark.parametrize("engine_name", ["webkit", "firefox"])
def test_webkit_and_firefox_show_the_hint_when_the_script_or_a_chunk_is_missing(request, demo, sites, engine_name):
    engine = request.getfixturevalue(f"{engine_name}_engine")
    engine.get(sites["no-script"].url)
    until(lambda: engine.script(HINT_SHOWN), "the hint never showed without the script")
    assert HINT in engine.script("return document.getElementById('load-hint').textContent")
    engine.get(sites["no-chunk"].url)
    until(lambda: engine.script(HINT_SHOWN), "the hint never showed without the chunk")
    if engine_name == "firefox":
        engine.forget_console()  # the missing chunk's load error is the point here
    engine.get(demo.url)
    until(lambda: engine.script("return document.documentElement.getAttribute('data-ready')") == "true", "the page never set data-ready")
    assert engine.script(HINT_GONE)
