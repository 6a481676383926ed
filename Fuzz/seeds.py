#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora: nothing binary is committed, so the seeds are made
here, each run, from `proofsheet demo` (JPEGs with EXIF and every orientation, a PNG,
the site's thumbnails) and from small images written by hand below (GIF, BMP, TIFF,
WebP and HEIF headers), plus order files and pasted lists in every form the readers take,
and sites' manifests with their build caches.

Usage: Fuzz/seeds.py PROOFSHEET_BINARY CORPUS_ROOT
"""

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "browser"))
from helpers import jpeg_segments, with_exif_description  # noqa: E402


def png(width, height):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"".join(b"\x00" + b"".join(bytes((x * 40 % 256, y * 60 % 256, 128)) for x in range(width)) for y in range(height))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def gif(width, height, screen=None):
    # One colour table of two entries, one image, LZW-coded with the minimum code size 2;
    # `screen` (width, height, left, top): a logical screen larger than the image.
    screen_width, screen_height, left, top = screen or (width, height, 0, 0)
    header = b"GIF89a" + struct.pack("<HHBBB", screen_width, screen_height, 0x80, 0, 0) + b"\xff\x00\x00\x00\x00\xff"
    image = b"\x2c" + struct.pack("<HHHHB", left, top, width, height, 0)
    return header + image + b"\x02\x02\x4c\x01\x00\x3b"


def bmp(width, height):
    row = (b"\x20\x80\xe0" * width).ljust((width * 3 + 3) // 4 * 4, b"\x00")
    pixels = row * height
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info) + len(pixels), 0, 0, 14 + len(info)) + info + pixels


def tiff(width, height):
    pixels = b"".join(bytes((x * 30 % 256, y * 50 % 256, 90)) for y in range(height) for x in range(width))
    entries = [
        (256, 3, 1, width), (257, 3, 1, height), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 2),
        (273, 4, 1, 0), (277, 3, 1, 3), (278, 3, 1, height), (279, 4, 1, len(pixels)),
    ]
    ifd_at = 8 + len(pixels)
    out = b"II*\x00" + struct.pack("<I", ifd_at) + pixels + struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        if tag == 273:
            value = 8
        out += struct.pack("<HHII", tag, kind, count, value) if kind == 4 else struct.pack("<HHIHH", tag, kind, count, value, 0)
    return out + b"\x00\x00\x00\x00"


def webp(width, height):
    # A lossless (VP8L) header: enough for the sniffer and the header reader.
    bits = (width - 1) | (height - 1) << 14
    body = b"VP8L" + struct.pack("<I", 5) + b"\x2f" + struct.pack("<I", bits)
    return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body


def heif(width, height, brand=b"heic"):
    ispe = struct.pack(">I", 20) + b"ispe" + b"\x00\x00\x00\x00" + struct.pack(">II", width, height)
    ipco = struct.pack(">I", 8 + len(ispe)) + b"ipco" + ispe
    iprp = struct.pack(">I", 8 + len(ipco)) + b"iprp" + ipco
    meta = struct.pack(">I", 12 + len(iprp)) + b"meta\x00\x00\x00\x00" + iprp
    ftyp = struct.pack(">I", 24) + b"ftyp" + brand + b"\x00\x00\x00\x00" + b"mif1" + brand
    return ftyp + meta


RAWS = Path(__file__).resolve().parent.parent / "Tests" / "fixtures" / "raw"


def heif_grid(work):
    """A 96×64 picture as an HEIF grid of six 32×32 HEVC tiles, turned and mirrored (irot,
    imir), as Tests/fixtures/heic_grid.py writes it (900 bytes); None without libvips,
    ImageMagick or heif-enc."""
    if not all(shutil.which(tool) for tool in ("convert", "vips", "heif-enc")):
        return None
    picture, grid = work / "grid.png", work / "grid.heic"
    subprocess.run(["convert", "-size", "96x64", "gradient:red-blue", str(picture)], check=True)
    writer = Path(__file__).resolve().parent.parent / "Tests" / "fixtures" / "heic_grid.py"
    subprocess.run([sys.executable, str(writer), str(picture), str(grid), "--tile", "32", "--rotate", "1", "--mirror", "0"],
                   check=True, stdout=subprocess.DEVNULL)
    return grid.read_bytes()


def header_only(jpeg):
    """A JPEG's segments up to the scan, and an EOI: its EXIF without the pixels."""
    segments, _ = jpeg_segments(jpeg)
    out = b"\xff\xd8"
    for marker, body in segments:
        out += bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body
    return out + b"\xff\xd9"


