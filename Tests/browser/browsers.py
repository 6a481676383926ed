"""Starting the WebDriver browsers the suite drives, without pytest: a private Xvfb
display, WebKitGTK's MiniBrowser under WebKitWebDriver on it, and headless Firefox ESR
over Marionette. The fixtures in conftest.py and bench/page_bench.py start them here, so
the benchmark drives the browsers the tests drive, started the same way.

Each `start_…` returns what it started and a function that stops it; what is missing
raises `Missing` (the fixtures fail the test with its message).
"""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

import engine_firefox
import engines


class Missing(Exception):
    """A browser, or what drives it, is not installed or did not start."""


# A new WebKit session takes seconds, even on a loaded machine; one that has not opened in
# two minutes has hung (seen once: WebKitWebDriver's new-session request never answered,
# and the suite waited 15 minutes until the driver was killed by hand).
SESSION_START_SECONDS = 120


def bounded(start, stop, seconds, what):
    """`start()`, or `Missing` when it has not returned in `seconds`: then `stop()` ends
    what it waits on (the driver it is talking to), so no thread is left blocked."""
    outcome = {}

    def run():
        try:
            outcome["value"] = start()
        except BaseException as error:  # handed to the caller's thread below
            outcome["error"] = error

    thread = threading.Thread(target=run, name=f"start {what}", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        stop()
        thread.join(30)
        raise Missing(f"{what} did not start in {seconds} s: stopped it")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def start_xvfb():
    """A private X display, on a number Xvfb chooses (-displayfd): (":N", stop)."""
    if shutil.which("Xvfb") is None:
        raise Missing("Xvfb is not installed (make deps-test installs it)")
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = b""
    with os.fdopen(read, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        process.kill()
        raise Missing("Xvfb did not start")

    def stop():
        process.terminate()
        process.wait(timeout=30)

    return ":" + number.decode().strip(), stop


def minibrowser():
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")) + sorted(glob.glob("/usr/lib/*/webkitgtk-6.0/MiniBrowser"))
    if not found:
        raise Missing("WebKitGTK's MiniBrowser is missing (make deps-test installs webkit2gtk-driver)")
    return found[-1]


def start_webkit(display, page_load_timeout=60, script_timeout=60, **env_extra):
    """A WebKitGTK MiniBrowser under WebKitWebDriver on `display`, its window 1280×900, with
    more environment (GTK_THEME="Adwaita:dark": the system's dark mode, which WebKitGTK
    takes from GTK). The Selenium driver; `driver.quit()` stops it."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    driver_path = shutil.which("WebKitWebDriver")
    if driver_path is None:
        raise Missing("WebKitWebDriver is missing (make deps-test installs webkit2gtk-driver)")
    env = dict(os.environ, DISPLAY=display, **env_extra)
    env.pop("WAYLAND_DISPLAY", None)
    options = Options()
    options.binary_location = minibrowser()
    options.add_argument("--automation")
    service = Service(executable_path=driver_path, env=env)
    driver = bounded(lambda: webdriver.WebKitGTK(options=options, service=service), service.stop,
                     SESSION_START_SECONDS, "WebKitWebDriver's session")
    driver.set_page_load_timeout(page_load_timeout)
    driver.set_script_timeout(script_timeout)
    driver.set_window_size(1280, 900)
    return driver


def start_firefox(folder, script_timeout=60, page_load_timeout=60):
    """Headless Firefox ESR (PROOFSHEET_FIREFOX, default firefox-esr on the PATH) with a
    fresh profile in `folder`, over Marionette (there is no geckodriver): (an
    engine_firefox.FirefoxEngine, stop). Its output goes to the profile's firefox.log."""
    from marionette_driver.marionette import Marionette

    executable = os.environ.get("PROOFSHEET_FIREFOX") or shutil.which("firefox-esr")
    if executable is None:
        raise Missing("firefox-esr is not installed (make deps-test installs it)")
    profile = Path(tempfile.mkdtemp(prefix="firefox-profile-", dir=folder))
    downloads = profile / "downloads"
    downloads.mkdir()
    # A port bound and never listened on: the proxy of the profile, which refuses at once.
    refuser = socket.socket()
    refuser.bind(("127.0.0.1", 0))
    (profile / "user.js").write_text(engine_firefox.firefox_prefs(downloads, refuser.getsockname()[1]))
    # MOZ_DISABLE_NONLOCAL_CONNECTIONS: Firefox refuses any connection off this machine
    # (Mozilla's own test harness sets it) and skips its remote-settings syncing.
    env = dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1", MOZ_DISABLE_NONLOCAL_CONNECTIONS="1")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    log = open(profile / "firefox.log", "wb")
    process = subprocess.Popen(
        [executable, "--headless", "--marionette", "-remote-allow-system-access", "--no-remote", "--profile", str(profile)],
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env,
    )

    def end():
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        refuser.close()

    port_file = profile / "MarionetteActivePort"
    try:
        engines.until(lambda: port_file.exists() or process.poll() is not None, "Firefox did not start Marionette", timeout=120)
        if process.poll() is not None:
            raise Missing(f"Firefox exited ({process.returncode}): {(profile / 'firefox.log').read_text(errors='replace')[-2000:]}")
        # The client's socket waits longer than the longest script may run (its default,
        # 360 s, would end a long script — page_bench's 100,000-photo scroll — from our side).
        marionette = Marionette(host="127.0.0.1", port=int(port_file.read_text()),
                                socket_timeout=max(360, script_timeout + 60, page_load_timeout + 60))
        marionette.start_session()
        marionette.timeout.script = script_timeout
        marionette.timeout.page_load = page_load_timeout
    except BaseException:
        end()
        raise

    def stop():
        try:
            marionette.delete_session()
        finally:
            end()

    return engine_firefox.FirefoxEngine(marionette, downloads), stop
