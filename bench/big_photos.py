"""The big-photo rows of `make bench`: photos as large as cameras and scanners make them
(issue 30), and a RAW, each built alone by proofsheet beside vipsthumbnail making the same
1600-px preview: wall time, the ratio, and each one's peak memory.

The files are made once under bench/corpus/big/ (a seeded ImageMagick plasma, enlarged by
libvips, as Tests/ProofsheetKitTests/Imaging/BigPhotoTests.swift makes them).
"""

import os
import statistics
import struct
import subprocess

# name, width, height, the factor libvips enlarges by (pixels repeated), how it is saved
PHOTOS = [
    ("102 MP JPEG (GFX100, 11648×8736)", "gfx100.jpg", 11648, 8736, 4, "[Q=85]"),
    ("151 MP JPEG (IQ4, 14204×10652)", "iq4.jpg", 14204, 10652, 4, "[Q=85]"),
    ("1 GP JPEG (panorama, 40000×25000)", "panorama.jpg", 40000, 25000, 8, "[Q=85]"),
    ("300 MP PNG (scan, 20000×15000)", "scan.png", 20000, 15000, 8, "[compression=1]"),
    ("300 MP tiled TIFF (scan, 20000×15000)", "scan.tif", 20000, 15000, 8,
     "[tile,tile-width=256,tile-height=256,compression=deflate]"),
]
RAW = ("RAW: DNG with a 24 MP JPEG preview (6000×4000)", "camera.dng")
# HEICs as phones write them, a grid of 512×512 HEVC tiles (Tests/fixtures/heic_grid.py
# around heif-enc's tiles): label, name, width, height, zoom (0: a plasma drawn at full
# size with grain, so that its tiles cost libde265 what a photo's do, 2.8 MB at quality 60
# as a phone's, where an enlarged one is 0.25 MB), the writer's options. A picture in
# Display P3 is converted to sRGB by vipsthumbnail too, as proofsheet does.
P3 = "/usr/share/color/argyll/ref/DisplayP3.icm"
SRGB = "/usr/share/color/icc/colord/sRGB.icc"
GRIDS = [
    ("12 MP HEIC grid (phone: 48 tiles of 512×512, Display P3)", "phone.heic", 4032, 3024, 0,
     ["--icc", P3, "--quality", "60"]),
    ("200 MP HEIC grid (16320×12240, 768 tiles)", "samsung.heic", 16320, 12240, 8, []),
]
# A real phone's grid, the test fixture (Tests/fixtures/heic/README.md).
REAL_GRID = ("5 MP HEIC grid (a real Xiaomi phone's, 24 tiles)", "Xiaomi.heic")
GRID_WRITER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "fixtures", "heic_grid.py")


def run(argv, cwd=None):
    subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def dng(preview_jpeg, width, height):
    """A minimal DNG (classic little-endian TIFF): IFD0 a tiny thumbnail and the camera's
    name, a sub-IFD with a 64×48 16-bit mosaic, another with the JPEG preview."""
    out = bytearray(b"II*\0\0\0\0\0")

    def put(data):
        at = len(out)
        out.extend(data)
        if len(out) % 2:
            out.append(0)
        return at

    thumb = put(bytes([128]) * (160 * 120 * 3))
    mosaic = put(struct.pack("<H", 2048) * (64 * 48))
    preview = put(preview_jpeg)

    def directory(entries):
        if len(out) % 2:
            out.append(0)
        start = len(out)
        values_at = start + 2 + 12 * len(entries) + 4
        table, values = struct.pack("<H", len(entries)), bytearray()
        for tag, kind, items in sorted(entries, key=lambda e: e[0]):
            if kind == 2:
                data, count = items.encode() + b"\0", len(items) + 1
            else:
                fmt = {1: "B", 3: "H", 4: "I"}[kind]
                data, count = struct.pack("<" + fmt * len(items), *items), len(items)
            table += struct.pack("<HHI", tag, kind, count)
            if len(data) <= 4:
                table += data.ljust(4, b"\0")
            else:
                table += struct.pack("<I", values_at + len(values))
                values += data
                if len(values) % 2:
                    values.append(0)
        out.extend(table + struct.pack("<I", 0) + values)
        return start

    raw = directory([(254, 4, [0]), (256, 4, [64]), (257, 4, [48]), (258, 3, [16]), (259, 3, [1]),
                     (262, 3, [32803]), (273, 4, [mosaic]), (277, 3, [1]), (278, 4, [48]), (279, 4, [64 * 48 * 2]),
                     (33421, 3, [2, 2]), (33422, 1, [0, 1, 1, 2]), (50717, 4, [4095])])
    large = directory([(254, 4, [1]), (256, 4, [width]), (257, 4, [height]), (258, 3, [8, 8, 8]), (259, 3, [7]),
                       (262, 3, [6]), (273, 4, [preview]), (277, 3, [3]), (278, 4, [height]),
                       (279, 4, [len(preview_jpeg)])])
    first = directory([(254, 4, [1]), (256, 4, [160]), (257, 4, [120]), (258, 3, [8, 8, 8]), (259, 3, [1]),
                       (262, 3, [2]), (271, 2, "Proofsheet"), (272, 2, "Bench Camera"), (273, 4, [thumb]),
                       (274, 3, [1]), (277, 3, [3]), (278, 4, [120]), (279, 4, [160 * 120 * 3]),
                       (330, 4, [raw, large]), (50706, 1, [1, 4, 0, 0]), (50708, 2, "Proofsheet Bench Camera")])
    out[4:8] = struct.pack("<I", first)
    return bytes(out)


