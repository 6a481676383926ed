"""The benchmark's corpora, made once and cached under bench/corpus/.

Photos of real scenes are neither flat nor random: their spectrum falls off roughly as
1/f, which is what makes them compress to 3-4 MB at 12 MP and decode at the speed they
do. Flat colours compress to almost nothing and decode unrealistically fast; white noise
is the opposite. So each photo here is 1/f noise (a few shared fields, shifted and mixed
differently per photo into colour), with hard-edged shapes for edges and a little sensor
grain, saved at quality 90 with camera EXIF; three in eight are stored turned, with an
orientation tag saying how to show it upright.
"""

import os
import sys
from multiprocessing import Pool

import numpy as np
from PIL import Image

WIDTH, HEIGHT = 4032, 3024
SEED = 20261130
FIELDS = 4


def pink_field(rng, height, width, exponent=1.0):
    """A field with a 1/f^exponent amplitude spectrum, scaled to mean 0 and std 1."""
    fy = np.fft.fftfreq(height)[:, None]
    fx = np.fft.rfftfreq(width)[None, :]
    f = np.sqrt(fx * fx + fy * fy)
    f[0, 0] = 1.0
    amplitude = (1.0 / f**exponent).astype(np.float32)
    amplitude[0, 0] = 0.0
    phase = rng.uniform(0, 2 * np.pi, size=amplitude.shape).astype(np.float32)
    spectrum = amplitude * np.exp(1j * phase)
    field = np.fft.irfft2(spectrum, s=(height, width)).astype(np.float32)
    field -= field.mean()
    field /= field.std()
    return field


_fields = None


def fields():
    global _fields
    if _fields is None:
        rng = np.random.default_rng(SEED)
        _fields = [pink_field(rng, HEIGHT, WIDTH, 1.2) for _ in range(FIELDS)]
    return _fields


def exif_for(index, orientation):
    exif = Image.Exif()
    exif[0x010F] = ["FUJIFILM", "Canon", "SONY", "NIKON CORPORATION"][index % 4]
    exif[0x0110] = ["X-T5", "Canon EOS R6", "ILCE-7M4", "NIKON Z 6_2"][index % 4]
    exif[0x0112] = orientation
    day = 1 + index % 28
    minute = index % 60
    exif_ifd = exif.get_ifd(0x8769)
    exif_ifd[0x9003] = f"2026:06:{day:02d} 14:{minute:02d}:00"
    exif_ifd[0x829A] = (1, 250)
    exif_ifd[0x829D] = (28, 10)
    exif_ifd[0x8827] = 200
    exif_ifd[0x920A] = (35, 1)
    return exif


def picture(index, width, height, grain):
    """One photo's upright pixels, as an RGB uint8 array (height × width × 3)."""
    rng = np.random.default_rng(SEED + 1 + index)
    base = fields()
    channels = []
    mix = rng.normal(0, 1, size=(3, FIELDS)).astype(np.float32)
    mix[:, 0] += 2.0  # a common luminance field, so colours are correlated as in photos
    shifted = []
    for field in base:
        dy, dx = int(rng.integers(0, HEIGHT)), int(rng.integers(0, WIDTH))
        f = np.roll(field, (dy, dx), axis=(0, 1))
        if (height, width) != (HEIGHT, WIDTH):
            f = f[:height, :width]
        shifted.append(f)
    tint = rng.uniform(70, 180, size=3)
    for c in range(3):
        value = sum(mix[c, k] * shifted[k] for k in range(FIELDS))
        value *= 32.0 / max(1e-3, float(np.abs(mix[c]).sum()) / 2)
        channels.append(value + tint[c])
    image = np.stack(channels, axis=-1)
    # Hard edges: a few solid shapes, like buildings, horizons and objects.
    yy, xx = np.mgrid[0:height, 0:width]
    for _ in range(6):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        r = rng.uniform(0.05, 0.25) * width
        color = rng.uniform(0, 255, size=3)
        mask = (xx - cx) ** 2 + ((yy - cy) * rng.uniform(0.5, 2)) ** 2 < r * r
        image[mask] = image[mask] * 0.5 + color * 0.5
    if grain > 0:
        image += rng.normal(0, grain, size=(height, width, 1)).astype(np.float32)
    return np.clip(image, 0, 255).astype(np.uint8)


