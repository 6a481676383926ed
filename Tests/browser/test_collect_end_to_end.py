"""End to end: `proofsheet demo` → three picks in the real page in Chromium → Export →
`proofsheet collect` → exactly those originals, byte-identical, named in picked order."""

import helpers
from helpers import Gallery

PICKS = ["Sunset over the water.jpg", "夕焼け.jpg", "IMG_0101.jpg"]


def test_picks_exported_from_the_page_are_collected_in_order(page, binary, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    gallery.pick("IMG_0101.jpg", "Sunset over the water.jpg", "夕焼け.jpg")
    gallery.button("Move IMG_0101.jpg down").click()
    gallery.button("Move IMG_0101.jpg down").click()
    assert gallery.state()["tray"] == PICKS
    name, data = gallery.export()
    order = tmp_path / name
    order.write_bytes(data)

    output = tmp_path / "Prints"
    result = helpers.run(binary, "collect", order, "--library", demo.library, "--output", output)
    # collect keeps a copy of the order file beside the photos, as a record of the order.
    assert (output / name).read_bytes() == data
    # Beside the photos: the order file's copy, the list as CSV and collect's record.
    collected = sorted(p.name for p in output.iterdir() if p.name not in (name, "picks.csv", ".proofsheet-collect.json"))
    assert collected == sorted(f"{i + 1}-{n}" for i, n in enumerate(PICKS)), result.stdout
    for index, picked in enumerate(PICKS):
        original = demo.library / demo.photo(picked)["path"]
        assert (output / f"{index + 1}-{picked}").read_bytes() == original.read_bytes()


def test_the_text_export_collects_the_same(page, binary, demo, tmp_path):
    gallery = Gallery(page, demo).open()
    gallery.pick(*PICKS)
    name, data = gallery.export("Export as text")
    order = tmp_path / name
    order.write_bytes(data)
    output = tmp_path / "Prints"
    helpers.run(binary, "collect", order, "--library", demo.library, "--output", output)
    photos = sorted(p.name for p in output.iterdir() if p.name not in (name, "picks.csv", ".proofsheet-collect.json"))
    assert photos == sorted(f"{i + 1}-{n}" for i, n in enumerate(PICKS))
    for index, picked in enumerate(PICKS):
        original = demo.library / demo.photo(picked)["path"]
        assert (output / f"{index + 1}-{picked}").read_bytes() == original.read_bytes()


def test_a_photo_whose_name_is_not_utf8_is_ticked_exported_and_collected(page, binary, demo, tmp_path):
    # Latin-1 names, as old cameras and zip files write them: "Ärger/Café.jpg" is not UTF-8.
    # The page shows it readably, exports its exact bytes (pathBytes), and collect delivers
    # that file, byte for byte, under the name the page showed.
    import base64
    import json
    import os
    import shutil

    sources = sorted(demo.library.rglob("*.jpg"))
    library = tmp_path / "library"
    folder = os.fsencode(library) + b"/\xc4rger"
    os.makedirs(folder)
    latin1 = folder + b"/Caf\xe9.jpg"
    shutil.copy2(sources[0], latin1)
    shutil.copy2(sources[1], library / "plain.jpg")
    site_dir = tmp_path / "Site"
    helpers.run(binary, "build", library, "--output", site_dir, "--templates", helpers.TEMPLATES, "--quiet",
                "--thumb-size", "120", "--preview-size", "240", "--limit", "2")
    from conftest import Site

    site = Site(site_dir, library)
    shown = "Caf\\xe9.jpg"
    photo = site.photo(shown)
    assert photo["path"] == "\\xc4rger/" + shown
    assert base64.b64decode(photo["pathBytes"]) == b"\xc4rger/Caf\xe9.jpg"

    gallery = Gallery(page, site).open()
    gallery.pick(shown, "plain.jpg")
    assert gallery.state()["tray"] == [shown, "plain.jpg"]
    _, data = gallery.export()
    picks = json.loads(data)["picks"]
    assert [(p["path"], p.get("pathBytes")) for p in picks] == [(photo["path"], photo["pathBytes"]), ("plain.jpg", None)]

    order = tmp_path / "order.json"
    order.write_bytes(data)
    out = tmp_path / "Picked"
    result = helpers.run(binary, "collect", order, "--library", library, "--output", out)
    assert (out / "1-Caf_xe9.jpg").read_bytes() == sources[0].read_bytes(), result.stdout
    assert (out / "2-plain.jpg").read_bytes() == sources[1].read_bytes()

    # Reloaded, the stored pick keeps its bytes; the text export collects the same photo.
    gallery.reload()
    _, text = gallery.export("Export as text")
    assert "\\xc4rger/Caf\\xe9.jpg" in text.decode("utf-8")
    listed = tmp_path / "order.txt"
    listed.write_bytes(text)
    again = tmp_path / "Picked from text"
    helpers.run(binary, "collect", listed, "--library", library, "--output", again)
    assert (again / "1-Caf_xe9.jpg").read_bytes() == sources[0].read_bytes()
    _, reloaded = gallery.export()
    assert json.loads(reloaded)["picks"][0].get("pathBytes") == photo["pathBytes"]
