"""Issue 12's search by camera and by date, in Chromium, WebKit and Firefox, on a library
the test makes: eight of the demo's JPEGs in two albums, each given a capture date and a
camera with exiftool, so that every query below matches photos in both albums and not
all of them. What each query must find is worked out from the manifest the build wrote
(which is checked to hold what exiftool wrote). The same photos 1,040 times over check
the search index's file (JSON in a comment): its dates and cameras, read whole or refused."""

import calendar
import json
import re
import shutil
import subprocess
import time

import pytest

import helpers
from engines import DriverGallery, until

# (album, file, capture date, make, model); make None: no camera at all.
PHOTOS = [
    ("Family", "f1.jpg", "2025:12:24 18:00:00", "NIKON CORPORATION", "NIKON Z 6_2"),
    ("Family", "f2.jpg", "2025:12:25 09:30:00", "Canon", "Canon EOS R6"),
    ("Family", "f3.jpg", "2025:12:24 20:15:00", "Canon", "Canon EOS R6"),
    ("Family", "f4.jpg", "2025:12:26 11:00:00", "NIKON CORPORATION", "NIKON Z 6_2"),
    ("Friends", "g1.jpg", "2025:12:25 22:00:00", "NIKON CORPORATION", "NIKON Z 6_2"),
    ("Friends", "g2.jpg", "2025:12:24 13:45:00", "FUJIFILM", "X-T5"),
    ("Friends", "g3.jpg", "2025:12:30 23:59:00", "Canon", "Canon EOS R6"),
    ("Friends", "g4.jpg", "2025:12:25 08:00:00", None, None),
]


def camera_has(word):
    return lambda p: word in (p.get("camera") or "").lower()


def day_is(day):
    return lambda p: (p.get("date") or "").startswith(day)


# A query and what a photo of the manifest must have to be found by it.
QUERIES = [
    ("nikon", camera_has("nikon")),
    ("Canon EOS", camera_has("canon eos")),
    ("2025-12-24", day_is("2025-12-24")),
    ("25 dec", day_is("2025-12-25")),
    ("wednesday", day_is("2025-12-24")),  # 24 December 2025 was a Wednesday
    # No photo holds the whole phrase: each word is in one of its fields.
    ("nikon 2025-12-25", lambda p: camera_has("nikon")(p) and day_is("2025-12-25")(p)),
]


@pytest.fixture(scope="module")
def christmas(binary, demo, workdir):
    from conftest import Site

    root = workdir / "search-library"
    site = workdir / "search-site"
    if not (site / "index.html").exists():
        sources = sorted(demo.library.glob("*/IMG_*.jpg"))
        for (album, name, date, make, model), source in zip(PHOTOS, sources):
            (root / album).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, root / album / name)
            tags = [f"-DateTimeOriginal={date}", f"-CreateDate={date}"]
            tags += [f"-Make={make}", f"-Model={model}"] if make else ["-Make=", "-Model="]
            subprocess.run(["exiftool", "-q", "-overwrite_original", *tags, str(root / album / name)], check=True)
        helpers.build_site(binary, root, site, limit=3)
    made = Site(site, root)
    # The manifest holds what exiftool wrote (or the queries below would test nothing).
    for album, name, date, make, model in PHOTOS:
        photo = made.photo(name)
        assert photo["album"] == album and photo["date"] == date.replace(":", "-", 2).replace(" ", "T")
        assert (photo.get("camera") is None) == (make is None) and (model is None or model in photo["camera"])
    return made


def expected(site, predicate):
    found = [p["name"] for p in site.photos if predicate(p)]
    albums = {site.photo(n)["album"] for n in found}
    assert 0 < len(found) < len(site.photos) and (len(albums) == 2 or len(found) == 1)
    return found


@pytest.mark.parametrize("query,predicate", QUERIES, ids=[q for q, _ in QUERIES])
def test_search_by_camera_and_by_date_in_chromium(page, christmas, query, predicate):
    gallery = helpers.Gallery(page, christmas).open()
    want = expected(christmas, predicate)
    page.get_by_label("Search", exact=True).fill(query)
    page.wait_for_function(f"want => JSON.stringify(({helpers.STATE_JS})().visible) === JSON.stringify(want)", arg=want)
    assert gallery.state()["visible"] == want
    assert page.locator("#shown").text_content() == f"Showing {len(want)} of {len(christmas.photos)} photos."


@pytest.mark.parametrize("engine_name", ["webkit", "firefox"])
def test_search_by_camera_and_by_date_in_webkit_and_firefox(request, christmas, engine_name):
    gallery = DriverGallery(request.getfixturevalue(f"{engine_name}_engine"), christmas).open()
    field = gallery.engine.script("return document.getElementById('search')")
    for query, predicate in QUERIES:
        want = expected(christmas, predicate)
        gallery.engine.script("arguments[0].value = ''", field)
        field.send_keys(query)
        until(lambda: gallery.state()["visible"] == want, f"{query!r} did not find {want} (shows {gallery.state()['visible']})")
        assert gallery.text("shown") == f"Showing {len(want)} of {len(christmas.photos)} photos."


