#!/usr/bin/env python3
"""Rebuilds of a big library side by side: two proofsheet binaries (old, new), alternating,
each run timed for wall and CPU (user + system of the build process), medians and ratios.

Each run edits one photo the way bench/page_bench.py's rebuilds() does (the last photo of
the last album, its bytes plus a JPEG comment: content of its own, no other id moves), then
builds with one binary; the next run edits again and builds with the other. Modes:
  one       one photo changed (the album-by-album rebuild);
  fallback  one photo changed and the search index file removed first, so the rebuild
            cannot be album by album and reads the previous manifest whole (with the cache);
  nocache   one photo changed and .proofsheet-cache removed first (the manifest read whole,
            the cache made from it);
  none      nothing changed;
  copy      one photo replaced by another photo of the library (a copy of a content other
            photos have: issue 33's measurement; an id scheme that numbers copies by path
            moves the ids of later copies in every album).
Each run also reports what the build wrote: the files of the site (and its cache) new or
rewritten, by inode, modification time and size, and their bytes.
The binaries must make the same site (same generator, same templates), so that each
rebuilds what the other wrote — or, with --site-old DIR, OLD rebuilds a site of its own
(a copy of --site: for binaries whose page files differ), built with OLD's own templates
(those of its source tree, for a binary of another commit); then the library is edited once
a pair of runs, so each site still sees one photo changed. The load average is printed
before and after.

--make-library N first makes DIR a library of N photos in 50 albums, hard links of the
demo's 24 photos at 160 px (as bench/page_bench.py does), when it is not one already.

Usage: bench/rebuild_bench.py OLD NEW --library DIR --site DIR [--site-old DIR] [--runs 5] [--mode one]
       [--make-library N]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = ("--limit", "500", "--thumb-size", "160", "--preview-size", "320", "--quiet")


def build(binary, library, site, own_templates=False):
    """One build; with `own_templates`, the binary's own (those of its source tree or
    installation, for a binary of another commit), else this checkout's."""
    start = time.monotonic()
    templates = [] if own_templates else ["--templates", str(ROOT / "Templates")]
    child = subprocess.Popen([binary, "build", str(library), "--output", str(site), *OPTIONS, *templates],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        raise SystemExit(f"{binary} exited {status}")
    return wall, usage.ru_utime + usage.ru_stime


def make_library(library, count, binary):
    """N hard links of the demo's photos made small, in 50 albums."""
    marker = library.with_name(library.name + ".complete")
    if marker.exists():
        return
    demo = library.with_name(library.name + "-demo")
    subprocess.run([binary, "demo", "--output", str(demo / "Site"), "--library", str(demo / "library"), "--quiet"],
                   check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    subprocess.run([binary, "build", str(demo / "library"), "--output", str(demo / "Small"), "--thumb-size", "80",
                    "--quiet", "--templates", str(ROOT / "Templates")],
                   check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    files = sorted((demo / "Small" / "thumbs").glob("*@2x.jpg"))
    per_album = -(-count // 50)
    for i in range(count):
        folder = library / f"Album {i // per_album + 1:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        os.link(files[i % len(files)], folder / f"IMG_{i:06d}.jpg")
    marker.touch()


def states(site):
    """Every regular file of the site (the cache's files included): inode, mtime, size."""
    found = {}
    for folder, _, names in os.walk(site):
        for name in names:
            info = os.lstat(os.path.join(folder, name))
            found[os.path.relpath(os.path.join(folder, name), site)] = (info.st_ino, info.st_mtime_ns, info.st_size)
    return found


def written(before, after):
    """The files new or rewritten, and their bytes."""
    changed = [path for path, state in after.items() if before.get(path) != state]
    return len(changed), sum(after[path][2] for path in changed)


def edit(library, k, mode="one"):
    albums = sorted(p for p in library.iterdir() if p.is_dir())
    last_album = albums[-1]
    target = sorted(last_album.iterdir())[-1 - (k % 50)]
    if mode == "copy":
        # A photo of the first album, so that copies of its content (and of the new one)
        # follow it in every album; it gets the content of the album's first photo, or of
        # its second when it is that content already.
        photos = sorted(albums[0].iterdir())
        target = photos[-1 - (k % 50)]
        first, second = photos[:2]
        source = first if first.stat().st_ino != target.stat().st_ino else second
        target.unlink()
        shutil.copyfile(source, target)
        return
    data = target.read_bytes()
    # Strip an earlier bench edit (a comment after the image's end), then add a new one.
    end = data.rfind(b"\xff\xd9")
    data = data[:end + 2] if end >= 0 else data
    tag = f"bench edit {time.time_ns()}".encode()
    target.unlink()
    target.write_bytes(data + b"\xff\xfe" + (len(tag) + 2).to_bytes(2, "big") + tag)


def prepare(mode, site):
    if mode == "fallback":
        for path in (site / "data").glob("s-*.js"):
            path.unlink()
    elif mode == "nocache":
        (site / ".proofsheet-cache").unlink(missing_ok=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--library", required=True, type=Path)
    parser.add_argument("--site", required=True, type=Path)
    parser.add_argument("--site-old", type=Path, help="the site OLD rebuilds (default: --site)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--mode", choices=("one", "fallback", "nocache", "none", "copy"), default="one")
    parser.add_argument("--make-library", type=int, metavar="N")
    args = parser.parse_args()
    binaries = {"old": os.path.realpath(args.old), "new": os.path.realpath(args.new)}
    if args.make_library:
        make_library(args.library, args.make_library, binaries["new"])
    print(f"load before {os.getloadavg()}")
    sites = {"old": args.site_old or args.site, "new": args.site}
    # Settle: the site as both make it (each its own, with --site-old).
    build(binaries["new"], args.library, args.site)
    if args.site_old:
        build(binaries["old"], args.library, args.site_old, own_templates=True)
    times = {"old": [], "new": []}
    writes = {"old": [], "new": []}
    k = 0
    for run in range(args.runs):
        for turn, name in enumerate(("old", "new") if run % 2 == 0 else ("new", "old")):
            if args.mode != "none" and not (args.site_old and turn == 1):
                edit(args.library, k, args.mode)
                k += 1
            prepare(args.mode, sites[name])
            before = states(sites[name])
            wall, cpu = build(binaries[name], args.library, sites[name], own_templates=name == "old" and args.site_old)
            files, size = written(before, states(sites[name]))
            times[name].append((wall, cpu))
            writes[name].append((files, size))
            print(f"run {run + 1} {name}: wall {wall:.3f} s, CPU {cpu:.3f} s, wrote {files} files, {size / 1e6:.2f} MB,"
                  f" load {os.getloadavg()[0]:.2f}", flush=True)
    med = {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for name, t in times.items()}
    print(f"load after {os.getloadavg()}")
    print(f"mode {args.mode}, {args.runs} runs each, medians:")
    for name in ("old", "new"):
        files = statistics.median(f for f, _ in writes[name])
        size = statistics.median(b for _, b in writes[name])
        print(f"  {name}: wall {med[name][0]:.3f} s, CPU {med[name][1]:.3f} s, wrote {files:.0f} files, {size / 1e6:.2f} MB")
    print(f"  new/old: wall {med['new'][0] / med['old'][0]:.2f}x, CPU {med['new'][1] / med['old'][1]:.2f}x")


if __name__ == "__main__":
    main()
