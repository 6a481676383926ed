// grid: the photos near the screen, and only those. The view (what Browse shows: albums,
// a search's matches, the picks) is laid out as groups of justified rows (rows.js); the
// grid is as tall as the whole view, but only the rows within a screen or two of the
// viewport exist in the DOM, so 100,000 photos cost what 100 do. Rows whose chunk is not
// loaded yet show empty frames and load it. Uses Rows (the layout), Cells (a photo's
// cell), Data, Picks and Status.

var Grid = (Proofsheet.grid = (function () {
  var main = $("gallery");
  var root = $("grid");
  var groups = [];
  var metrics = null;
  var laidOut = false; // the view's rows are laid out at metrics.width
  var shown = new Map(); // position → cell
  var sections = []; // group index → { section, list } while any of it is drawn
  var positions = Object.create(null); // pick number by photo id
  var full = false;
  var why = $("pick-why"); // why a box cannot be picked now, the description of each such box
  var scheduled = false;
  // Cells that left the screen, kept to be filled again for the photos that come onto it:
  // a fast scroll changes a screen of cells every frame, and a cell filled again costs its
  // new text and image, not a subtree made and thrown away (and collected later).
  var spare = [];
  var SPARE = 120;
  // Empty frames are kept too: a scroll past chunks not loaded yet draws rows of them.
  var spareFrames = [];
  // A fling: the scroll moved more than half a screen since the last draw, and had in the
  // draw before (each such draw asks for one more frame, so the two were frames running).
  // At that speed nothing drawn stays on screen two frames: no cell is made for the rows
  // that come onto it, no chunk is loaded for them, and the cells, their images and their
  // chunks come when the scroll slows (the frame after it stops at the latest). A scroll a
  // screen a frame through 100,000 photos then costs a frame what an empty page does, not
  // a screen of new cells, thumbnails to decode and chunk scripts to run every frame.
  // What a fling passes over is each album's `.frames`: one element, the empty frames'
  // colour, under its rows. (Cells put in and taken out every frame made garbage for the
  // collector: at 100,000 photos a fling top to bottom ran 30-40 full collections, each a
  // frame of 10-15 ms of the main thread.)
  // After a fling the grid settles: the rows on screen are filled first, the rows of the
  // margin around them (a screen above and below) a screen of cells a frame after, the
  // frames showing under what is not filled yet. (A single jump, to a search's match say,
  // is drawn whole at once, as ever.)
  var lastTop = null;
  var wasFast = false;
  var settling = false;

  // Sizes come from the stylesheet: a probe album heading is laid out off screen; the
  // gap between photos and rows is the grid's --gap.
  function measure(width) {
    var probe = el("div", "grid-probe");
    probe.setAttribute("aria-hidden", "true");
    var section = el("section", "album");
    var heading = el("h2", "", "Probe");
    section.appendChild(heading);
    probe.appendChild(section);
    root.appendChild(probe);
    var header = heading.getBoundingClientRect().height; // its margins are 0 in the grid (CSS)
    var after = parseFloat(window.getComputedStyle(section).paddingBottom) || 0;
    var gap = parseFloat(window.getComputedStyle(root).getPropertyValue("--gap")) || 0;
    root.removeChild(probe);
    return { gap: gap, header: Math.ceil(header), after: after, width: width };
  }

  function layout() {
    laidOut = true;
    var y = 0;
    groups.forEach(function (group) {
      group.top = y;
      group.rows = Rows.layout(group.count, group.at, metrics.width, metrics.gap);
      group.height = (group.title ? metrics.header : 0) + group.rows.height + metrics.after;
      y += group.height;
    });
    root.style.height = y + "px";
  }
  // Where an album's fling frames go: under all its rows.
  function placeFrames(part, group) {
    part.frames.style.top = (group.title ? metrics.header : 0) + "px";
    part.frames.style.height = group.rows.height + "px";
  }
  function bodyTop(group) {
    return group.top + (group.title ? metrics.header : 0);
  }

  // What should be drawn now: for each group near the viewport, the range of its rows
  // (within `screens` screens of it: 1 for what is drawn).
  function wanted(screens, box) {
    var view = window.innerHeight || document.documentElement.clientHeight;
    var margin = Math.max(600, view) * screens;
    var top = -box.top - margin;
    var bottom = -box.top + view + margin;
    var ranges = [];
    groups.forEach(function (group, index) {
      if (group.top + group.height < top || group.top > bottom || !group.count) return;
      var body = bodyTop(group);
      var first = Rows.rowAt(group.rows, top - body);
      var last = Math.min(group.rows.rows - 1, Rows.rowAt(group.rows, bottom - body));
      if (last < first || body + group.rows.tops[first] > bottom) {
        if (group.title && body >= top && group.top <= bottom) ranges.push({ group: index, first: 0, last: -1 });
        return;
      }
      ranges.push({ group: index, first: first, last: last });
    });
    return ranges;
  }
  // The items of a range of rows: [from, to).
  function items(range) {
    var rows = groups[range.group].rows;
    return range.last < range.first ? [0, 0] : [rows.starts[range.first], rows.starts[range.last + 1]];
  }

  function draw() {
    scheduled = false;
    // Read before anything is written (the grid's height moves nothing above its top).
    var width = root.clientWidth;
    var box = root.getBoundingClientRect();
    var relaid = !metrics || width !== metrics.width;
    if (relaid) metrics = measure(width);
    if (relaid || !laidOut) layout();
    var view = window.innerHeight || document.documentElement.clientHeight;
    var fast = lastTop !== null && Math.abs(box.top - lastTop) > view / 2;
    var fling = fast && wasFast;
    // How many cells off screen (in the margin) this draw fills: all of them, but while
    // the grid settles after a fling.
    if (fling) settling = true;
    var targetRow = Rows.targetHeight(metrics.width);
    var budget = !settling ? Infinity : fast || wasFast ? 0 : Math.ceil((view / targetRow) * (metrics.width / (targetRow * 1.2)));
    var left = 0; // cells that could be filled and were not
    var viewTop = -box.top;
    function rowOnScreen(group, r) {
      var y = bodyTop(group) + group.rows.tops[r];
      return y < viewTop + view && y + group.rows.heights[r] > viewTop;
    }
    lastTop = box.top;
    wasFast = fast;
    var ranges = wanted(1, box);
    // The margin waits while the screen itself has cells to fill (a chunk just came).
    if (budget > 0 && budget !== Infinity) {
      ranges.forEach(function (range) {
        var group = groups[range.group];
        for (var r = range.first; r <= range.last; r++) {
          if (!rowOnScreen(group, r)) continue;
          for (var i = group.rows.starts[r]; i < group.rows.starts[r + 1]; i++) {
            var cell = shown.get(group.at(i));
            if ((!cell || cell.placeholder) && Data.loaded(group.at(i))) budget = 0;
          }
        }
      });
    }
    var ahead = wanted(PREFETCH_SCREENS, box);
    var keep = new Map();
    var drawn = [];
    var missing = [];
    ranges.forEach(function (range) {
      var group = groups[range.group];
      var part = sections[range.group];
      if (!part) {
        var section = el("section", "album");
        if (group.title) {
          var heading = el("h2", "", group.title);
          if (group.note) {
            heading.appendChild(document.createTextNode(" "));
            heading.appendChild(el("span", "count", group.note));
          }
          section.appendChild(heading);
        }
        var frames = el("div", "frames");
        frames.setAttribute("aria-hidden", "true");
        frames.hidden = true;
        section.appendChild(frames);
        var list = el("ul", "photos");
        list.style.top = (group.title ? metrics.header : 0) + "px";
        section.appendChild(list);
        section.style.top = group.top + "px";
        part = sections[range.group] = { section: section, list: list, frames: frames, framed: false };
        placeFrames(part, group);
      } else if (relaid) {
        part.section.style.top = group.top + "px"; // a new width moves the albums below the first
        placeFrames(part, group);
      }
      drawn[range.group] = true;
      var cells = [];
      for (var r = range.first; r <= range.last; r++) {
        var onScreen = rowOnScreen(group, r);
        var boxes = null;
        for (var i = group.rows.starts[r]; i < group.rows.starts[r + 1]; i++) {
          var position = group.at(i);
          var cell = shown.get(position);
          var loaded = Data.loaded(position);
          // The album's frames show it: while the fling lasts, and while the grid settles
          // for what is off screen and not filled yet (the margin comes a screen a frame,
          // so the frame the fling stops makes the screen's cells only).
          if (!cell && (fling || (settling && !onScreen && !(loaded && budget > 0)))) {
            if (!loaded) missing.push(position);
            else if (!fling) left += 1;
            continue;
          }
          var filling = loaded && !fling && (!cell || cell.placeholder);
          if (filling && budget !== Infinity && !onScreen) {
            if (budget > 0) {
              budget -= 1;
            } else {
              filling = false; // in the margin: a later frame's
              left += 1;
            }
          }
          if (!cell || (cell.placeholder && filling) || relaid) {
            if (!cell || (cell.placeholder && filling)) {
              if (filling) {
                cell = spare.pop() || Cells.make();
                Cells.fill(cell, Data.at(position), position);
                Cells.paint(cell, positions[cell.id] || 0, full);
              } else {
                cell = spareFrames.pop() || Cells.placeholder(position);
                cell.position = position;
              }
            }
            if (!boxes) boxes = Rows.boxes(group.rows, r, group.at, metrics.width, metrics.gap);
            Cells.place(cell, group.rows.tops[r], boxes[i - group.rows.starts[r]], group.rows.heights[r]);
          }
          if (!loaded) missing.push(position); // an empty frame a fling drew too
          keep.set(position, cell);
          cells.push(cell.li);
        }
      }
      part.cells = cells;
    });
    // Cells leaving the DOM go first; a focused one hands focus to the gallery, not to
    // nothing. The cells that stay are never moved (moving a node drops its focus): new
    // ones are put before or after them.
    var focused = document.activeElement;
    shown.forEach(function (cell, position) {
      if (keep.get(position) === cell) return;
      if (focused && cell.li.contains(focused)) main.focus({ preventScroll: true });
      if (cell.li.parentNode) cell.li.parentNode.removeChild(cell.li);
      if (!cell.placeholder) {
        if (spare.length < SPARE) spare.push(cell);
      } else if (spareFrames.length < SPARE) spareFrames.push(cell);
    });
    shown = keep;
    sections.forEach(function (part, index) {
      if (!part || drawn[index]) return;
      if (part.section.parentNode) part.section.parentNode.removeChild(part.section);
      sections[index] = undefined;
    });
    var nextSection = root.firstChild;
    sections.forEach(function (part) {
      if (!part) return;
      if (part.section === nextSection) nextSection = nextSection.nextSibling;
      else root.insertBefore(part.section, nextSection);
      var next = part.list.firstChild;
      part.cells.forEach(function (li) {
        if (li === next) next = next.nextSibling;
        else part.list.insertBefore(li, next);
      });
      while (next) {
        var after = next.nextSibling;
        part.list.removeChild(next);
        next = after;
      }
    });
    // A fast scroll is looked at again next frame: it goes on (a fling) or it stopped, and
    // what it left empty is filled. It has settled when nothing is left to fill, nor to load.
    if (fast || left) schedule();
    else if (!missing.length) settling = false;
    sections.forEach(function (part) {
      if (!part || part.framed === settling) return;
      part.frames.hidden = !settling;
      part.framed = settling;
    });
    if (fling) return;
    if (missing.length) {
      Data.ensure(Math.min.apply(null, missing), Math.max.apply(null, missing) + 1).then(schedule, function (error) {
        Status.say(t("grid.partFailed", { error: error.message }), "error");
      });
    } else {
      prefetch(ahead);
    }
  }
  // The chunks of the rows a few screens past the drawn ones are loaded before a scroll
  // reaches them, so a scroll never waits for one and never turns a screen of empty
  // frames into cells at once. Only when they are one or two chunks (the albums' order):
  // a view sorted across the gallery would need a chunk for nearly every row.
  var PREFETCH_SCREENS = 6;
  function prefetch(ranges) {
    var needed = [];
    ranges.forEach(function (range) {
      var group = groups[range.group];
      var span = items(range);
      for (var i = span[0]; i < span[1] && needed.length <= 2; i++) {
        var position = group.at(i);
        if (Data.loaded(position)) continue;
        var chunk = Data.chunkAt(position);
        if (needed.indexOf(chunk) < 0) needed.push(chunk);
      }
    });
    if (needed.length > 2) return;
    needed.forEach(function (chunk) {
      Data.ensure(chunk.start).catch(function () {}); // what is drawn reports a failure
    });
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.requestAnimationFrame(draw);
  }

  // Picks changed: repaint the drawn cells only; the rest are painted when drawn.
  function render(order) {
    positions = Object.create(null);
    order.forEach(function (id, index) {
      positions[id] = index + 1;
    });
    full = !Picks.canAdd();
    document.body.classList.toggle("limit-reached", full);
    why.textContent = full ? Status.whyNot() : "";
    shown.forEach(function (cell) {
      Cells.paint(cell, positions[cell.id] || 0, full);
    });
  }

  // Shows a view: groups of { title, note, count, at(i) → position }.
  // Scrolled to the view's top (the grid emptied: no cell laid out for it) before the
  // rows on screen are drawn; the sizes measured are kept (a view is not measured again).
  function show(view, keepScroll) {
    groups = view;
    sections.forEach(function (part) {
      if (part && part.section.parentNode) part.section.parentNode.removeChild(part.section);
    });
    if (!keepScroll) {
      var top = root.getBoundingClientRect().top + window.pageYOffset - 8;
      if (window.pageYOffset > top) window.scrollTo(0, Math.max(0, top));
    }
    sections = [];
    shown = new Map();
    laidOut = false;
    lastTop = null;
    wasFast = false;
    settling = false;
    draw();
  }

  // Where a position is in the view: its group and its row there; null when not shown.
  function find(position) {
    // Laid out at the grid's width now (the tray may have just unfolded), cells and all.
    if (!metrics || root.clientWidth !== metrics.width) draw();
    for (var g = 0; g < groups.length; g++) {
      var group = groups[g];
      for (var i = 0; i < group.count; i++) {
        if (group.at(i) === position) return { group: group, row: Rows.rowOf(group.rows, i) };
      }
    }
    return null;
  }

  // Where a position's row is in the page now (its top, from the top of the document), or
  // null when the view does not hold it.
  function topOf(position) {
    var found = find(position);
    if (!found) return null;
    return root.getBoundingClientRect().top + window.pageYOffset + bodyTop(found.group) + found.group.rows.tops[found.row];
  }

  // Scrolls so a position of the view is on screen (the viewer's current photo).
  function reveal(position) {
    var found = find(position);
    if (!found) return;
    var y = bodyTop(found.group) + found.group.rows.tops[found.row];
    var box = root.getBoundingClientRect();
    var view = window.innerHeight;
    if (box.top + y < 0 || box.top + y + found.group.rows.heights[found.row] > view) window.scrollTo(0, window.pageYOffset + box.top + y - view / 3);
    draw(); // its cell now, for focus to go to
  }

  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", function () {
    metrics = null;
    schedule();
  });
  Data.onChunk(schedule);

  return {
    main: main,
    show: show,
    render: render,
    reveal: reveal,
    topOf: topOf,
    redraw: schedule,
    cells: function () {
      return shown;
    },
    // The badges of what goes with a photo (issue 14): "RAW", "Live", "RAW · Live".
    kinds: Cells.kinds,
    positionOf: function (li) {
      var found = null;
      shown.forEach(function (cell, position) {
        if (cell.li === li) found = position;
      });
      return found;
    },
  };
})());