ROTATIONS = {6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270, 3: Image.Transpose.ROTATE_180}


def orientation_of(index):
    """Three photos in eight are stored turned: 6, 8 or 3 (90° either way, 180°)."""
    return {1: 6, 3: 8, 5: 3}.get(index % 8, 1)


def make_large(args):
    index, path = args
    if os.path.exists(path):
        return path
    orientation = orientation_of(index)
    pixels = picture(index, WIDTH, HEIGHT, grain=1.5)
    image = Image.fromarray(pixels, "RGB")
    if orientation in ROTATIONS:
        # Stored as the camera would have: showing it with the tag applied is upright.
        image = image.transpose(ROTATIONS[orientation])
    temporary = path + ".tmp"
    image.save(temporary, "JPEG", quality=90, exif=exif_for(index, orientation).tobytes())
    os.replace(temporary, path)
    return path


def make_small_batch(args):
    start, count, root = args
    rng = np.random.default_rng(SEED + 99991 + start)
    base = fields()
    for index in range(start, start + count):
        album = os.path.join(root, f"Album {index // 500 + 1:02d}")
        path = os.path.join(album, f"IMG_{index:05d}.jpg")
        if os.path.exists(path):
            continue
        os.makedirs(album, exist_ok=True)
        # Crops of the shared fields, downsampled: cheap, and still photo-like.
        y, x = int(rng.integers(0, HEIGHT - 1440)), int(rng.integers(0, WIDTH - 1920))
        mix = rng.normal(0, 1, size=(3, 2)).astype(np.float32)
        mix[:, 0] += 2.0
        tint = rng.uniform(70, 180, size=3)
        crop = [base[k][y:y + 1440:4, x:x + 1920:4] for k in range(2)]
        channels = [mix[c, 0] * crop[0] + mix[c, 1] * crop[1] for c in range(3)]
        pixels = np.stack([ch * 30 + tint[c] for c, ch in enumerate(channels)], axis=-1)
        image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
        orientation = 6 if index % 10 == 3 else 1
        if orientation == 6:
            image = image.transpose(ROTATIONS[6])
        temporary = path + ".tmp"
        image.save(temporary, "JPEG", quality=85, exif=exif_for(index, orientation).tobytes())
        os.replace(temporary, path)
    return count


def ensure_large(root, count, processes):
    os.makedirs(root, exist_ok=True)
    paths = [os.path.join(root, f"DSC{index + 1:05d}.jpg") for index in range(count)]
    missing = [(i, p) for i, p in enumerate(paths) if not os.path.exists(p)]
    if missing:
        print(f"  making {len(missing)} 12 MP photos in {root} (once; cached)", flush=True)
        with Pool(processes) as pool:
            for _ in pool.imap_unordered(make_large, missing):
                pass
    return paths


def ensure_small(root, count, processes):
    marker = os.path.join(root, ".complete")
    if os.path.exists(marker):
        return
    print(f"  making {count} small photos in {root} (once; cached)", flush=True)
    os.makedirs(root, exist_ok=True)
    batch = 250
    with Pool(processes) as pool:
        list(pool.imap_unordered(make_small_batch, [(s, min(batch, count - s), root) for s in range(0, count, batch)]))
    open(marker, "w").close()



def ensure_copies(root, small, count, distinct=24):
    """`count` photos of `distinct` contents: hard links to the first photos of the small
    library, 2,000 an album, as in the page benchmark's library (the issue's 100,000)."""
    marker = os.path.join(root, ".complete")
    if os.path.exists(marker):
        return
    sources = sorted(os.path.join(dirpath, name) for dirpath, _, names in os.walk(small)
                     for name in names if name.endswith(".jpg"))[:distinct]
    for index in range(count):
        album = os.path.join(root, f"Album {index // 2000 + 1:02d}")
        os.makedirs(album, exist_ok=True)
        path = os.path.join(album, f"IMG_{index:06d}.jpg")
        if not os.path.exists(path):
            os.link(sources[index % len(sources)], path)
    open(marker, "w").close()

# MARK: Colour, HEIC and 100 MP corpora (issue 8)

PROFILES = {
    "adobe": "/usr/share/color/icc/colord/AdobeRGB1998.icc",
    "p3": "/usr/share/color/argyll/ref/DisplayP3.icm",
    "cmyk": "/usr/share/color/icc/ghostscript/default_cmyk.icc",
}
SRGB = "/usr/share/color/icc/colord/sRGB.icc"


