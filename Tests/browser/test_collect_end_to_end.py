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
