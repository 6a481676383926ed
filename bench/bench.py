#!/usr/bin/env python3
"""`make bench`: proofsheet against vipsthumbnail, ImageMagick, sigal and the JPEG
decoding floor, side by side on the same corpus, with the same sizes and all cores.

Every contender makes a 1600-px preview and 800- and 400-px thumbnails (sigal has no 2x
thumbnail; it makes the other two), at JPEG quality 82. Runs alternate between tools,
several rounds, and medians are reported. Then: thumbnail quality (PSNR against
vipsthumbnail's Lanczos), proofsheet's rebuilds and memory on both corpora, a kill -9 in
the middle of a build, the page weight for 10,000 photos, and the targets of issue 5.

The corpora and a venv (sigal, Pillow, numpy) are made once under bench/ and git-ignored.
The table is also written to bench/results/ to paste into the README.
"""

import argparse
import gzip
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
VENV = os.path.join(BENCH, "venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")
CORPUS = os.path.join(BENCH, "corpus")
RESULTS = os.path.join(BENCH, "results")

PREVIEW, THUMB, THUMB2X, QUALITY = 1600, 400, 800, 82


def ensure_venv():
    """Re-runs this script inside bench/venv, creating it first if needed."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    requirements = os.path.join(BENCH, "requirements.txt")
    stamp = os.path.join(VENV, ".installed")
    if not os.path.exists(stamp) or os.path.getmtime(stamp) < os.path.getmtime(requirements):
        print("Setting up bench/venv (sigal, Pillow, numpy)…", flush=True)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run(
            [VENV_PYTHON, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", requirements], check=True)
        open(stamp, "w").close()
    os.execv(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__)] + sys.argv[1:])


# MARK: Measuring one run

PAGE = os.sysconf("SC_PAGE_SIZE")


def session_rss(session):
    """Resident memory of every process in a session, in bytes."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
            fields = stat[stat.rindex(b")") + 2:].split()
            if int(fields[3]) != session:  # field 6, the session id
                continue
            with open(f"/proc/{entry}/statm", "rb") as f:
                total += int(f.read().split()[1]) * PAGE
        except (OSError, ValueError, IndexError):
            continue
    return total


class Run:
    def __init__(self, wall, cpu, rss, output):
        self.wall, self.cpu, self.rss, self.output = wall, cpu, rss, output