def ensure(folder):
    """Makes the files once; returns {file name: path}."""
    os.makedirs(folder, exist_ok=True)
    plasma = os.path.join(folder, "plasma.png")
    if not os.path.exists(plasma):
        run(["convert", "-seed", "7", "-size", "400x300", "plasma:red-blue", plasma])
    paths = {}
    for _, name, width, height, zoom, save in PHOTOS:
        path = paths[name] = os.path.join(folder, name)
        if os.path.exists(path):
            continue
        small = os.path.join(folder, "small.v")
        print(f"  making {name} ({width}×{height})…", flush=True)
        run(["vips", "thumbnail", plasma, small, str(width // zoom), "--height", str(height // zoom), "--size", "force"])
        part = os.path.join(folder, "part-" + name)
        run(["vips", "zoom", small, part + save, str(zoom), str(zoom)])
        os.rename(part, path)
        os.remove(small)
    for _, name, width, height, zoom, options in GRIDS:
        path = paths[name] = os.path.join(folder, name)
        if os.path.exists(path):
            continue
        print(f"  making {name} ({width}×{height}, a grid)…", flush=True)
        small, picture = os.path.join(folder, "small.v"), os.path.join(folder, "picture.v")
        if zoom:
            run(["vips", "thumbnail", plasma, small, str(width // zoom), "--height", str(height // zoom), "--size",
                 "force"])
            run(["vips", "zoom", small, picture, str(zoom), str(zoom)])
        else:
            drawn = os.path.join(folder, "drawn.png")
            run(["convert", "-seed", "7", "-size", f"{width}x{height}", "plasma:red-blue", "-attenuate", "0.15",
                 "+noise", "Gaussian", drawn])
            run(["vips", "copy", drawn, picture])
            os.remove(drawn)
        if "--icc" in options:  # the picture's pixels put in Display P3, as a phone's are
            run(["vips", "icc_transform", picture, small, P3, "--input-profile", SRGB])
            os.replace(small, picture)
        subprocess.run(["python3", GRID_WRITER, picture, path] + options, check=True, stdout=subprocess.DEVNULL)
        for name in (small, picture):
            if os.path.exists(name):
                os.remove(name)
    paths[REAL_GRID[1]] = os.path.join(os.path.dirname(GRID_WRITER), "heic", REAL_GRID[1])
    path = paths[RAW[1]] = os.path.join(folder, RAW[1])
    preview = paths["preview.jpg"] = os.path.join(folder, "preview.jpg")
    if not (os.path.exists(path) and os.path.exists(preview)):
        run(["vips", "thumbnail", plasma, preview + "[Q=90]", "6000", "--height", "4000", "--size", "force"])
        with open(preview, "rb") as f:
            data = dng(f.read(), 6000, 4000)
        with open(path + ".part", "wb") as f:
            f.write(data)
        os.rename(path + ".part", path)
    return paths


def section(binary, measure, rounds, work, say, target, corpus_folder, match=None):
    """One row a photo: proofsheet building a library of that photo alone, and
    vipsthumbnail making its 1600-px preview (of the RAW, its embedded preview, which
    vipsthumbnail cannot find in a DNG), alternating, medians of `rounds`."""
    print("\nBig photos (made once):", flush=True)
    paths = ensure(os.path.join(corpus_folder, "big"))
    say("### Big photos and RAW (issue 30), each alone, 1600-px preview")
    say()
    say("| photo | proofsheet | vipsthumbnail | ratio | proofsheet peak | vipsthumbnail peak |")
    say("|---|---:|---:|---:|---:|---:|")
    worst = 0
    tagged = {g[1] for g in GRIDS if "--icc" in g[5]}
    rows = [(p[0], p[1]) for p in PHOTOS] + [(g[0], g[1]) for g in GRIDS] + [REAL_GRID, RAW]
    for label, name in [r for r in rows if match is None or match in r[0]]:
        library = os.path.join(work, "big-" + name)
        os.makedirs(library, exist_ok=True)
        link = os.path.join(library, name)
        if not os.path.exists(link):
            os.link(paths[name], link)  # a symlink would lead outside the library: refused
        source = paths["preview.jpg"] if name == RAW[1] else paths[name]
        ours, theirs = [], []
        for round in range(rounds):
            site = os.path.join(work, f"big-site-{name}-{round}")
            built = measure([binary, "build", library, "--output", site, "--strict"])
            if "Built 1 photo" not in built.output:
                raise SystemExit(f"{name}: not built\n{built.output[-2000:]}")
            ours.append(built)
            export = ["--export-profile", "srgb"] if name in tagged else []
            theirs.append(measure(["vipsthumbnail", source, "--size", "1600x1600", "-o",
                                   os.path.join(work, f"vips-{round}-%s.jpg")] + export))
        a = statistics.median(r.wall for r in ours)
        b = statistics.median(r.wall for r in theirs)
        peak_a, peak_b = max(r.rss for r in ours), max(r.rss for r in theirs)
        worst = max(worst, peak_a)
        say(f"| {label} | {a:.2f} s | {b:.2f} s | {a / b:.2f}× | {peak_a / 1e6:.0f} MB | {peak_b / 1e6:.0f} MB |")
        if name == GRIDS[0][1]:
            target("phone HEIC grid: wall ≤ 0.6× vipsthumbnail", f"{a / b:.2f}×", a / b <= 0.6)
    say()
    target("big photos and RAW: peak RSS < 400 MB each", f"{worst / 1e6:.0f} MB", worst < 400e6)
