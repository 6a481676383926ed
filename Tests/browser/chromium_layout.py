"""What the Chromium layout tests share: the sizes they open the page at, and scripts
that tell whether an element is in view and wait for the next frames."""

from helpers import Gallery

DESKTOP = {"width": 1280, "height": 800}
PHONES = [320, 390, 430]

# Whether an element is wholly inside the window and on top at its centre (not cut, not covered).
IN_VIEW = """el => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5
    && top !== null && (top === el || el.contains(top));
}"""

TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def open_in(chromium, site, viewport, mobile=False):
    context = chromium.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile, accept_downloads=True)
    page = context.new_page()
    return context, page, Gallery(page, site).open()


def phone(width):
    return {"width": width, "height": 844}