def _convert_tagged(args):
    source, path, profile = args
    if os.path.exists(path):
        return path
    import subprocess
    # Hidden while it is written (proofsheet skips dotfiles), in case a run is interrupted.
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp.jpg")
    # The photo's pixels converted into the profile and tagged with it, EXIF kept.
    subprocess.run(["convert", source, "-profile", SRGB, "-profile", PROFILES[profile], "-quality", "90", temporary],
                   check=True)
    os.replace(temporary, path)
    return path


def _make_missing(root, jobs, worker, what, processes):
    """Runs `worker` on the jobs whose file (each job's second item) is not there yet."""
    os.makedirs(root, exist_ok=True)
    missing = [j for j in jobs if not os.path.exists(j[1])]
    if missing:
        print(f"  making {len(missing)} {what} in {root} (once; cached)", flush=True)
        with Pool(processes) as pool:
            list(pool.imap_unordered(worker, missing))
    return [j[1] for j in jobs]


def ensure_tagged(root, sources, profile, processes):
    """ICC-tagged (Adobe RGB, Display P3) or CMYK copies of 12 MP photos, by ImageMagick."""
    jobs = [(s, os.path.join(root, os.path.basename(s)), profile) for s in sources]
    return _make_missing(root, jobs, _convert_tagged, f"{profile} photos", processes)


def _encode_heic(args):
    source, path = args
    if os.path.exists(path):
        return path
    import subprocess
    # As a phone writes them: upright pixels in Display P3 with the profile embedded (an
    # iPhone's "prof" colr box), the camera's EXIF kept (its orientation then says 1:
    # libheif writes no irot from it). x265's ultrafast preset: the default one takes a
    # minute or more a photo on two loaded cores, and decoding costs about the same.
    upright = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".png")
    subprocess.run(["convert", source, "-auto-orient", "-profile", SRGB, "-profile", PROFILES["p3"], upright],
                   check=True)
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp.heic")
    subprocess.run(["heif-enc", "-q", "70", "-p", "preset=ultrafast", upright, "-o", temporary], check=True,
                   stdout=subprocess.DEVNULL)
    os.unlink(upright)
    os.replace(temporary, path)
    return path


def ensure_heic(root, sources, processes):
    """Phone-sized (4032×3024) Display P3 HEICs made with libheif's encoder (heif-enc, x265)."""
    jobs = [(s, os.path.join(root, os.path.splitext(os.path.basename(s))[0] + ".heic")) for s in sources]
    return _make_missing(root, jobs, _encode_heic, "HEICs", processes)


def _make_huge_png(args):
    index, path = args
    if os.path.exists(path):
        return path
    # 10,000 × 10,000: a 12 MP picture enlarged, with grain so it is not flat.
    small = Image.fromarray(picture(index, WIDTH, HEIGHT, grain=0))
    big = small.resize((10000, 10000), Image.Resampling.BILINEAR)
    pixels = np.asarray(big).astype(np.int16)
    rng = np.random.default_rng(SEED + 7 + index)
    pixels = pixels + rng.integers(-3, 4, size=(10000, 10000, 1), dtype=np.int16)
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp.png")
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(temporary, "PNG", compress_level=3)
    os.replace(temporary, path)
    return path


def ensure_huge_png(root, count):
    """100 MP PNGs (10000 × 10000), one at a time (each takes about 2 GB to make), in a
    child process: made in the benchmark's own process, they left it at 2.3 GB, and every
    build it then started reported that as its peak (a child's ru_maxrss counts its
    parent's memory until exec), so the memory table said 2324 MB for builds that peak at
    184 MB."""
    os.makedirs(root, exist_ok=True)
    paths = [os.path.join(root, f"PANO{index + 1:03d}.png") for index in range(count)]
    missing = [(i, p) for i, p in enumerate(paths) if not os.path.exists(p)]
    if missing:
        print(f"  making {len(missing)} 100 MP PNGs in {root} (once; cached)", flush=True)
        with Pool(1, maxtasksperchild=1) as pool:
            list(pool.imap_unordered(_make_huge_png, missing))
    return paths


if __name__ == "__main__":
    ensure_large(sys.argv[1], int(sys.argv[2]), os.cpu_count() or 1)
