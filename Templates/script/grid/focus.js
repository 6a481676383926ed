// focus: where keyboard focus goes, and the tray's place. A skip link to the tray and one
// back to the photo the viewer was at; on phones, where the tray is docked over the bottom
// of the page, the page keeps room for it (its height, measured) and focus never lands
// under it. On a wider screen the tray is a column only while something is picked: empty,
// it folds into a small box beside the header (html.tray-collapsed) and the photos take
// the whole width.

var Focus = (Proofsheet.focus = (function () {
  var tray = $("tray");
  var root = document.documentElement;
  // The control in the grid that last had focus: its photo's cell (by id, as the grid fills
  // its cells again for other photos) and which of its controls, or the element itself.
  var lastPhoto = null;

  // The tray is docked (phones) when, fixed, it does not reach the top of the window.
  function docked() {
    return !tray.hidden && tray.getBoundingClientRect().top > 0 && window.getComputedStyle(tray).position === "fixed";
  }
  // The page's bottom padding and scroll padding follow the docked tray's height.
  function measure() {
    var height = docked() ? Math.ceil(tray.getBoundingClientRect().height) : 0;
    root.style.setProperty("--tray-block", height + "px");
  }
  if (window.ResizeObserver) new ResizeObserver(measure).observe(tray);
  window.addEventListener("resize", measure);

  // After the browser has scrolled a newly focused control into view (scroll-padding does
  // this where the engine honours it for focus), one that is still under the docked tray
  // is scrolled above it. Only a control: the gallery itself takes focus when the grid
  // recycles the focused photo's cell as it leaves the screen, and "its bottom above the
  // tray" was the end of the gallery — the next scroll after a pick threw the page there.
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (Grid.main.contains(target) && target !== Grid.main) {
      var cell = target.closest("li.photo");
      lastPhoto = cell && cell.id ? { cell: cell.id, box: target.name === "pick" } : { element: target };
    }
    if (target === Grid.main || target === document.body || tray.contains(target) || target.closest("dialog")) return;
    window.requestAnimationFrame(function () {
      if (document.activeElement !== target || !docked()) return;
      var top = tray.getBoundingClientRect().top;
      var box = target.getBoundingClientRect();
      // Something taller than the room above the tray (a region, not a control) stays put.
      if (box.height > top) return;
      if (box.bottom > top - 4 && box.top < window.innerHeight) window.scrollBy(0, box.bottom - top + 12);
    });
  });

  // "Back to the photos": to the photo last focused, if it is still drawn.
  function back() {
    var target = null;
    if (lastPhoto && lastPhoto.cell) {
      var cell = document.getElementById(lastPhoto.cell);
      target = cell && cell.querySelector(lastPhoto.box ? "input[name='pick']" : "a.open");
    } else if (lastPhoto && document.contains(lastPhoto.element)) {
      target = lastPhoto.element;
    }
    (target || Grid.main).focus();
  }
  $("skip-back").addEventListener("click", function (event) {
    event.preventDefault();
    back();
  });
  // Alt+P, from anywhere but the viewer: to the tray, and from the tray back to the photo.
  // (Option+P types π on a Mac: there it is taken outside text fields only.)
  document.addEventListener("keydown", function (event) {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== "KeyP" || tray.hidden) return;
    var target = event.target;
    var typing = target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && /^(text|search|email|url)$/.test(target.type)));
    if (typing && event.key.toLowerCase() !== "p") return;
    if (target && target.closest && target.closest("dialog")) return;
    event.preventDefault();
    if (tray.contains(target)) back();
    else tray.focus();
  });
  // "Skip to your picks": to the tray, without changing the address.
  $("skip-tray").addEventListener("click", function (event) {
    event.preventDefault();
    tray.focus();
  });

  // The photo kept in place after the tray folded or unfolded (render), until the client
  // scrolls: a scroll of theirs before the next frames (a jump to the top right after the
  // first pick) is theirs to keep, not undone to bring the photo back.
  var keeping = 0;
  function scrolledSince(y) {
    return Math.abs(window.pageYOffset - y) >= 1;
  }
  ["wheel", "touchstart", "keydown"].forEach(function (type) {
    window.addEventListener(type, function () {
      keeping += 1;
    }, { passive: true, capture: true });
  });

  // Nothing picked: the tray folds away. The photo just picked or unpicked keeps its place
  // on the screen while the grid takes its new width (its cell may be drawn anew, further
  // down: then it gets the focus back), and focus that was on a control the folded tray no
  // longer shows goes to the tray itself. Its place is taken by hold(), before anything
  // else is drawn for the change: the tray's list drawn first grew the folded box beside
  // the header, and a photo measured after that was put back 78 px too low.
  function hold(order) {
    var collapse = order.length === 0;
    if (root.classList.contains("tray-collapsed") === collapse) return null;
    var focused = document.activeElement;
    var cell = Grid.main.contains(focused) && focused.closest ? focused.closest("li.photo") : null;
    if (!cell && order.length) cell = document.getElementById("p-" + order[order.length - 1]);
    return {
      focused: focused,
      position: cell ? Grid.positionOf(cell) : null,
      before: cell ? cell.getBoundingClientRect().top : 0,
      refocus: cell && cell.contains(focused) ? (focused.name === "pick" ? "box" : "link") : null,
      boxBefore: cell ? cell.querySelector("input").getBoundingClientRect().top : 0,
    };
  }
  // Draws the change: held is what hold(order) gave before the rest of the page was drawn
  // (null: the tray stays as it is).
  function render(order, held) {
    // A name or a note typed before stays in sight (after Clear, say).
    tray.classList.toggle("about-empty", !$("by").value && !$("selection-note").value);
    if (!held) return;
    var focused = held.focused;
    var position = held.position;
    root.classList.toggle("tray-collapsed", order.length === 0);
    if (focused && tray.contains(focused) && focused.getClientRects().length === 0) tray.focus();
    Grid.redraw();
    if (position === null) return;
    var token = ++keeping;
    var y = window.pageYOffset;
    window.requestAnimationFrame(function () {
      var top = Grid.topOf(position);
      if (top === null || token !== keeping || scrolledSince(y)) return;
      window.scrollTo(0, top - held.before);
      y = window.pageYOffset;
      Grid.redraw();
      // Drawn at its new width: its box where it was (the cell's height follows its width).
      window.requestAnimationFrame(function () {
        var now = Grid.cells().get(position);
        if (!now || token !== keeping || scrolledSince(y)) return;
        var moved = now.box.getBoundingClientRect().top - held.boxBefore;
        if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
        var lost = document.activeElement === Grid.main || document.activeElement === document.body;
        if (held.refocus && lost) (held.refocus === "box" ? now.box : now.link).focus({ preventScroll: true });
      });
    });
  }

  return { measure: measure, hold: hold, render: render };
})());
