// grid: the photos near the screen, and only those. The view (what Browse shows: albums,
// a search's matches, the picks) is laid out as groups of equal rows; the grid is as tall
// as the whole view, but only the rows within a screen or two of the viewport exist in
// the DOM, so 100,000 photos cost what 100 do. Rows whose chunk is not loaded yet show
// empty frames and load it.

var Grid = (Proofsheet.grid = (function () {
  var main = $("gallery");
  var root = $("grid");
  var groups = [];
  var metrics = null;
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
  // At that speed nothing drawn stays on screen two frames: the rows that come onto it get
  // empty frames only, no chunk is loaded for them, and the cells, their images and their
  // chunks come when the scroll slows (the frame after it stops at the latest). A scroll a
  // screen a frame through 100,000 photos then costs a frame what an empty page does, not
  // a screen of new cells, thumbnails to decode and chunk scripts to run every frame.
  // The empty frames of a fling are not cells: each album's full rows of them are one
  // element's background (`.frames`, a bitmap tile of one empty frame drawn from the
  // stylesheet's sizes and colours), and only an album's last, short row gets empty cells.
  // Cells put in and taken out every frame made garbage for the collector (their layout
  // objects and fragments): at 100,000 photos a fling top to bottom ran 30-40 full
  // collections, each a frame of 10-15 ms of the main thread.
  // After a fling the grid settles: the rows on screen are filled first, the rows of the
  // margin around them (a screen above and below) a screen of cells a frame after, the
  // frames showing under what is not filled yet. (A single jump, to a search's match say,
  // is drawn whole at once, as ever.)
  var lastTop = null;
  var wasFast = false;
  var settling = false;

  // Sizes come from the stylesheet: a probe album with one cell is laid out off screen.
  function measure() {
    var probe = el("div", "grid-probe");
    probe.setAttribute("aria-hidden", "true");
    var section = el("section", "album");
    var heading = el("h2", "", "Probe");
    section.appendChild(heading);
    var list = el("ul", "photos");
    var cell = makeCell();
    fill(cell, { id: "probe", name: "A long file name that fills two lines of a cell.jpg", date: "2026-01-01T00:00:00", thumb: { src: "", width: 4, height: 3 }, thumb2x: {}, preview: { src: "" } }, null);
    list.appendChild(cell.li);
    var empty = placeholder(null);
    list.appendChild(empty.li);
    section.appendChild(list);
    probe.appendChild(section);
    root.appendChild(probe);
    var style = window.getComputedStyle(list);
    var columns = style.gridTemplateColumns.split(" ").filter(function (track) {
      return track && track !== "none";
    }).length;
    var gap = parseFloat(style.rowGap) || 0;
    var columnGap = parseFloat(style.columnGap) || 0;
    var width = list.getBoundingClientRect().width;
    var header = heading.getBoundingClientRect().height; // its margins are 0 in the grid (CSS)
    var height = Math.ceil(cell.li.getBoundingClientRect().height);
    var after = parseFloat(window.getComputedStyle(section).paddingBottom) || 0;
    var frame = frameLook(empty.li);
    list.removeChild(empty.li);
    spareFrames.push(empty);
    root.removeChild(probe);
    columns = Math.max(1, columns);
    // Every cell is placed by the script (CSS): the columns' width and step as the
    // stylesheet's grid would lay them out.
    var cell = (width - (columns - 1) * columnGap) / columns;
    return { columns: columns, gap: gap, header: Math.ceil(header), row: height, after: after, width: root.clientWidth, cell: cell, column: cell + columnGap, frame: frame };
  }
  // An empty frame as the stylesheet draws it: the cell's box and the thumbnail's, their
  // colours and corners (for the tile of a fling's frames).
  function frameLook(li) {
    var box = li.getBoundingClientRect();
    var open = li.firstChild.getBoundingClientRect();
    var cellStyle = window.getComputedStyle(li);
    var openStyle = window.getComputedStyle(li.firstChild);
    return {
      fill: cellStyle.backgroundColor,
      radius: parseFloat(cellStyle.borderTopLeftRadius) || 0,
      x: open.left - box.left,
      y: open.top - box.top,
      width: open.width,
      height: open.height,
      openFill: openStyle.backgroundColor,
      openRadius: parseFloat(openStyle.borderTopLeftRadius) || 0,
    };
  }
  // One column and row step of the grid with an empty frame in it, as a bitmap drawn once
  // at the screen's pixel density. (An SVG tile, 6c260b8, cost the raster threads twice
  // what the cells did: Chromium replays an SVG's drawing for every repetition, where a
  // bitmap is one image fill.)
  function frameTile(m) {
    var f = m.frame;
    var scale = window.devicePixelRatio || 1;
    var canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(m.column * scale));
    canvas.height = Math.max(1, Math.round((m.row + m.gap) * scale));
    var context = canvas.getContext("2d");
    if (!context) return "none";
    context.scale(canvas.width / m.column, canvas.height / (m.row + m.gap));
    function box(x, y, width, height, radius, colour) {
      context.fillStyle = colour;
      context.beginPath();
      if (context.roundRect) context.roundRect(x, y, width, height, radius);
      else context.rect(x, y, width, height);
      context.fill();
    }
    box(0, 0, m.cell, m.row, f.radius, f.fill);
    box(f.x, f.y, f.width, f.height, f.openRadius, f.openFill);
    return 'url("' + canvas.toDataURL("image/png") + '")';
  }

  function layout() {
    metrics = measure();
    var y = 0;
    groups.forEach(function (group) {
      group.top = y;
      group.rows = Math.ceil(group.count / metrics.columns);
      var body = group.rows ? group.rows * metrics.row + (group.rows - 1) * metrics.gap : 0;
      group.height = (group.title ? metrics.header : 0) + body + metrics.after;
      y += group.height;
    });
    root.style.height = y + "px";
    root.style.setProperty("--row", metrics.row + "px");
    root.style.setProperty("--cell-width", metrics.cell + "px");
    root.style.setProperty("--frames", frameTile(metrics));
    root.style.setProperty("--frames-size", metrics.column + "px " + (metrics.row + metrics.gap) + "px");
  }
  // Where an album's fling frames go: its full rows.
  function placeFrames(part, group) {
    var rows = Math.floor(group.count / metrics.columns);
    part.frames.style.top = (group.title ? metrics.header : 0) + "px";
    part.frames.style.height = (rows ? rows * metrics.row + (rows - 1) * metrics.gap : 0) + "px";
  }

  // A cell: made once, filled for a photo, kept while its row is near the screen, then
  // filled again for another.
  var template = null;
  function makeCell() {
    if (!template) {
      template = el("li", "photo");
      var open = el("a", "open");
      open.appendChild(el("img"));
      open.appendChild(el("span", "kinds"));
      template.appendChild(open);
      var label = el("label", "pick");
      var box = el("input");
      box.type = "checkbox";
      box.name = "pick";
      label.appendChild(box);
      label.appendChild(document.createTextNode(" "));
      label.appendChild(el("span", "name"));
      template.appendChild(label);
      template.appendChild(el("time", "date"));
    }
    var li = template.cloneNode(true);
    return { li: li, link: li.firstChild, img: li.firstChild.firstChild, kinds: li.querySelector(".kinds"), box: li.querySelector("input"), name: li.querySelector(".name"), date: li.lastChild, badge: null, id: null };
  }
  function fill(cell, photo, position) {
    // A cell filled before gets a new image element: the same one given a new src would
    // show the previous photo until the new one is decoded.
    if (cell.img.hasAttribute("src") || cell.img.hasAttribute("srcset")) {
      var img = el("img");
      cell.link.replaceChild(img, cell.img);
      cell.img = img;
    }
    cell.id = photo.id;
    cell.position = position;
    cell.li.id = "p-" + photo.id;
    cell.li.classList.remove("loading");
    cell.link.href = src(photo.preview.src);
    var kinds = kindsOf(photo);
    cell.link.setAttribute("aria-label", "View " + photo.name + (kinds ? " (" + kinds.replace("Live", "Live Photo").replace(" · ", ", ") + ")" : ""));
    cell.kinds.textContent = kinds;
    cell.link.hidden = false;
    cell.img.alt = "";
    cell.img.width = photo.thumb.width;
    cell.img.height = photo.thumb.height;
    cell.img.decoding = "async";
    if (photo.thumb2x.src) cell.img.srcset = src(photo.thumb2x.src) + " 2x";
    if (photo.thumb.src) cell.img.src = src(photo.thumb.src);
    cell.box.value = photo.id;
    cell.box.hidden = false;
    // Broken between its parts where it wraps; clamped to the probe's two lines (CSS), the
    // whole name in its tooltip and in the checkbox's name.
    breakableName(cell.name, photo.name);
    cell.name.title = photo.name;
    cell.date.dateTime = photo.date;
    cell.date.textContent = dateLabel(photo.date);
    cell.li.removeAttribute("aria-hidden");
    paint(cell);
  }
  // A cell's place in its album: its row and column (it never moves while it is drawn).
  function place(cell, i) {
    cell.li.style.top = Math.floor(i / metrics.columns) * (metrics.row + metrics.gap) + "px";
    cell.li.style.left = (i % metrics.columns) * metrics.column + "px";
  }
  function kindsOf(photo) {
    return [photo.raw ? "RAW" : "", photo.live ? "Live" : ""].filter(Boolean).join(" · ");
  }
  function placeholder(position) {
    var cell = spareFrames.pop();
    if (cell) {
      cell.position = position;
      return cell;
    }
    var li = el("li", "photo loading");
    li.setAttribute("aria-hidden", "true");
    li.appendChild(el("span", "open"));
    return { li: li, id: null, position: position, placeholder: true };
  }
  // `2026-06-01T14:03:22` → `1 Jun 2026, 14:03`, as the static pages write it.
  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  function dateLabel(iso) {
    var m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(iso || "");
    if (!m || +m[2] < 1 || +m[2] > 12) return iso || "";
    return +m[3] + " " + MONTHS[+m[2] - 1] + " " + m[1] + ", " + +m[4] + ":" + m[5];
  }
  // The pick state of one cell: checked, its number, and whether it can be picked. A box
  // that cannot be picked stays in the Tab order (aria-disabled, not disabled), so a
  // keyboard user can reach it and hear why (its description; a message when pressed). A
  // picked box's description is its number ("pick 3"), read from a hidden span, so its
  // name stays the file name.
  function paint(cell) {
    if (cell.placeholder) return;
    var number = positions[cell.id];
    cell.box.checked = !!number;
    if (full && !number) cell.box.setAttribute("aria-disabled", "true");
    else cell.box.removeAttribute("aria-disabled");
    cell.li.classList.toggle("picked", !!number);
    if (number && !cell.badge) {
      cell.badge = el("span", "badge");
      cell.badge.setAttribute("aria-hidden", "true");
      cell.li.appendChild(cell.badge);
      cell.number = el("span", "pick-number");
      cell.number.setAttribute("aria-hidden", "true");
      cell.li.appendChild(cell.number);
    }
    if (cell.badge) {
      cell.number.id = "n-" + cell.id;
      cell.badge.textContent = number ? String(number) : "";
      cell.number.textContent = number ? "pick " + number : "";
    }
    var described = number ? "n-" + cell.id : full ? "pick-why" : "";
    if (described) cell.box.setAttribute("aria-describedby", described);
    else cell.box.removeAttribute("aria-describedby");
  }

  // What should be drawn now: for each group near the viewport, the range of its items
  // (within `screens` screens of it: 1 for what is drawn).
  function wanted(screens, box) {
    var view = window.innerHeight || document.documentElement.clientHeight;
    var margin = Math.max(600, view) * screens;
    var top = -box.top - margin;
    var bottom = -box.top + view + margin;
    var ranges = [];
    groups.forEach(function (group, index) {
      if (group.top + group.height < top || group.top > bottom || !group.count) return;
      var body = group.top + (group.title ? metrics.header : 0);
      var step = metrics.row + metrics.gap;
      var first = Math.max(0, Math.floor((top - body) / step));
      var last = Math.min(group.rows - 1, Math.floor((bottom - body) / step));
      if (last < first) {
        if (group.title && body >= top && group.top <= bottom) ranges.push({ group: index, from: 0, to: 0 });
        return;
      }
      ranges.push({ group: index, from: first * metrics.columns, to: Math.min(group.count, (last + 1) * metrics.columns) });
    });
    return ranges;
  }

  function draw() {
    scheduled = false;
    var relaid = !metrics || root.clientWidth !== metrics.width;
    if (relaid) layout();
    // Read before anything is written, so the page is not laid out twice in a frame.
    var box = root.getBoundingClientRect();
    var view = window.innerHeight || document.documentElement.clientHeight;
    var fast = lastTop !== null && Math.abs(box.top - lastTop) > view / 2;
    var fling = fast && wasFast;
    // How many cells off screen (in the margin) this draw fills: all of them, but while
    // the grid settles after a fling.
    if (fling) settling = true;
    var budget = !settling ? Infinity : fast || wasFast ? 0 : metrics.columns * Math.ceil(view / (metrics.row + metrics.gap));
    var left = 0; // cells that could be filled and were not
    var viewTop = -box.top;
    function onScreen(group, i) {
      var y = group.top + (group.title ? metrics.header : 0) + Math.floor(i / metrics.columns) * (metrics.row + metrics.gap);
      return y < viewTop + view && y + metrics.row > viewTop;
    }
    lastTop = box.top;
    wasFast = fast;
    var ranges = wanted(1, box);
    // The margin waits while the screen itself has cells to fill (a chunk just came).
    if (budget > 0 && budget !== Infinity) {
      ranges.forEach(function (range) {
        var group = groups[range.group];
        for (var i = range.from; i < range.to; i++) {
          var cell = shown.get(group.at(i));
          if ((!cell || cell.placeholder) && Data.loaded(group.at(i)) && onScreen(group, i)) budget = 0;
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
      var framed = fling || settling ? Math.floor(group.count / metrics.columns) * metrics.columns : 0; // the frames' cells
      drawn[range.group] = true;
      var cells = [];
      for (var i = range.from; i < range.to; i++) {
        var position = group.at(i);
        var cell = shown.get(position);
        var loaded = Data.loaded(position);
        // The album's frames show it: while the fling lasts, and while the grid settles for
        // what is off screen and not filled yet (the margin comes a screen a frame, so the
        // frame the fling stops makes the screen's cells only).
        if (!cell && i < framed && (fling || (!onScreen(group, i) && !(loaded && budget > 0)))) {
          if (!loaded) missing.push(position);
          else if (!fling) left += 1;
          continue;
        }
        var filling = loaded && !fling && (!cell || cell.placeholder);
        if (filling && budget !== Infinity && !onScreen(group, i)) {
          if (budget > 0) {
            budget -= 1;
          } else {
            filling = false; // in the margin: a later frame's
            left += 1;
          }
        }
        if (!cell || (cell.placeholder && filling)) {
          if (filling) {
            cell = spare.pop() || makeCell();
            fill(cell, Data.at(position), position);
          } else {
            cell = placeholder(position);
          }
          place(cell, i);
        } else if (relaid) {
          place(cell, i);
        }
        if (!loaded) missing.push(position); // an empty frame a fling drew too
        keep.set(position, cell);
        cells.push(cell.li);
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
        Status.say("Part of this gallery could not be loaded (" + error.message + "). If you opened it from a zip file, extract the whole folder first.", "error");
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
      for (var i = range.from; i < range.to && needed.length <= 2; i++) {
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
    shown.forEach(paint);
  }

  // Shows a view: groups of { title, note, count, at(i) → position }.
  function show(view, keepScroll) {
    groups = view;
    sections.forEach(function (part) {
      if (part && part.section.parentNode) part.section.parentNode.removeChild(part.section);
    });
    sections = [];
    shown = new Map();
    metrics = null;
    lastTop = null;
    wasFast = false;
    settling = false;
    draw();
    if (!keepScroll) {
      var top = root.getBoundingClientRect().top + window.pageYOffset - 8;
      if (window.pageYOffset > top) window.scrollTo(0, Math.max(0, top));
    }
  }

  // Where a position's row is in the page now (its top, from the top of the document), or
  // null when the view does not hold it.
  function topOf(position) {
    if (!metrics) layout();
    for (var g = 0; g < groups.length; g++) {
      var group = groups[g];
      for (var i = 0; i < group.count; i++) {
        if (group.at(i) !== position) continue;
        var row = Math.floor(i / metrics.columns);
        return root.getBoundingClientRect().top + window.pageYOffset + group.top + (group.title ? metrics.header : 0) + row * (metrics.row + metrics.gap);
      }
    }
    return null;
  }

  // Scrolls so a position of the view is on screen (the viewer's current photo).
  function reveal(position) {
    for (var g = 0; g < groups.length; g++) {
      var group = groups[g];
      for (var i = 0; i < group.count; i++) {
        if (group.at(i) !== position) continue;
        if (!metrics) layout();
        var row = Math.floor(i / metrics.columns);
        var y = group.top + (group.title ? metrics.header : 0) + row * (metrics.row + metrics.gap);
        var box = root.getBoundingClientRect();
        var view = window.innerHeight;
        if (box.top + y < 0 || box.top + y + metrics.row > view) window.scrollTo(0, window.pageYOffset + box.top + y - view / 3);
        return;
      }
    }
  }

  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", function () {
    metrics = null;
    schedule();
  });
  // The fling's tile has the colours of the light or dark stylesheet: measured again.
  if (window.matchMedia) {
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () {
      metrics = null;
      schedule();
    });
  }
  Data.onChunk(schedule);

  // A box that cannot be picked does not tick: it says why, where the viewer is looking.
  main.addEventListener("click", function (event) {
    var box = event.target;
    if (!box || box.name !== "pick" || box.getAttribute("aria-disabled") !== "true") return;
    event.preventDefault();
    Status.refused();
  });
  main.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || box.name !== "pick" || !Data.photo(box.value)) return;
    if (box.checked) {
      if (!Picks.add(box.value)) {
        box.checked = false;
        Status.refused();
      }
    } else {
      Picks.remove(box.value);
    }
  });

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
    dateLabel: dateLabel,
    // The badges of what goes with a photo (issue 14): "RAW", "Live", "RAW · Live".
    kinds: kindsOf,
    positionOf: function (li) {
      var found = null;
      shown.forEach(function (cell, position) {
        if (cell.li === li) found = position;
      });
      return found;
    },
  };
})());
