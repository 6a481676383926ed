"""The page over WebDriver in WebKit (Selenium + WebKitWebDriver) and Firefox (Marionette):
one `DriverGallery` for both, over a small adapter per engine that knows only how that
engine runs a script, clicks, types, answers a dialog and downloads (`engine_webkit.py`,
`engine_firefox.py`).

Everything is found the way a person finds it — a checkbox by the file name under it, a
button by its label — and checked through `helpers.STATE_JS`, so the tests do not depend
on how the page builds its grid.
"""

import time

from helpers import OPENER_JS, STATE_JS

WAIT = 30  # seconds for anything the page does in response to an action

# WebDriver key code points (the same in Selenium and Marionette).
ARROW_RIGHT, SPACE, ESCAPE = "\ue014", "\ue00d", "\ue00c"
TAB = "\ue004"
ALT = "\ue00a"

# The page says it is ready (data-ready) when its script has run; a browser paints the
# first frame after that. Until it has, content-visibility:auto content (the grid) is not
# hit-testable, and WebDriver refuses a click there as "element not interactable": WebKit
# did so about half the time on an idle machine. Two frames later the first one is done.
AFTER_TWO_FRAMES = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
"""

# Scrolls an element to the middle of the screen and resolves once a frame has been
# painted with it there and its centre hits it (or its label): then a click lands on it.
INTO_VIEW = """
const el = arguments[0], done = arguments[arguments.length - 1];
el.scrollIntoView({block: 'center', inline: 'center'});
const hits = () => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return top !== null && (top === el || el.contains(top) || (el.labels && Array.from(el.labels).some(l => l.contains(top))));
};
const check = (frames) => requestAnimationFrame(() => requestAnimationFrame(() =>
  hits() || frames > 60 ? done(hits()) : check(frames + 1)));
check(0);
"""

BOX_JS = """
const cell = Array.from(document.querySelectorAll('#gallery li.photo'))
  .find(li => li.querySelector('.name').textContent === arguments[0]);
return cell ? cell.querySelector('input[type=checkbox]') : null;
"""

BUTTON_JS = """
return Array.from(document.querySelectorAll('button'))
  .find(b => (b.getAttribute('aria-label') || b.textContent.trim()) === arguments[0]) || null;
"""

# Pages opened by the tests start from empty storage unless the test says otherwise.
CLEAR_STORAGE = "localStorage.clear()"


def until(condition, message, timeout=WAIT):
    """Waits for `condition()` to be true (polling), or fails with `message`."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s: {message}")
        time.sleep(0.05)


class DriverGallery:
    """The generated page in a WebDriver engine, driven through its real controls."""

    def __init__(self, engine, site):
        self.engine = engine
        self.site = site

    def open(self, url=None, fresh=True):
        self.engine.get(url or self.site.url)
        self.wait_ready()
        if fresh:
            self.engine.script(CLEAR_STORAGE)
            self.reload()
        return self

    def reload(self):
        self.engine.refresh()
        self.wait_ready()

    def to_photos(self):
        """Past the cover, where its "View the photos" leads: the header and the first photos."""
        self.engine.script("document.getElementById('photos').scrollIntoView()")
        self.engine.async_script(AFTER_TWO_FRAMES)
        return self

    def wait_ready(self):
        until(
            lambda: self.engine.script("return document.documentElement.getAttribute('data-ready')") == "true",
            "the page never set data-ready",
        )
        self.engine.async_script(AFTER_TWO_FRAMES)

    def click(self, element):
        """Clicks as a person does: the element scrolled into sight and painted there first."""
        assert self.engine.async_script(INTO_VIEW, element), "the element never came into view unobscured"
        self.engine.click(element)

    def box(self, name):
        if self.engine.script("const s = document.getElementById('review-sheet'); return !!s && s.open"):
            self.click(self.engine.script("return document.getElementById('review-close')"))  # the photos are behind it
        box = self.engine.script(BOX_JS, name)
        assert box is not None, f"no checkbox for {name}"
        return box

    def pick(self, *names):
        for name in names:
            self.click(self.box(name))

    unpick = pick  # a click toggles

    def button(self, label):
        """A button by its label, revealed first as a person would (helpers.OPENER_JS)."""
        for _ in range(2):  # the sheet closed, then the menu opened
            opener = self.engine.script(f"return ({OPENER_JS})(arguments[0])", label)
            if opener:
                self.click(self.engine.script("return document.getElementById(arguments[0])", opener))
        button = self.engine.script(BUTTON_JS, label)
        assert button is not None, f"no button {label!r}"
        return button

    def press(self, label):
        self.click(self.button(label))

    def enabled(self, element):
        return self.engine.script("return !arguments[0].disabled && arguments[0].getAttribute('aria-disabled') !== 'true'", element)

    def state(self):
        return self.engine.script(f"return ({STATE_JS})()")

    def text(self, element_id):
        return self.engine.script("return document.getElementById(arguments[0]).textContent", element_id)

    def wait_state(self, check, message):
        """Waits until `check(state)` holds; returns that state."""
        found = []
        until(lambda: check(found.append(self.state()) or found[-1]), f"{message}; last state {found[-1:]}")
        return found[-1]

    def wait_refusal(self, fragment):
        """Waits for a refused pick's message, beside its photo; returns it."""
        shown = "const r = document.getElementById('refusal'); return r && !r.hidden ? r.textContent : ''"
        until(lambda: fragment in self.engine.script(shown), f"no refusal with {fragment!r} beside a photo")
        return self.engine.script(shown)

    def wait_notice(self, fragment):
        until(lambda: fragment in self.text("notice"), f"no notice with {fragment!r} (notice: {self.text('notice')!r})")
        return self.text("notice")

    def export(self, label="Download selection"):
        """Presses an export button; returns (file name, bytes) of what the page handed over."""
        return self.engine.download(lambda: self.press(label))

    def import_file(self, path):
        # WebDriver types a path into a file input, which must be displayed to accept it;
        # the page's is hidden behind its Import… button. It is hidden again as the file
        # arrives, before the page's own handler runs (which may open a confirm()).
        chooser = self.engine.script(
            "const input = document.getElementById('import-file'); input.hidden = false;"
            "input.addEventListener('change', () => { input.hidden = true; }, {once: true, capture: true});"
            "return input;"
        )
        chooser.send_keys(str(path))

    def view(self, name):
        """Opens the viewer by clicking a photo's thumbnail."""
        link = self.engine.script("return arguments[0].closest('li.photo').querySelector('a.open')", self.box(name))
        self.click(link)
        until(lambda: self.engine.script("return document.getElementById('viewer').open"), "the viewer did not open")

    def viewer_open(self):
        return self.engine.script("return document.getElementById('viewer').open")

    def confirm(self, answer):
        """Answers the confirm() the page is showing; returns its text."""
        return self.engine.answer_dialog(answer)
