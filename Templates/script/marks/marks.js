// marks: the client's marks on any photo, picked or not (issue 31) — ★1–5, Lightroom's
// five colour labels and reject — kept by photo id, saved in the browser beside the
// picks (their own entry, so a page without marks stores what it always did), exported
// as the order file's `marks` and read back from it. Lightroom's keys on the photo that
// has focus (its cell in the grid, or the viewer's photo): 1–5 stars, 0 no stars, 6–9
// red, yellow, green, blue (the same key again clears it), X reject. Uses Data, Viewer.

var Marks = (Proofsheet.marks = (function () {
  var LABELS = ["red", "yellow", "green", "blue", "purple"];
  var KEY_LABELS = { 6: "red", 7: "yellow", 8: "green", 9: "blue" };
  var key = "proofsheet:" + Data.gallery + ":marks";
  var marks = Object.create(null); // id → { id, path, name, pathBytes?, rating, label, rejected }
  var listeners = [];

  function marked(mark) {
    return mark.rating > 0 || !!mark.label || mark.rejected;
  }
  // A stored or imported entry is untrusted: plain values only, in range.
  function sanitize(entry) {
    if (!entry || typeof entry !== "object") return null;
    var id = typeof entry.id === "string" ? entry.id.slice(0, 200) : "";
    var path = typeof entry.path === "string" ? entry.path.slice(0, 4096) : "";
    if (!id && !path) return null;
    var rating = typeof entry.rating === "number" && entry.rating >= 0 && entry.rating <= 5 ? Math.floor(entry.rating) : 0;
    var mark = { id: id, path: path, name: typeof entry.name === "string" ? entry.name.slice(0, 1000) : "", rating: rating, label: LABELS.indexOf(entry.label) >= 0 ? entry.label : "", rejected: entry.rejected === true };
    if (typeof entry.pathBytes === "string" && /^[A-Za-z0-9+\/]+={0,2}$/.test(entry.pathBytes)) mark.pathBytes = entry.pathBytes;
    return marked(mark) ? mark : null;
  }
  // Brought up to date with the gallery: by id (or a former one), else by path.
  function resolve(mark) {
    var at = mark.id ? Data.locate(mark.id) : null;
    if (!(at !== null && at >= 0) && mark.path) at = Data.findPath(mark.path);
    if (at !== null && at >= 0) {
      var now = Data.describe(at);
      if (now) {
        mark.id = now.id;
        mark.name = now.name;
        mark.path = now.path;
      }
    }
    if (!mark.id) mark.id = "path:" + mark.path;
    return mark;
  }
  function load(text) {
    var next = Object.create(null);
    try {
      var saved = JSON.parse(text || "null");
      if (saved && Array.isArray(saved.marks)) {
        saved.marks.forEach(function (entry) {
          var mark = sanitize(entry);
          if (mark) next[mark.id || "path:" + mark.path] = mark;
        });
      }
    } catch (error) {
      // A damaged entry is ignored; the next mark overwrites it.
    }
    return next;
  }
  var storage = Store.available() ? window.localStorage : null;
  function save() {
    if (!storage) return;
    try {
      var list = records();
      if (list.length) storage.setItem(key, JSON.stringify({ version: 1, marks: list }));
      else storage.removeItem(key);
    } catch (error) {
      // Quota or a revoked permission: the marks are still exportable.
    }
  }
  function changed(id) {
    listeners.forEach(function (listener) {
      listener(id);
    });
  }
  // The marks as the order file writes them, in the gallery's order where it is known.
  function records() {
    return Object.keys(marks)
      .map(function (id) {
        return marks[id];
      })
      .sort(function (a, b) {
        return (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.id < b.id ? -1 : 1);
      })
      .map(function (mark) {
        var entry = { id: mark.id, path: mark.path, name: mark.name };
        if (mark.pathBytes) entry.pathBytes = mark.pathBytes;
        entry.rating = mark.rating;
        if (mark.label) entry.label = mark.label;
        if (mark.rejected) entry.rejected = true;
        return entry;
      });
  }
  // Changes one photo's marks: `change` holds rating, label and/or rejected.
  function set(id, change) {
    var photo = Data.photo(id);
    var mark = marks[id] || (photo ? { id: id, path: photo.path, name: photo.name, rating: 0, label: "", rejected: false } : null);
    if (!mark) return;
    if (photo && photo.pathBytes) mark.pathBytes = photo.pathBytes;
    if (change.rating !== undefined) mark.rating = change.rating;
    if (change.label !== undefined) mark.label = change.label;
    if (change.rejected !== undefined) mark.rejected = change.rejected;
    if (marked(mark)) marks[id] = mark;
    else delete marks[id];
    save();
    changed(id);
  }
  function get(id) {
    return marks[id] || null;
  }
  // "4 stars, red label, rejected"; "" for none.
  function describe(mark) {
    if (!mark) return "";
    var parts = [];
    if (mark.rating) parts.push(t("marks.stars", { n: mark.rating }));
    if (mark.label) parts.push(t("marks.label." + mark.label));
    if (mark.rejected) parts.push(t("marks.rejected"));
    return parts.join(", ");
  }

  // Lightroom's keys, on the photo that has focus (in the grid, the viewer, or a pick's row
  // in the review sheet); never while typing in a field.
  function typing(target) {
    if (!target || !target.tagName) return false;
    if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
    return target.tagName === "INPUT" && !/^(checkbox|radio|button|submit|reset|range|color|file|image)$/.test(target.type);
  }
  function focusedPhoto(target) {
    // A pick's row in the review sheet: any of its controls but the note's field.
    var row = target.closest ? target.closest("#review-sheet .review-item") : null;
    if (row) return row.getAttribute("data-id");
    if (Viewer.isOpen()) return target.closest && target.closest("dialog") ? Viewer.current() : null;
    var li = target.closest ? target.closest("#grid li.photo") : null;
    return li && li.id.indexOf("p-") === 0 ? li.id.slice(2) : null;
  }
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    var k = event.key;
    if (!/^[0-9xX]$/.test(k)) return;
    var id = focusedPhoto(event.target);
    if (!id || !Data.photo(id)) return;
    var mark = get(id) || { rating: 0, label: "", rejected: false };
    event.preventDefault();
    if (k === "x" || k === "X") set(id, { rejected: !mark.rejected });
    else if (+k <= 5) set(id, { rating: +k });
    else set(id, { label: mark.label === KEY_LABELS[k] ? "" : KEY_LABELS[k] });
  });

  marks = load(storage ? storage.getItem(key) : null);
  // Another tab of the same gallery marked a photo: follow it.
  window.addEventListener("storage", function (event) {
    if (event.key !== key) return;
    marks = load(event.newValue);
    changed(null);
  });

  return {
    LABELS: LABELS,
    key: key,
    get: get,
    set: set,
    describe: describe,
    records: records,
    count: function () {
      return Object.keys(marks).length;
    },
    ids: function () {
      return Object.keys(marks);
    },
    onChange: function (listener) {
      listeners.push(listener);
    },
    // The file's marks replace these (an import), each found in the gallery by id or path.
    replace: function (entries) {
      var next = Object.create(null);
      (Array.isArray(entries) ? entries : []).forEach(function (entry) {
        var mark = sanitize(entry);
        if (mark) {
          mark = resolve(mark);
          next[mark.id] = mark;
        }
      });
      marks = next;
      save();
      changed(null);
    },
  };
})());
