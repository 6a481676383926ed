#!/usr/bin/env python3
"""Makes a hostile photo library, for the sanitizer runs: broken and lying headers of
every format, a folder of 20,000 entries with names up to 255 bytes, names that are not
UTF-8 or carry newlines and terminal escapes, a path deeper than PATH_MAX, symlink loops
and symlinks out of the library — beside a few good photos from `proofsheet demo`.

Usage: Tests/sanitize/hostile_library.py PROOFSHEET_BINARY LIBRARY
"""

import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Fuzz"))
import seeds  # noqa: E402  (the small images written by hand)

HUGE_FOLDER = 20_000


def lying_jpeg(good):
    """The JPEG with its frame header claiming 65,535 × 65,535 pixels."""
    at = good.index(b"\xff\xc0")
    return good[: at + 5] + struct.pack(">HH", 65535, 65535) + good[at + 9 :]


def broken_exif(good):
    """The JPEG with an EXIF block whose IFD offsets point far outside it."""
    tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 3)
    tiff += struct.pack("<HHII", 0x0112, 3, 1, 0xFFFF_FFF0)  # Orientation, offset out of range
    tiff += struct.pack("<HHII", 0x8769, 4, 1, 0x7FFF_FFFF)  # Exif sub-IFD far away
    tiff += struct.pack("<HHII", 0x010F, 2, 0x4000_0000, 26)  # Make: a gigabyte of ASCII
    payload = b"Exif\x00\x00" + tiff + struct.pack("<I", 8)  # next IFD: itself (a loop)
    return good[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + good[2:]


def main():
    binary, library = Path(sys.argv[1]), Path(sys.argv[2])
    work = Path(tempfile.mkdtemp(prefix="proofsheet-hostile-"))
    try:
        subprocess.run([str(binary), "demo", "--output", str(work / "Site"), "--library", str(work / "demo"), "--quiet"],
                       check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        photos = sorted((work / "demo").rglob("*.jpg"))[:6]
        good = photos[0].read_bytes()
        library.mkdir(parents=True)
        for photo in photos:
            shutil.copy2(photo, library / photo.name)
        shutil.copy2(next((work / "demo").rglob("*.png")), library / "Sketch.png")

        broken = library / "Broken"
        broken.mkdir()
        files = {
            "empty.jpg": b"",
            "half.jpg": good[: len(good) // 2],
            "header only.jpg": seeds.header_only(good),
            "lying size.jpg": lying_jpeg(good),
            "broken exif.jpg": broken_exif(good),
            "garbage.jpg": bytes((i * 7919) % 251 for i in range(4096)),
            "not a png.png": b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,
            "bad crc.png": seeds.png(8, 8)[:-5] + b"\x00\x00\x00\x00\x00",
            "bomb.png": seeds.png(1, 1)[:16] + struct.pack(">II", 100_000, 100_000) + seeds.png(1, 1)[24:],
            "cut.gif": seeds.gif(2, 2)[:14],
            "tiny.gif": seeds.gif(2, 2),
            "tiny.bmp": seeds.bmp(3, 2),
            "negative.bmp": seeds.bmp(3, 2)[:18] + struct.pack("<ii", -2**31, -2**31) + seeds.bmp(3, 2)[26:],
            "tiny.tiff": seeds.tiff(3, 2),
            "header.webp": seeds.webp(640, 480),
            "header.heic": seeds.heif(4032, 3024),
            "header.avif": seeds.heif(800, 600, b"avif"),
        }
        for name, data in files.items():
            (broken / name).write_bytes(data)

        huge = library / "Huge"
        huge.mkdir()
        for i in range(HUGE_FOLDER):
            length = 8 + i % 240  # names of every length up to 255 bytes
            name = (f"{i:05d}-" + "x" * length)[: length] + ".txt"
            (huge / name).write_bytes(b"")
        shutil.copy2(photos[1], huge / ("y" * 251 + ".jpg"))

        odd = os.fsencode(library / "Odd names")
        os.mkdir(odd)
        for name in [b"caf\xe9 Latin-1.jpg", b"line\nbreak.jpg", b"tab\there.jpg", b"\x1b[31mred\x1b[0m.jpg",
                     b"\x1b]0;title\x07.jpg", b"-starts with a dash.jpg", b"\xff\xfe.jpg", "ünïcödé ✓.jpg".encode()]:
            with open(os.path.join(odd, name), "wb") as out:
                out.write(good)
        os.mkdir(os.path.join(odd, b"folder \xe9"))
        with open(os.path.join(odd, b"folder \xe9", b"inside.jpg"), "wb") as out:
            out.write(good)

        # Deeper than PATH_MAX (4,096 bytes) below the library, made one step at a time.
        deep = os.open(library, os.O_RDONLY)
        for _ in range(40):
            os.mkdir("d" * 200, dir_fd=deep)
            inner = os.open("d" * 200, os.O_RDONLY, dir_fd=deep)
            os.close(deep)
            deep = inner
        with open(os.open("deep.jpg", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=deep), "wb") as out:
            out.write(good)
        os.close(deep)

        os.symlink(".", library / "loop")
        os.symlink("../Broken", broken / "up")
        os.symlink("/etc/passwd", library / "outside.jpg")
        os.symlink("missing.jpg", library / "dangling.jpg")
        print(f"hostile library: {library}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