# The same dates and cameras on 1,040 photos in two albums (two chunks): the page's search
# index then comes from its file (data/s-HASH.js), not from the chunks' records, and its
# `dates` and `camera`, strings of numbers, are read into the columns searches look at.
MANY = 1040


@pytest.fixture(scope="module")
def many(binary, demo, tmp_path_factory):
    from conftest import Site

    root = tmp_path_factory.mktemp("many")
    tagged = root / "tagged"
    tagged.mkdir()
    # Small sources (the demo's thumbnails): 1,040 photos build in seconds.
    sources = sorted(p for p in (demo.root / "thumbs").glob("*.jpg") if "@2x" not in p.name)
    for i, ((_album, _name, date, make, model), source) in enumerate(zip(PHOTOS, sources)):
        shutil.copyfile(source, tagged / f"t{i}.jpg")
        tags = [f"-DateTimeOriginal={date}", f"-CreateDate={date}"]
        tags += [f"-Make={make}", f"-Model={model}"] if make else ["-Make=", "-Model="]
        subprocess.run(["exiftool", "-q", "-overwrite_original", *tags, str(tagged / f"t{i}.jpg")], check=True)
    for i in range(MANY):
        folder = root / "library" / ("Family" if i < MANY // 2 else "Friends")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"D{i:04d}.jpg").hardlink_to(tagged / f"t{i % len(PHOTOS)}.jpg")
    helpers.build_site(binary, root / "library", root / "Site", limit=10, extra=("--thumb-size", "120", "--preview-size", "240"))
    return Site(root / "Site", root / "library")


def index_file(site):
    """The search index's file: its path, and its JSON, read out of the comment it is in."""
    name = json.loads(re.search(r'<script type="application/json" id="proofsheet-data">(.*?)</script>',
                                site.index.read_text(encoding="utf-8"), re.S).group(1))["search"]
    path = site.root / "data" / f"{name}.js"
    text = path.read_text(encoding="utf-8")
    head, tail = f'Proofsheet.search("{name}",function(){{/*', "*/});\n"
    assert text.startswith(head) and text.endswith(tail)
    return path, head, tail, json.loads(text[len(head):-len(tail)])


def test_the_index_file_carries_every_date_and_camera_and_is_taken_whole_or_not_at_all(page, many):
    path, head, tail, data = index_file(many)
    load = "() => Proofsheet.data.loadIndex().then(() => 'loaded', e => e.message)"
    # Cut short, a column of another length, or its JSON as a value (the form before): refused.
    written = path.read_bytes()
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        for damaged in (head + text[:-10] + tail, head + json.dumps(dict(data, dates=data["dates"][:-1])) + tail,
                        head.replace("function(){/*", "") + text + tail.replace("*/}", "")):
            path.write_text(damaged, encoding="utf-8")
            helpers.Gallery(page, many).open()
            assert page.evaluate("() => Proofsheet.data.index()") is None  # the second chunk is not loaded
            assert page.evaluate(load) == f"data/{path.name} did not hold the data it should"
    finally:
        path.write_bytes(written)
    helpers.Gallery(page, many).open()
    assert page.evaluate(load) == "loaded"
    columns = page.evaluate("""() => { const x = Proofsheet.data.index();
      return Array.from(x.dates, (d, i) => [d, x.camera[i] ? x.cameras[x.camera[i] - 1] : null]); }""")
    assert columns == [[calendar.timegm(time.strptime(p["date"], "%Y-%m-%dT%H:%M:%S")), p.get("camera")] for p in many.photos]
    # Searched through them: the count of what each finds, and its first photos drawn.
    for query, predicate in QUERIES:
        want = [p["name"] for p in many.photos if predicate(p)]
        assert 0 < len(want) < MANY
        page.get_by_label("Search", exact=True).fill(query)
        page.wait_for_function("n => document.getElementById('shown').textContent === `Showing ${n} of 1040 photos.`", arg=len(want))
        page.wait_for_function(f"""want => {{ const shown = ({helpers.STATE_JS})().visible;
          return shown.length > 0 && JSON.stringify(shown) === JSON.stringify(want.slice(0, shown.length)); }}""", arg=want)


@pytest.mark.parametrize("engine_name", ["webkit", "firefox"])
def test_the_index_file_is_read_in_webkit_and_firefox(request, many, engine_name):
    """The function's text is its source, comment and all (Function.prototype.toString),
    in these engines too."""
    gallery = DriverGallery(request.getfixturevalue(f"{engine_name}_engine"), many).open()
    page = "(window.wrappedJSObject || window).Proofsheet"  # (Firefox runs WebDriver scripts in a sandbox)
    assert gallery.engine.script(f"return {page}.data.index() === null")  # the second chunk is not loaded
    gallery.engine.script(f"{page}.data.loadIndex(); return true")
    until(lambda: gallery.engine.script(f"return {page}.data.index() !== null"), "the search index was not taken")
    columns = gallery.engine.script(f"""const x = {page}.data.index(); const out = [];
      for (let i = 0; i < x.count; i++) out.push([x.dates[i], x.camera[i] ? x.cameras[x.camera[i] - 1] : null, x.name(i)]);
      return out;""")
    assert columns == [[calendar.timegm(time.strptime(p["date"], "%Y-%m-%dT%H:%M:%S")), p.get("camera"), p["name"]]
                       for p in many.photos]