def order_documents(manifest):
    photos = manifest["photos"][:3]
    picks = [{"order": i + 1, "id": p["id"], "path": p["path"], "name": p["name"], "bytes": p["bytes"]} for i, p in enumerate(photos)]
    base = {"format": "proofsheet-order", "version": 1, "gallery": manifest["gallery"], "title": manifest["title"],
            "limit": 3, "exported": "2026-11-30T10:04:05Z", "picks": picks}
    noted = dict(base, note="the whole selection's note", by="Anna Smith", minimum=2,
                 picks=[dict(p, note="black and white please") for p in picks])
    # Version 2: marks on picked and unpicked photos, and named selections.
    marks = [{"id": p["id"], "path": p["path"], "name": p["name"], "rating": i + 3, "label": "red"} for i, p in enumerate(photos[:2])]
    marks.append({"path": photos[-1]["path"], "rating": 0, "rejected": True})
    marked = dict(base, version=2, marks=marks)
    selections = {k: v for k, v in base.items() if k not in ("picks", "limit")}
    selections.update(version=2, marks=marks, selections=[
        {"name": "Album", "min": 1, "limit": 3, "picks": picks},
        {"name": "Cover", "limit": 1, "picks": [dict(picks[1], order=1)]}])
    paths = [p["path"] for p in photos]
    text = f"# {manifest['title']} — 3 picks — gallery {manifest['gallery']}\n# By: Anna Smith\n# Note: one line\n"
    text += "".join(f"{i + 1}. {path}\n" + ("   Note: black and white please\n" if i == 0 else "") for i, path in enumerate(paths))
    return {
        "order.json": json.dumps(base, indent=2, ensure_ascii=False) + "\n",
        "noted.json": json.dumps(noted, ensure_ascii=False),
        "marked.json": json.dumps(marked, ensure_ascii=False),
        "selections.json": json.dumps(selections, indent=1, ensure_ascii=False),
        "order.txt": text,
        "quoted.txt": "".join("> " + line + "\r\n" for line in text.splitlines()),
        "bare.txt": "\n".join(paths) + "\n",
        "names.txt": "Hi!\n\nThese ones please:\n" + "".join(f"- {p['name']}\n" for p in photos) + "\nThanks,\nAnna\n",
        "numbered.txt": "".join(f"{i + 1}) {p['name']}\n" for i, p in enumerate(photos)),
        "comments.txt": "# a comment\n\n" + paths[0] + "\n",
    }


def manifest_documents(written, manifest):
    """The demo's manifest as written, and hand-edited forms: indented, one photo with
    every optional field (bytes of a non-UTF-8 name, former ids, GPS, companions)."""
    photo = dict(manifest["photos"][0], pathBytes="Q2FmXOkuanBn", formerIds=["0123456789ab"], gps={"latitude": 48.8566, "longitude": -2.35},
                 camera="X", lens="Y", exposure="1/250", aperture="f/2.8", iso=200, focalLength="35 mm", description="café \U0001F4F7\n\x1b[31m",
                 exifWarning=True, warning="w", companions=[{"kind": "raw", "path": "a/b.CR3", "pathBytes": "YS9iLkNSMw==", "bytes": 9}])
    one = dict(manifest, photos=[photo])
    # What FuzzManifest's inputs found (now Swift tests too): nesting that overflowed the
    # reader's stack, and a number read as infinity and written back as `inf`.
    infinite = json.dumps(dict(manifest, photos=[dict(photo, gps={"latitude": 1.5, "longitude": 2.5})])).replace("2.5}", "1e999}")
    return {"manifest.json": written, "indented.json": json.dumps(manifest, indent=2, ensure_ascii=False).encode(),
            "one.json": json.dumps(one, ensure_ascii=True, sort_keys=True).encode(),
            "deep.json": b'{"albums":' + b"[" * 50_000 + b"]" * 50_000 + b"}", "infinite.json": infinite.encode()}