def measure(argv, env=None, cwd=None, check=True):
    """Runs argv in its own session; wall and CPU time, and the peak of the summed RSS
    of all its processes (sampled every 20 ms, and at least the largest one's peak)."""
    log = tempfile.TemporaryFile()
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, cwd=cwd,
        start_new_session=True)
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.wait(0.02):
            peak[0] = max(peak[0], session_rss(process.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    log.seek(0)
    output = log.read().decode("utf-8", "replace")
    if check and process.returncode != 0:
        raise SystemExit(f"failed ({process.returncode}): {' '.join(argv[:6])}…\n{output[-3000:]}")
    cpu = usage.ru_utime + usage.ru_stime
    return Run(wall, cpu, max(peak[0], usage.ru_maxrss * 1024), output)


# MARK: The contenders


def chunks(items, count):
    return [items[i::count] for i in range(count) if items[i::count]]


def shell_parallel(commands):
    """One shell that runs each command line in the background and waits for all."""
    return ["sh", "-c", " & ".join(f"( {c} )" for c in commands) + " & wait"]


def quote(path):
    return "'" + path.replace("'", "'\\''") + "'"


class Contender:
    name = ""

    def command(self, photos, out, jobs):
        raise NotImplementedError

    def thumbnails(self, out):
        """{photo file name: path of its 400-px thumbnail}."""
        raise NotImplementedError


class Proofsheet(Contender):
    def __init__(self, binary, library, extra=(), name="proofsheet"):
        self.binary, self.library, self.extra, self.name = binary, library, list(extra), name

    def command(self, photos, out, jobs):
        return [self.binary, "build", self.library, "--output", out, "--quiet", "--jobs", str(jobs),
                "--thumb-size", str(THUMB), "--preview-size", str(PREVIEW), "--quality", str(QUALITY)] + self.extra

    def thumbnails(self, out):
        with open(os.path.join(out, "manifest.json")) as f:
            manifest = json.load(f)
        return {os.path.basename(p["path"]): os.path.join(out, p["thumb"]["src"]) for p in manifest["photos"]}


class Vips(Contender):
    """vipsthumbnail: the preview from the original, the thumbnails from the preview. With
    export_srgb, the preview is converted to sRGB from the photo's profile (vipsthumbnail
    keeps the profile otherwise), the same work as proofsheet's."""
    name = "vipsthumbnail"

    def __init__(self, export_srgb=False):
        self.export_srgb = export_srgb

    def command(self, photos, out, jobs):
        lines = []
        options = f"[Q={QUALITY},strip]" + (" --export-profile srgb" if self.export_srgb else "")
        for part in chunks(photos, jobs):
            previews = " ".join(quote(os.path.join(out, "previews", os.path.basename(p))) for p in part)
            originals = " ".join(quote(p) for p in part)
            lines.append(
                f"vipsthumbnail -s {PREVIEW} -o {quote(out)}/previews/%s.jpg{options} {originals} && "
                f"vipsthumbnail -s {THUMB2X} -o {quote(out)}/thumbs2x/%s.jpg{options} {previews} && "
                f"vipsthumbnail -s {THUMB} -o {quote(out)}/thumbs/%s.jpg{options} {previews}")
        for folder in ("previews", "thumbs2x", "thumbs"):
            os.makedirs(os.path.join(out, folder), exist_ok=True)
        return shell_parallel(lines)

    def thumbnails(self, out):
        folder = os.path.join(out, "thumbs")
        return {name: os.path.join(folder, name) for name in os.listdir(folder)}


class ImageMagick(Contender):
    """mogrify -thumbnail with -define jpeg:size= hints, so libjpeg shrinks on load. IM 6
    scales by the smaller of the two ratios, so the hint is the output's own size (a
    square hint would decode these 4:3 photos whole)."""
    name = "ImageMagick"

    def __init__(self, portrait_stored):
        self.portrait_stored = portrait_stored

    def command(self, photos, out, jobs):
        for folder in ("previews", "thumbs2x", "thumbs"):
            os.makedirs(os.path.join(out, folder), exist_ok=True)
        lines = []
        common = f"mogrify -limit thread 1 -quality {QUALITY}"
        for part in chunks(photos, jobs):
            steps = []
            for portrait in (False, True):
                group = [p for p in part if (os.path.basename(p) in self.portrait_stored) == portrait]
                if not group:
                    continue
                hint = f"{PREVIEW * 3 // 4}x{PREVIEW}" if portrait else f"{PREVIEW}x{PREVIEW * 3 // 4}"
                steps.append(
                    f"{common} -path {quote(out)}/previews -define jpeg:size={hint} -auto-orient "
                    f"-thumbnail {PREVIEW}x{PREVIEW} {' '.join(quote(p) for p in group)}")
            previews = " ".join(quote(os.path.join(out, "previews", os.path.basename(p))) for p in part)
            for folder, size in (("thumbs2x", THUMB2X), ("thumbs", THUMB)):
                steps.append(
                    f"{common} -path {quote(out)}/{folder} -define jpeg:size={size}x{size} "
                    f"-thumbnail {size}x{size} {previews}")
            lines.append(" && ".join(steps))
        return shell_parallel(lines)

    def thumbnails(self, out):
        folder = os.path.join(out, "thumbs")
        return {name: os.path.join(folder, name) for name in os.listdir(folder)}


class Sigal(Contender):
    name = "sigal"

    def __init__(self, library):
        self.library = library

    def command(self, photos, out, jobs):
        config = os.path.join(out + ".conf.py")
        with open(config, "w") as f:
            f.write(
                "img_size = (%d, %d)\n"
                "thumb_size = (%d, %d)\n"
                "thumb_fit = False\n"
                "keep_orig = False\n"
                "autorotate_images = True\n"
                "copy_exif_data = False\n"
                "jpg_options = {'quality': %d, 'optimize': False, 'progressive': False}\n"
                % (PREVIEW, PREVIEW, THUMB, THUMB, QUALITY))
        return [os.path.join(VENV, "bin", "sigal"), "build", "-q", "-c", config, "-n", str(jobs), self.library, out]

    def thumbnails(self, out):
        folder = os.path.join(out, "thumbnails")
        return {name: os.path.join(folder, name) for name in os.listdir(folder)}


class Floor(Contender):
    """Decoding only: djpeg -scale 1/2 on every file, as many at once as there are cores."""
    name = "djpeg -scale 1/2"

    def command(self, photos, out, jobs):
        os.makedirs(out, exist_ok=True)
        listing = os.path.join(out, "files")
        with open(listing, "w") as f:
            f.write("\0".join(photos))
        return ["sh", "-c", f"xargs -0 -P {jobs} -n 1 djpeg -scale 1/2 -outfile /dev/null < {quote(listing)}"]

    def thumbnails(self, out):
        return {}


# MARK: Quality


def psnr_table(reference, others):
    """Mean PSNR (dB) of each tool's thumbnails against the reference's, photo by photo.
    Sizes may differ by a pixel of rounding; the common area is compared."""
    import numpy as np
    from PIL import Image

    def load(path):
        with Image.open(path) as image:
            return np.asarray(image.convert("RGB"), dtype=np.float64)

    result = {}
    for name, thumbs in others.items():
        values = []
        for photo, path in reference.items():
            if photo not in thumbs:
                continue
            a, b = load(path), load(thumbs[photo])
            h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
            if abs(a.shape[0] - b.shape[0]) > 2 or abs(a.shape[1] - b.shape[1]) > 2:
                continue  # not the same picture size: something is wrong; leave it out
            mse = float(((a[:h, :w] - b[:h, :w]) ** 2).mean())
            values.append(99.0 if mse == 0 else 10 * np.log10(255.0**2 / mse))
        result[name] = (statistics.fmean(values), len(values)) if values else (float("nan"), 0)
    return result


# MARK: proofsheet on its own: rebuilds, memory, kill -9


def parse_summary(output):
    """(photos, unchanged) from the build's summary line."""
    built = re.search(r"Built (\d+) photos?", output)
    unchanged = re.search(r"(\d+) unchanged", output)
    return (int(built.group(1)) if built else -1, int(unchanged.group(1)) if unchanged else 0)


def rebuild_timings(binary, library_source, work, rounds, jobs):
    """Times proofsheet's builds on a working copy (hard links) of a corpus: the first
    build, nothing changed, one photo changed, one added, one removed."""
    library = os.path.join(work, "library")
    site = os.path.join(work, "site")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    subprocess.run(["cp", "-al", library_source, library], check=True)
    photos = sorted(
        os.path.join(d, n) for d, _, names in os.walk(library) for n in names
        if n.lower().endswith(".jpg"))
    argv = [binary, "build", library, "--output", site, "--quiet", "--jobs", str(jobs)]

    def build():
        run = measure(argv)
        total, unchanged = parse_summary(run.output)
        run.rendered = total - unchanged
        run.photos = total
        return run

    results = {"first build": [build()]}
    results["nothing changed"] = [build() for _ in range(rounds)]
    changed, donor, removed = photos[len(photos) // 2], photos[0], photos[-1]

    def replace(path, source):
        # A new file under the same name (breaks the hard link; the corpus is untouched).
        temporary = path + ".new"
        shutil.copyfile(source, temporary)
        os.replace(temporary, path)

    results["one changed"] = []
    results["one added"] = []
    results["one removed"] = []
    for i in range(rounds):
        replace(changed, photos[(i + 1) % len(photos)] if i % 2 == 0 else donor)
        results["one changed"].append(build())
        added = os.path.join(os.path.dirname(donor), f"added-{i}.jpg")
        shutil.copyfile(donor, added)
        results["one added"].append(build())
        os.unlink(added)
        results["one removed"].append(build())
    return results, site, library


def memory_by_jobs(binary, library, work, jobs_list):
    peaks = {}
    for jobs in jobs_list:
        site = os.path.join(work, f"site-j{jobs}")
        shutil.rmtree(site, ignore_errors=True)
        run = measure([binary, "build", library, "--output", site, "--quiet", "--jobs", str(jobs)])
        peaks[jobs] = run
        shutil.rmtree(site, ignore_errors=True)
    return peaks


def first_builds_by_jobs(binary, library, work, jobs_list, rounds):
    """The first build of a library (no site there) at each --jobs, alternating runs (the
    order turned each round): the median run of each, by wall time."""
    runs = {jobs: [] for jobs in jobs_list}
    for round_index in range(rounds):
        order = jobs_list[round_index % len(jobs_list):] + jobs_list[:round_index % len(jobs_list)]
        for jobs in order:
            site = os.path.join(work, f"first-j{jobs}")
            shutil.rmtree(site, ignore_errors=True)
            run = measure([binary, "build", library, "--output", site, "--quiet", "--jobs", str(jobs)])
            runs[jobs].append(run)
            print(f"  round {round_index + 1}: --jobs {jobs} {run.wall:7.2f} s, CPU {run.cpu:7.2f} s", flush=True)
            shutil.rmtree(site, ignore_errors=True)
    return {jobs: sorted(rs, key=lambda r: r.wall)[len(rs) // 2] for jobs, rs in runs.items()}


def say_copies(say, binary, corpus, small, work, args):
    """The same, for a library of as many photos of 24 contents (hard links): each
    content is rendered once a build, the rest is the walk, reading and writing."""
    copies = os.path.join(CORPUS, f"copies-{args.library_size}")
    corpus.ensure_copies(copies, small, args.library_size)
    runs = first_builds_by_jobs(binary, copies, work, [1, 2, 4], args.rounds)
    say_first_builds(say, f"{args.library_size:,} photos of 24 contents (copies)", args.library_size, runs)


def say_first_builds(say, label, count, runs):
    jobs_list = sorted(runs)
    say(f"| first build, {label} | " + " | ".join(f"--jobs {j}" for j in jobs_list) + " |")
    say("|---|" + "---:|" * len(jobs_list))
    say("| photos a second | " + " | ".join(f"{count / runs[j].wall:,.0f}" for j in jobs_list) + " |")
    say("| wall, CPU | " + " | ".join(f"{runs[j].wall:.1f} s, {runs[j].cpu:.1f} s" for j in jobs_list) + " |")
    say("| CPU / wall (cores kept busy) | " + " | ".join(f"{runs[j].cpu / runs[j].wall:.2f}" for j in jobs_list) + " |")
    say()


def referenced_files_exist(site):
    """Every src and href of index.html names an existing file."""
    with open(os.path.join(site, "index.html"), encoding="utf-8") as f:
        page = f.read()
    names = set(re.findall(r'(?:thumbs|previews|assets)/[^"\'\s<>\\]+', page))
    missing = [n for n in names if not os.path.isfile(os.path.join(site, n))]
    return len(names), missing


def kill_test(binary, library, work):
    """Builds a site, starts a build that must redo every image (another quality), kills
    it with SIGKILL midway, and checks the old page is whole; then builds again."""
    site = os.path.join(work, "site-kill")
    shutil.rmtree(site, ignore_errors=True)
    subprocess.run([binary, "build", library, "--output", site, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    process = subprocess.Popen(
        [binary, "build", library, "--output", site, "--quiet", "--quality", "70"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Kill once some of the new images are on disk.
    deadline = time.time() + 60
    before = len(os.listdir(os.path.join(site, "previews")))
    while time.time() < deadline and process.poll() is None:
        if len(os.listdir(os.path.join(site, "previews"))) >= before + 10:
            break
        time.sleep(0.05)
    killed_midway = process.poll() is None
    process.send_signal(signal.SIGKILL)
    process.wait()
    count, missing = referenced_files_exist(site)
    old_whole = killed_midway and count > 0 and not missing
    run = measure([binary, "build", library, "--output", site, "--quiet", "--quality", "70"])
    count2, missing2 = referenced_files_exist(site)
    with open(os.path.join(site, "manifest.json")) as f:
        manifest = json.load(f)
    referenced = {p[k]["src"] for p in manifest["photos"] for k in ("thumb", "thumb2x", "preview")}
    on_disk = {f"{d}/{n}" for d in ("thumbs", "previews") for n in os.listdir(os.path.join(site, d))}
    next_correct = (not missing2 and referenced == on_disk and manifest["options"]["quality"] == 70
                    and parse_summary(run.output)[0] == len(manifest["photos"]))
    shutil.rmtree(site, ignore_errors=True)
    return killed_midway, old_whole, next_correct


# MARK: Formats, colour, 100 MP, watermark (issue 8, issue 14)


def alternate(pairs, rounds, jobs, work):
    """Runs each (label, contender, photos) in turn, `rounds` times; medians by label."""
    runs = {label: [] for label, _, _ in pairs}
    for round_index in range(rounds):
        for label, contender, photos in (pairs if round_index % 2 == 0 else list(reversed(pairs))):
            out = os.path.join(work, re.sub(r"\W+", "-", label))
            shutil.rmtree(out, ignore_errors=True)
            runs[label].append(measure(contender.command(photos, out, jobs)))
            print(f"  round {round_index + 1}: {label:42} {runs[label][-1].wall:7.2f} s", flush=True)
            shutil.rmtree(out, ignore_errors=True)
    return {label: {k: statistics.median(getattr(r, k) for r in rs) for k in ("wall", "cpu", "rss")}
            for label, rs in runs.items()}


def formats_section(binary, corpus, large_photos, jobs, rounds, work, say, target, baseline=None, colour_only=False):
    """ICC-tagged and CMYK JPEGs and phone-sized HEICs against vipsthumbnail on the same
    files (both converting to sRGB), the cost of colour management (against the same
    photos untagged), 100 MP PNGs' peak memory, and the watermark's cost. With `baseline`
    (another proofsheet binary, say main's before a change), it runs beside the others on
    the same sets; `colour_only` stops after the colour table."""
    root = os.path.join(BENCH, "corpus")
    count = 24
    sources = large_photos[:count]
    plain_dir = os.path.join(root, f"plain-{count}")
    os.makedirs(plain_dir, exist_ok=True)
    for p in sources:
        link = os.path.join(plain_dir, os.path.basename(p))
        if not os.path.exists(link):
            os.link(p, link)
    adobe = corpus.ensure_tagged(os.path.join(root, f"adobe-{count}"), sources, "adobe", jobs)
    cmyk = corpus.ensure_tagged(os.path.join(root, f"cmyk-{count}"), sources, "cmyk", jobs)
    # x265 takes a minute or more per 12 MP photo on two cores: fewer HEICs.
    heic = corpus.ensure_heic(os.path.join(root, "heic-8"), sources[:8], jobs)
    sets = [("12 MP JPEG, untagged (sRGB)", plain_dir, [os.path.join(plain_dir, os.path.basename(p)) for p in sources], False),
            ("12 MP JPEG, Adobe RGB profile", os.path.dirname(adobe[0]), adobe, True),
            ("12 MP JPEG, CMYK with profile", os.path.dirname(cmyk[0]), cmyk, True),
            ("HEIC 4032×3024 (libheif's encoder)", os.path.dirname(heic[0]), heic, True)]
    print("\nFormats and colour, against vipsthumbnail…", flush=True)
    pairs = []
    for label, folder, photos, tagged in sets:
        pairs.append((f"proofsheet: {label}", Proofsheet(binary, folder), photos))
        if baseline:
            pairs.append((f"baseline: {label}", Proofsheet(baseline, folder), photos))
        pairs.append((f"vipsthumbnail: {label}", Vips(export_srgb=tagged), photos))
    medians = alternate(pairs, rounds, jobs, work)

    def cell(m):
        return f"{m['wall']:.2f} s (CPU {m['cpu']:.2f} s), {fmt_bytes(m['rss'])}"

    before = " | baseline | proofsheet vs baseline (wall, CPU)" if baseline else ""
    say(f"| {count} photos (HEIC: 8) | proofsheet | vipsthumbnail | proofsheet vs vips | "
        f"proofsheet vs untagged JPEG (per photo){before} |")
    say("|---|---:|---:|---:|---:|" + ("---:|---:|" if baseline else ""))
    untagged = medians[f"proofsheet: {sets[0][0]}"]["wall"] / len(sets[0][2])
    for label, _, photos, _ in sets:
        ours, theirs = medians[f"proofsheet: {label}"], medians[f"vipsthumbnail: {label}"]
        row = (f"| {label} | {cell(ours)} | {cell(theirs)} | {ours['wall'] / theirs['wall']:.2f}× | "
               f"{ours['wall'] / len(photos) / untagged:.2f}× |")
        if baseline:
            old = medians[f"baseline: {label}"]
            row += f" {cell(old)} | {ours['wall'] / old['wall']:.2f}×, {ours['cpu'] / old['cpu']:.2f}× |"
        say(row)
        if label != sets[0][0]:
            target(f"{label}: wall ≤ 0.6× vipsthumbnail (aim)", f"{ours['wall'] / theirs['wall']:.2f}×",
                   ours["wall"] / theirs["wall"] <= 0.6)
    say()
    if colour_only:
        return

    # 100 MP PNGs: the memory budget at work.
    huge = corpus.ensure_huge_png(os.path.join(root, "png-100mp-6"), 6)
    huge_dir = os.path.dirname(huge[0])
    print("\n100 MP PNGs: peak memory by --jobs…", flush=True)
    peaks = memory_by_jobs(binary, huge_dir, os.path.join(work, "memory-100mp"), [1, 2, 8])
    size = statistics.fmean(os.path.getsize(p) for p in huge) / 1e6
    say(f"| {len(huge)} PNGs of 100 MP (10000×10000, {size:.0f} MB each) | --jobs 1 | --jobs 2 | --jobs 8 |")
    say("|---|---:|---:|---:|")
    say("| peak RSS (wall) | " + " | ".join(f"{fmt_bytes(peaks[j].rss)} ({peaks[j].wall:.1f} s)" for j in (1, 2, 8)) + " |")
    say()
    target("peak RSS < 400 MB, 100 MP PNGs at --jobs 8", fmt_bytes(peaks[8].rss), peaks[8].rss < 400e6)

    # The watermark on the 12 MP corpus.
    print("\nThe watermark's cost…", flush=True)
    library = os.path.dirname(large_photos[0])
    marks = alternate([("without watermark", Proofsheet(binary, library), large_photos),
                       ("--watermark PROOF", Proofsheet(binary, library, ["--watermark", "PROOF"]), large_photos)],
                      rounds, jobs, work)
    plain, marked = marks["without watermark"], marks["--watermark PROOF"]
    say(f"Watermark (`--watermark PROOF`, {len(large_photos)} photos of 12 MP): {marked['wall']:.2f} s against "
        f"{plain['wall']:.2f} s without ({marked['wall'] / plain['wall']:.2f}×, "
        f"{(marked['wall'] - plain['wall']) / len(large_photos) * 1000 * jobs:.0f} ms of CPU a photo).")
    say()


# MARK: Report


def fmt_bytes(n):
    return f"{n / 1e6:.0f} MB" if n >= 10e6 else f"{n / 1e6:.1f} MB"


def machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    distro = ""
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {memory:.0f} GiB, {distro or platform.platform()}"


def versions():
    def first_line(argv):
        try:
            out = subprocess.run(argv, capture_output=True, text=True).stdout + ""
            return out.strip().splitlines()[0] if out.strip() else "?"
        except OSError:
            return "?"
    sigal = subprocess.run([VENV_PYTHON, "-c", "import sigal, PIL; print(sigal.__version__, PIL.__version__)"],
                           capture_output=True, text=True).stdout.split()
    return {
        "vips": first_line(["vips", "--version"]),
        "ImageMagick": first_line(["convert", "-version"]).replace("Version: ", "").split(" https")[0],
        "sigal": f"sigal {sigal[0]} (Pillow {sigal[1]})" if len(sigal) == 2 else "sigal ?",
        "djpeg": "libjpeg-turbo " + (first_line(["dpkg-query", "-W", "-f", "${Version}", "libjpeg-turbo-progs"])),
    }


def main():
    # --help is answered before the venv is made (making it starts a pip install).
    if not {"-h", "--help"} & set(sys.argv[1:]):
        ensure_venv()
        sys.path.insert(0, BENCH)
        import corpus

    parser = argparse.ArgumentParser(
        description="make bench: proofsheet against vipsthumbnail, ImageMagick, sigal and the JPEG decoding floor.")
    parser.add_argument("--proofsheet", default=os.path.join(ROOT, ".build", "release", "proofsheet"))
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of every tool (default 3)")
    parser.add_argument("--photos", type=int, default=120)
    parser.add_argument("--library-size", type=int, default=10_000)
    parser.add_argument("--only", help="comma-separated contenders to run (for quick checks)")
    parser.add_argument("--skip-scale", action="store_true", help="skip the 10,000-photo library")
    parser.add_argument("--skip-formats", action="store_true",
                        help="skip the colour, HEIC, 100 MP PNG and watermark measurements")
    parser.add_argument("--formats-only", action="store_true",
                        help="only the colour, HEIC, 100 MP PNG and watermark measurements")
    parser.add_argument("--colour-only", action="store_true",
                        help="with --formats-only: only the colour and HEIC table")
    parser.add_argument("--baseline", help="another proofsheet binary (say main's before a change) run beside it: "
                        "in the tools table, the rebuilds and the colour table, with ratios")
    parser.add_argument("--jobs-only", action="store_true",
                        help="only the first build of the small library at --jobs 1, 2 and 4 (photos a second)")
    parser.add_argument("--skip-big", action="store_true", help="skip the big photos (102 MP to 1 GP) and RAW")
    parser.add_argument("--big-only", action="store_true", help="only the big photos (102 MP to 1 GP) and RAW")
    parser.add_argument("--big-match", help="with --big-only: only the rows whose label holds this (say HEIC)")
    args = parser.parse_args()
    binary = os.path.abspath(args.proofsheet)
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary}: not built; run `make build`")
    jobs = os.cpu_count() or 1
    lines = []

    def say(text=""):
        print(text, flush=True)
        lines.append(text)

    if args.big_only:
        import big_photos
        work = os.path.join(CORPUS, "work")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        targets = []
        say(f"## proofsheet benchmark, big photos and RAW — {time.strftime('%Y-%m-%d')}")
        say()
        say(f"Machine: {machine()}. Medians of {args.rounds} alternating runs, {jobs} jobs.")
        say()
        big_photos.section(binary, measure, args.rounds, work, say, lambda *t: targets.append(t), CORPUS,
                           args.big_match)
        for text, value, ok in targets:
            say(f"- {text}: {value} — {'met' if ok else 'NOT MET'}")
        os.makedirs(RESULTS, exist_ok=True)
        with open(os.path.join(RESULTS, "big.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
        shutil.rmtree(work, ignore_errors=True)
        return

    if args.jobs_only:
        small = os.path.join(CORPUS, f"library-{args.library_size}")
        corpus.ensure_small(small, args.library_size, jobs)
        work = os.path.join(CORPUS, "work")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        say(f"## proofsheet benchmark, the first build by --jobs — {time.strftime('%Y-%m-%d')}")
        say()
        say(f"Machine: {machine()}. Medians of {args.rounds} alternating runs.")
        say()
        runs = first_builds_by_jobs(binary, small, work, [1, 2, 4], args.rounds)
        say_first_builds(say, f"{args.library_size:,} small photos", args.library_size, runs)
        say_copies(say, binary, corpus, small, work, args)
        os.makedirs(RESULTS, exist_ok=True)
        with open(os.path.join(RESULTS, "jobs.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
        shutil.rmtree(work, ignore_errors=True)
        return

    print("Corpora (made once, cached in bench/corpus/):", flush=True)
    large = os.path.join(CORPUS, f"photos-12mp-{args.photos}")
    photos = corpus.ensure_large(large, args.photos, jobs)
    small = os.path.join(CORPUS, f"library-{args.library_size}")
    if not args.skip_scale and not args.formats_only:  # the formats part has no use for it
        corpus.ensure_small(small, args.library_size, jobs)
    portrait_stored = {os.path.basename(p) for i, p in enumerate(photos) if corpus.orientation_of(i) in (6, 8)}
    mean_size = statistics.fmean(os.path.getsize(p) for p in photos)

    work = os.path.join(CORPUS, "work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if args.formats_only:
        targets = []

        def target(text, value, ok):
            targets.append((text, value, ok))

        say(f"## proofsheet benchmark, formats and colour — {time.strftime('%Y-%m-%d')}")
        say()
        say(f"Machine: {machine()}. Medians of {args.rounds} alternating runs, {jobs} jobs.")
        say()
        baseline = os.path.abspath(args.baseline) if args.baseline else None
        formats_section(binary, corpus, photos, jobs, args.rounds, work, say, target, baseline, args.colour_only)
        for text, value, ok in targets:
            say(f"- {text}: {value} — {'met' if ok else 'NOT MET'}")
        os.makedirs(RESULTS, exist_ok=True)
        with open(os.path.join(RESULTS, "formats.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
        return

    baseline = os.path.abspath(args.baseline) if args.baseline else None
    contenders = [Proofsheet(binary, large), Vips(), ImageMagick(portrait_stored), Sigal(large), Floor()]
    if baseline:
        contenders.insert(1, Proofsheet(baseline, large, name="proofsheet baseline"))
    if args.only:
        wanted = {n.strip().lower() for n in args.only.split(",")} | {"proofsheet"}
        contenders = [c for c in contenders if c.name.lower().split()[0] in wanted]

    # Warm the page cache so no tool pays for the first read of the corpus.
    for p in photos:
        with open(p, "rb") as f:
            while f.read(1 << 20):
                pass

    print(f"\nRunning {len(contenders)} tools × {args.rounds} rounds on {len(photos)} photos…", flush=True)
    runs = {c.name: [] for c in contenders}
    thumbs = {}
    for round_index in range(args.rounds):
        order = contenders[round_index % len(contenders):] + contenders[:round_index % len(contenders)]
        for contender in order:
            out = os.path.join(work, re.sub(r"\W+", "-", contender.name))
            shutil.rmtree(out, ignore_errors=True)
            run = measure(contender.command(photos, out, jobs))
            runs[contender.name].append(run)
            print(f"  round {round_index + 1}: {contender.name:18} {run.wall:7.2f} s", flush=True)
            if round_index == args.rounds - 1:
                thumbs[contender.name] = contender.thumbnails(out)

    quality = {}
    if "vipsthumbnail" in thumbs:
        others = {n: t for n, t in thumbs.items() if n != "vipsthumbnail" and t}
        quality = psnr_table(thumbs["vipsthumbnail"], others)

    median = {name: {k: statistics.median(getattr(r, k) for r in rs) for k in ("wall", "cpu", "rss")}
              for name, rs in runs.items()}
    base = median["proofsheet"]["wall"]
    say(f"## proofsheet benchmark — {time.strftime('%Y-%m-%d')}")
    say()
    say(f"Machine: {machine()}.")
    v = versions()
    say(f"Tools: {v['vips']}; {v['ImageMagick']}; {v['sigal']}; {v['djpeg']}.")
    say(f"Corpus: {len(photos)} JPEGs, 4032×3024 (12 MP), mean {mean_size / 1e6:.1f} MB, EXIF, "
        f"{sum(1 for i in range(len(photos)) if corpus.orientation_of(i) != 1)} turned by orientation tag. "
        f"Outputs: preview {PREVIEW}, thumbnails {THUMB2X} and {THUMB}, quality {QUALITY}; "
        f"{jobs} processes or jobs at once. Medians of {args.rounds} alternating runs.")
    say()
    say("| tool | wall | CPU | peak RSS | photos/s | wall vs proofsheet | 400-px PSNR vs vips |")
    say("|---|---:|---:|---:|---:|---:|---:|")
    for c in contenders:
        m = median[c.name]
        psnr = "reference" if c.name == "vipsthumbnail" else (
            f"{quality[c.name][0]:.2f} dB" if c.name in quality else "—")
        say(f"| {c.name} | {m['wall']:.2f} s | {m['cpu']:.2f} s | {fmt_bytes(m['rss'])} | "
            f"{len(photos) / m['wall']:.1f} | {m['wall'] / base:.2f}× | {psnr} |")
    say()
    if baseline:
        old, new = median["proofsheet baseline"], median["proofsheet"]
        say(f"proofsheet against the baseline binary, first build: wall {new['wall'] / old['wall']:.2f}×, CPU {new['cpu'] / old['cpu']:.2f}×, peak RSS "
            f"{new['rss'] / old['rss']:.2f}×.")
        say()

    # Rebuilds and memory, proofsheet alone.
    rebuilds, old_rebuilds = {}, {}
    corpora = [("12 MP", large)] + ([] if args.skip_scale else [(f"{args.library_size:,}", small)])
    for label, source in corpora:
        print(f"\nRebuilds on the {label} corpus…", flush=True)
        folder = os.path.join(work, "rebuild-" + label.replace(",", ""))
        rebuilds[label] = rebuild_timings(binary, source, folder, 3, jobs)
        if baseline:
            old_rebuilds[label] = rebuild_timings(baseline, source, folder + "-baseline", 3, jobs)
    say("| proofsheet build | " + " | ".join(f"{label} corpus" for label, _ in corpora) + " |")
    say("|---|" + "---:|" * len(corpora))
    for step in ("first build", "nothing changed", "one changed", "one added", "one removed"):
        cells = []
        for label, _ in corpora:
            rs = rebuilds[label][0][step]
            rendered = sorted({r.rendered for r in rs})
            cells.append(f"{statistics.median(r.wall for r in rs):.2f} s, "
                         f"{'/'.join(map(str, rendered))} decoded, {fmt_bytes(max(r.rss for r in rs))}")
        say(f"| {step} | " + " | ".join(cells) + " |")
    say()
    if baseline:
        say("| proofsheet vs baseline, wall (CPU) | " + " | ".join(f"{label} corpus" for label, _ in corpora) + " |")
        say("|---|" + "---:|" * len(corpora))
        for step in ("first build", "nothing changed", "one changed", "one added", "one removed"):
            cells = []
            for label, _ in corpora:
                new, old = rebuilds[label][0][step], old_rebuilds[label][0][step]
                wall = statistics.median(r.wall for r in new) / statistics.median(r.wall for r in old)
                cpu = statistics.median(r.cpu for r in new) / statistics.median(r.cpu for r in old)
                cells.append(f"{wall:.2f}× ({cpu:.2f}×)")
            say(f"| {step} | " + " | ".join(cells) + " |")
        say()

    # Full builds at several --jobs; the 10,000-photo library (about 45 s a build here)
    # only at the extremes. The default --jobs is in the rebuild table above.
    jobs_list = sorted({1, jobs, 4 * jobs, 32})
    memory = {}
    for label, source in corpora:
        print(f"\nPeak RSS by --jobs on the {label} corpus…", flush=True)
        wanted = jobs_list if label == "12 MP" else [1, 32]
        memory[label] = memory_by_jobs(binary, source, os.path.join(work, "memory"), wanted)
    say("| peak RSS, full build | " + " | ".join(f"--jobs {j}" for j in jobs_list) + " |")
    say("|---|" + "---:|" * len(jobs_list))
    for label, _ in corpora:
        say(f"| {label} corpus | " + " | ".join(
            f"{fmt_bytes(memory[label][j].rss)} ({memory[label][j].wall:.1f} s)" if j in memory[label] else "—"
            for j in jobs_list) + " |")
    say()

    # The first build by --jobs, side by side: how it scales with the cores (issue 33).
    if not args.skip_scale:
        print(f"\nFirst builds of the {args.library_size:,} corpus at --jobs 1, 2, 4…", flush=True)
        by_jobs = first_builds_by_jobs(binary, small, os.path.join(work, "by-jobs"), [1, 2, 4], args.rounds)
        say_first_builds(say, f"{args.library_size:,} small photos", args.library_size, by_jobs)
        say_copies(say, binary, corpus, small, os.path.join(work, "by-jobs"), args)

    page = None
    if not args.skip_scale:
        site = rebuilds[f"{args.library_size:,}"][1]
        index = os.path.join(site, "index.html")
        with open(index, "rb") as f:
            html = f.read()
        assets = [os.path.join(site, "assets", n) for n in os.listdir(os.path.join(site, "assets"))]
        asset_bytes = sum(os.path.getsize(a) for a in assets)
        asset_gzip = sum(len(gzip.compress(open(a, "rb").read())) for a in assets)
        thumb_dir = os.path.join(site, "thumbs")
        thumb_files = [n for n in os.listdir(thumb_dir) if "@2x" not in n]
        thumb_bytes = sum(os.path.getsize(os.path.join(thumb_dir, n)) for n in thumb_files)
        page = len(html)
        say(f"Page weight for {args.library_size:,} photos: index.html {fmt_bytes(len(html))} "
            f"({fmt_bytes(len(gzip.compress(html)))} gzipped, manifest embedded), CSS+JS {asset_bytes / 1e3:.0f} kB "
            f"({asset_gzip / 1e3:.0f} kB gzipped); thumbnails load lazily, {thumb_bytes / len(thumb_files) / 1e3:.1f} kB "
            f"each at 1x.")
        say()

    print("\nkill -9 in the middle of a build…", flush=True)
    killed, old_whole, next_correct = kill_test(binary, large, work)
    say(f"kill -9 midway through a build: previous site whole: {'yes' if old_whole else 'NO'}"
        f"{'' if killed else ' (the build ended before it could be killed)'}; next build correct: "
        f"{'yes' if next_correct else 'NO'}.")
    say()

    # Targets (issue 5, then issue 8).
    def wall(name):
        return median[name]["wall"] if name in median else None

    targets = []

    def target(text, value, ok):
        targets.append((text, value, ok))

    for name, limit in (("vipsthumbnail", 0.6), ("sigal", 0.35), ("ImageMagick", 0.5)):
        if wall(name):
            r = base / wall(name)
            target(f"wall ≤ {limit}× {name}", f"{r:.2f}×", r <= limit)
    if wall("djpeg -scale 1/2"):
        r = base / wall("djpeg -scale 1/2")
        target("wall ≤ 1.5× the decode-only floor (aim)", f"{r:.2f}×", r <= 1.5)
    if "ImageMagick" in quality and "proofsheet" in quality:
        a, b = quality["proofsheet"][0], quality["ImageMagick"][0]
        target("thumbnail PSNR ≥ ImageMagick's − 0.5 dB", f"{a:.2f} vs {b:.2f} dB", a >= b - 0.5)
    for label, _ in corpora:
        steps = rebuilds[label][0]
        nothing = steps["nothing changed"]
        t = statistics.median(r.wall for r in nothing)
        if label != "12 MP":
            target(f"nothing changed, {label} photos: < 1 s", f"{t:.2f} s", t < 1.0)
        target(f"nothing changed decodes nothing ({label})", f"{max(r.rendered for r in nothing)} decoded",
               all(r.rendered == 0 for r in nothing))
        ok = (all(r.rendered == 1 for r in steps["one changed"]) and all(r.rendered == 1 for r in steps["one added"])
              and all(r.rendered == 0 for r in steps["one removed"]))
        target(f"changed / added / removed redo only that photo ({label})",
               "/".join(str(max(r.rendered for r in steps[s])) for s in ("one changed", "one added", "one removed")), ok)
    worst = max(run.rss for label in memory for run in memory[label].values())
    for label in rebuilds:
        worst = max(worst, max(r.rss for rs in rebuilds[label][0].values() for r in rs))
    worst = max(worst, median["proofsheet"]["rss"])
    target(f"peak RSS < 400 MB, both corpora, --jobs {', '.join(map(str, jobs_list))}", fmt_bytes(worst), worst < 400e6)
    target("kill -9 midway leaves the previous site whole; next build correct",
           f"{'whole' if old_whole else 'broken'}, {'correct' if next_correct else 'wrong'}", old_whole and next_correct)

    if not args.skip_formats:
        formats_section(binary, corpus, photos, jobs, args.rounds, work, say, target, baseline)
    if not args.skip_big:
        import big_photos
        big_photos.section(binary, measure, args.rounds, work, say, target, CORPUS)

    say("| target (issues 5 and 8) | measured | |")
    say("|---|---:|---|")
    for text, value, ok in targets:
        say(f"| {text} | {value} | {'met' if ok else 'NOT MET'} |")
    met = sum(1 for *_, ok in targets if ok)
    say()
    say(f"{met} of {len(targets)} targets met.")

    os.makedirs(RESULTS, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for name in (f"bench-{stamp}.md", "latest.md"):
        with open(os.path.join(RESULTS, name), "w") as f:
            f.write("\n".join(lines) + "\n")
    print(f"\nWritten to {os.path.relpath(os.path.join(RESULTS, 'latest.md'), ROOT)}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