def search_documents(site, count):
    """The demo's search index (its JSON, after the count of photos the reader expects, two
    bytes little-endian, as FuzzSearchIndex takes it), one of a single photo, one of none,
    and the demo's with odd names in its joined columns."""
    script = next((site / "data").glob("s-*.js")).read_bytes()
    json_part = script[script.index(b"/*") + 2:script.rindex(b"*/")]
    index = json.loads(json_part)

    def document(count, value):
        return struct.pack("<H", count) + json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace(
            ',"names"', ',\n"names"').replace(',"dates"', ',\n"dates"').replace(',"camera"', ',\n"camera"', 1).replace(
            ',"cameras"', ',\n"cameras"').replace(',"paths"', ',\n"paths"').encode()
    odd = dict(index, names="/".join(['Café "quoted".jpg', "back\\slash.jpg", "tab\tname.jpg", "emoji 🎉.jpg"] +
                                     index["names"].split("/")[4:]))
    one = {"ids": "a41f09c2e0b1", "names": "IMG_0042.jpg", "dates": [1780000000], "camera": [1], "cameras": ["Canon EOS R5"], "paths": {}}
    none = {"ids": "", "names": "", "dates": [], "camera": [], "cameras": [], "paths": {}}
    return {"demo": struct.pack("<H", count) + json_part, "odd-names": document(count, odd),
            "one": document(1, one), "none": document(0, none)}


def cache_documents(binary, work, demo_site):
    """Manifests each followed by its `.proofsheet-cache` without the checksum (FuzzBuildCache
    appends it): the demo's; a library with RAW, XMP and Live Photo companions and a name
    that is not UTF-8, built and then rebuilt with one photo changed (records copied from
    the previous cache); a cache of another manifest; and one file whole, checksum and all."""
    def site_seed(site, whole=False):
        cache = (site / ".proofsheet-cache").read_bytes()
        return (site / "manifest.json").read_bytes() + (cache if whole else cache[:-32])

    library, site = work / "companions", work / "companions-site"
    jpegs = sorted((work / "library").rglob("*.jpg"))[:4]
    (library / "Album").mkdir(parents=True)
    for index, jpeg in enumerate(jpegs[:3]):
        shutil.copyfile(jpeg, library / "Album" / f"IMG_{index}.jpg")
    (library / "Album" / "IMG_0.CR3").write_bytes(b"raw " * 64)
    (library / "Album" / "IMG_0.jpg.xmp").write_bytes(b"<x:xmpmeta/>")
    (library / "Album" / "img_1.MOV").write_bytes(b"\x00\x00\x00\x14ftypqt  " * 8)
    with open(os.fsencode(library / "Album") + b"/caf\xe9.jpg", "wb") as out:
        out.write(jpegs[3].read_bytes())
    def build():
        subprocess.run([str(binary), "build", str(library), "--output", str(site), "--quiet"], check=True,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    build()
    built = site_seed(site)
    shutil.copyfile(jpegs[0], library / "Album" / "IMG_2.jpg")
    build()
    demo_manifest = (demo_site / "manifest.json").read_bytes()
    demo_cache = (demo_site / ".proofsheet-cache").read_bytes()[:-32]
    return {"demo": site_seed(demo_site), "demo-whole": site_seed(demo_site, whole=True), "companions": built,
            "rebuilt": site_seed(site), "another-site": demo_manifest + (site / ".proofsheet-cache").read_bytes()[:-32],
            "no-cache": demo_manifest, "journal": site_seed(demo_site) + journal_of(demo_cache),
            **{f"demo-{name}": demo_manifest + forged for name, forged in forged_caches(demo_manifest, demo_cache).items()}}


def journal_of(cache):
    """A `.proofsheet-cache-journal` without its checksum (FuzzBuildCache puts in the base's
    checksum and the manifest's fingerprint, and appends it) of the cache's records in two
    runs of the base, one of them moved by no distance, and one record of its own."""
    at = len(b"proofsheet-cache\n") + 4 + 32
    photos_array = cache[at:at + 16]
    at += 16
    (keys,) = struct.unpack_from("<I", cache, at)
    at += 4
    for _ in range(keys):
        (length,) = struct.unpack_from("<I", cache, at)
        at += 4 + length
    (count,) = struct.unpack_from("<I", cache, at)
    records = at + 4 + 8
    runs = struct.pack("<BIIq", 0, max(0, count - 1), 0, 0)
    if count:
        runs += struct.pack("<BI", 1, 1) + cache[records + (count - 1) * 68:records + count * 68]
    out = b"proofsheet-cache-journal\n" + struct.pack("<I", 1) + b"\0" * 32 + b"0" * 32 + photos_array
    return out + struct.pack("<IIQ", 0, 2 if count else 1, 0) + runs


def forged_caches(manifest, cache):
    """The demo's cache (without its checksum) with the records of its last album untrue, as a
    cache whose checksum holds can be: the album's run starting mid-object (its first record
    after its object's first comma), and a record saying another size. A rebuild album by
    album keeps that album (FuzzBuildCache changes the first photo), so it must find them."""
    at = len(b"proofsheet-cache\n") + 4 + 32 + 16
    (keys,) = struct.unpack_from("<I", cache, at)
    at += 4
    for _ in range(keys):
        (length,) = struct.unpack_from("<I", cache, at)
        at += 4 + length
    (count,) = struct.unpack_from("<I", cache, at)
    records = at + 4 + 8
    albums = json.loads(manifest.decode("utf-8"))["albums"]
    last = records + (count - albums[-1]["count"]) * 68
    start, length = struct.unpack_from("<QI", cache, last)
    comma = manifest.index(b",", start) + 1
    mid_object = bytearray(cache)
    struct.pack_into("<QI", mid_object, last, comma, length - (comma - start))
    other_size = bytearray(cache)
    (size,) = struct.unpack_from("<q", cache, last + 36)
    struct.pack_into("<q", other_size, last + 36, size + 1)
    return {"run-mid-object": bytes(mid_object), "record-other-size": bytes(other_size)}


def main():
    binary, root = Path(sys.argv[1]), Path(sys.argv[2])
    work = Path(tempfile.mkdtemp(prefix="proofsheet-seeds-"))
    try:
        subprocess.run([str(binary), "demo", "--output", str(work / "Site"), "--library", str(work / "library"), "--quiet"],
                       check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        manifest_bytes = (work / "Site" / "manifest.json").read_bytes()
        manifest = json.loads(manifest_bytes.decode("utf-8"))
        originals = sorted((work / "library").rglob("*.*"))
        jpegs = [p.read_bytes() for p in originals if p.suffix == ".jpg"]
        thumbs = [p.read_bytes() for p in sorted((work / "Site" / "thumbs").glob("*.jpg")) if "@2x" not in p.name]

        small = {"tiny.png": png(5, 3), "tiny.gif": gif(2, 2), "tiny.bmp": bmp(3, 2), "tiny.tiff": tiff(3, 2),
                 "tiny.webp": webp(640, 480), "tiny.heic": heif(4032, 3024), "tiny.avif": heif(800, 600, b"avif"),
                 "bomb.png": png(1, 1)[:16] + struct.pack(">II", 100_000, 100_000) + png(1, 1)[24:],
                 # What make fuzz found (now a Swift test too): a 2x2 frame on a 63486x1534
                 # screen, whose resampling took 1.5 GB.
                 "wide-screen.gif": gif(2, 2, (63486, 1534, 100, 700)),
                 # And a BMP of 3x3,080,194 pixels at a depth of 6144 bits, which libgd made
                 # (3 million rows, 146 MB) before refusing it.
                 "deep.bmp": bmp(3, 2)[:18] + struct.pack("<iiHH", 3, 3_080_194, 1, 0x1800) + bmp(3, 2)[30:54]}
        grid = heif_grid(work)
        if grid:
            small["grid.heic"] = grid
        headers = {f"exif-{i}.jpg": header_only(j) for i, j in enumerate(jpegs[:8])}
        headers["described.jpg"] = header_only(with_exif_description(jpegs[0], "A caption — ünïcödé"))
        corpora = {
            "FuzzImageHeader": {**small, **headers},
            "FuzzExif": headers,
            "FuzzThumbnailer": {**small, **{f"thumb-{i}.jpg": t for i, t in enumerate(thumbs[:4])},
                                "turned.jpg": min(jpegs, key=len)},
            # Two real RAWs (ExifTool's test images, image data removed, previews kept).
            "FuzzRaw": {p.name: p.read_bytes() for p in sorted(RAWS.glob("*.*")) if p.suffix != ".md"},
            "FuzzOrderFile": {k: v.encode() for k, v in order_documents(manifest).items()},
            "FuzzPastedList": {k: v.encode() for k, v in order_documents(manifest).items() if k.endswith(".txt")},
            "FuzzManifest": manifest_documents(manifest_bytes, manifest),
            "FuzzBuildCache": cache_documents(binary, work, work / "Site"),
            "FuzzSearchIndex": search_documents(work / "Site", len(manifest["photos"])),
        }
        for harness, seeds in corpora.items():
            folder = root / harness
            folder.mkdir(parents=True, exist_ok=True)
            for name, data in seeds.items():
                (folder / f"seed-{name}").write_bytes(data)
            print(f"{harness}: {len(seeds)} seeds in {folder}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
