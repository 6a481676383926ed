// picks: the ordered selection and the limit, the one place that changes it.
//
// A pick is a record holding what the tray and the order file need (id, name, path, size,
// thumbnail), so it can be shown and exported whether or not its photo's data is at hand.
// The page never drops a pick by itself: a pick of a photo that is no longer in the
// gallery, or beyond a limit that was lowered, stays in the list, marked, until the viewer
// removes it (see problems()); while any is there nothing new can be picked and nothing
// exported. Only the viewer's own actions (untick, remove, clear, import) take picks away.
var Picks = (Proofsheet.picks = (function () {
  var order = [];
  var listeners = [];
  // The limit the list was made under, when it came from storage or a file (null: this one).
  var madeUnder = null;
  var MAX_TEXT = 1000;
  // The client's note on the selection and their name (issue 13): kept with the picks.
  var about = { note: "", by: "" };

  function record(photo, note) {
    var kept = { id: photo.id, name: photo.name, path: photo.path, bytes: photo.bytes, thumb: photo.thumb.src, missing: false, pending: false, note: note || "" };
    if (photo.pathBytes) kept.pathBytes = photo.pathBytes;
    return kept;
  }
  function text(value) {
    return typeof value === "string" ? value.slice(0, MAX_TEXT) : "";
  }
  // A stored or imported entry is untrusted: only plain values are kept, and a thumbnail
  // only when it is one of the site's own files.
  function sanitize(entry) {
    if (typeof entry === "string") entry = { id: entry };
    if (!entry || typeof entry !== "object") return null;
    var id = text(entry.id);
    var path = text(entry.path);
    if (!id && !path) return null;
    var thumb = text(entry.thumb);
    if (!/^thumbs\/[^:?#\\]+$/.test(thumb) || thumb.indexOf("..") >= 0) thumb = "";
    var bytes = typeof entry.bytes === "number" && isFinite(entry.bytes) && entry.bytes >= 0 ? Math.floor(entry.bytes) : null;
    var name = text(entry.name) || path.split("/").pop() || t("order.unknownPhoto", { id: id });
    var kept = { id: id || "path:" + path, name: name, path: path, bytes: bytes, thumb: thumb, missing: false, note: Notes.clean(entry.note, Notes.MAX_NOTE) };
    // A path's exact bytes (base64) when it is not UTF-8; collect checks them.
    var exact = text(entry.pathBytes);
    if (/^[A-Za-z0-9+\/]+={0,2}$/.test(exact)) kept.pathBytes = exact;
    return kept;
  }
  // Brings a record up to date with the gallery: a photo found by id (or an id it had
  // before) gives its current name, path and thumbnail — from its chunk, or from the
  // search index while the chunk is not loaded; one not found is marked missing, but only
  // once the page can tell (the gallery's ids are known).
  function resolve(entry) {
    var byPath = entry.id.indexOf("path:") === 0;
    var photo = byPath ? Data.atPath(entry.path) : Data.lookup(entry.id);
    if (photo) return record(photo, entry.note);
    var at = byPath ? Data.findPath(entry.path) : Data.locate(entry.id);
    entry.pending = at === null;
    entry.missing = at === -1;
    if (at !== null && at >= 0) {
      var now = Data.describe(at);
      entry.id = now.id;
      entry.name = now.name;
      entry.path = now.path;
    }
    return entry;
  }
  // Entries (stored, imported, or another selection's) as records brought up to date with
  // the gallery, in their order, duplicates merged.
  function resolveAll(entries) {
    var seen = Object.create(null);
    var next = [];
    (Array.isArray(entries) ? entries : []).forEach(function (raw) {
      var entry = sanitize(raw);
      if (!entry) return;
      entry = resolve(entry);
      if (seen[entry.id]) return;
      seen[entry.id] = true;
      next.push(entry);
    });
    return next;
  }
  function indexOf(id) {
    for (var i = 0; i < order.length; i++) if (order[i].id === id) return i;
    return -1;
  }
  function isFull() {
    return Data.limit > 0 && order.length >= Data.limit;
  }
  function changed(reason) {
    var ids = order.map(function (entry) {
      return entry.id;
    });
    listeners.forEach(function (listener) {
      listener(ids, reason);
    });
  }
  function missing() {
    return order.filter(function (entry) {
      return entry.missing;
    });
  }
  return {
    list: function () {
      return order.map(function (entry) {
        return entry.id;
      });
    },
    records: function () {
      return order.map(function (entry) {
        var copy = {};
        for (var key in entry) copy[key] = entry[key];
        return copy;
      });
    },
    get: function (id) {
      var at = indexOf(id);
      return at < 0 ? null : order[at];
    },
    count: function () {
      return order.length;
    },
    position: indexOf,
    has: function (id) {
      return indexOf(id) >= 0;
    },
    isFull: isFull,
    // Whether a new pick would be taken: below the limit, or replacing the one pick of a
    // limit of 1; never while picks are over the limit or missing.
    canAdd: function () {
      if (!isFull()) return true;
      return Data.limit === 1 && order.length === 1 && !order[0].missing;
    },
    // Whether some pick's photo is not known yet (its chunk and the index not loaded).
    pending: function () {
      return order.some(function (entry) {
        return entry.pending;
      });
    },
    // Whether some pick still lacks what the tray shows (not known yet, or no thumbnail:
    // imported from a file, or its thumbnail was remade): its chunk will tell.
    incomplete: function () {
      return order.some(function (entry) {
        return entry.pending || (!entry.thumb && !entry.missing);
      });
    },
    // A thumbnail that no longer loads (the images were remade): forget it, so the
    // photo's chunk gives the new one.
    forgetThumb: function (id) {
      var at = indexOf(id);
      if (at < 0 || !order[at].thumb) return;
      order[at].thumb = "";
      changed("refresh");
    },
    onChange: function (listener) {
      listeners.push(listener);
    },
    // What stands between the selection and an export: picks past the limit, and picks of
    // photos that are not in this gallery.
    problems: function () {
      return { over: Data.limit > 0 ? Math.max(0, order.length - Data.limit) : 0, missing: missing() };
    },
    ok: function () {
      var problems = this.problems();
      return problems.over === 0 && problems.missing.length === 0;
    },
    // Appends a photo. With limit 1 it replaces the one pick; otherwise a full selection
    // refuses it. Returns whether the photo is now picked.
    add: function (id) {
      var photo = Data.photo(id);
      if (!photo) return false;
      if (indexOf(id) >= 0) return true;
      if (!this.canAdd()) return false;
      if (isFull()) order = []; // limit 1: the new pick replaces the old one
      order.push(record(photo, ""));
      changed("add");
      return true;
    },
    remove: function (id) {
      var at = indexOf(id);
      if (at < 0) return;
      order.splice(at, 1);
      changed("remove");
    },
    toggle: function (id) {
      if (indexOf(id) >= 0) {
        this.remove(id);
        return false;
      }
      return this.add(id);
    },
    moveTo: function (id, index) {
      var at = indexOf(id);
      if (at < 0) return;
      index = Math.max(0, Math.min(order.length - 1, index));
      if (index === at) return;
      var entry = order.splice(at, 1)[0];
      order.splice(index, 0, entry);
      changed("move");
    },
    clear: function () {
      if (!order.length) return;
      order = [];
      changed("clear");
    },
    // The note on one pick (untrusted text, capped); it travels with the pick.
    setNote: function (id, note) {
      var at = indexOf(id);
      if (at < 0) return;
      var clean = Notes.clean(note, Notes.MAX_NOTE);
      if (order[at].note === clean) return;
      order[at].note = clean;
      changed("note");
    },
    // The note on the whole selection and the client's name: { note, by }.
    about: function () {
      return { note: about.note, by: about.by };
    },
    setAbout: function (fields) {
      var next = {
        note: fields.note === undefined ? about.note : Notes.clean(fields.note, Notes.MAX_NOTE),
        by: fields.by === undefined ? about.by : Notes.clean(fields.by, Notes.MAX_BY, true),
      };
      if (next.note === about.note && next.by === about.by) return;
      about = next;
      changed("note");
    },
    // Replaces the selection with these entries (records, or bare ids from older pages),
    // each brought up to date with the gallery; duplicates are merged, nothing else is
    // dropped. `limit` is the one they were made under, if known; `notes` ({ note, by }),
    // when given, replaces the selection's note and name. Returns the problems.
    replace: function (entries, reason, limit, notes) {
      if (limit !== undefined) madeUnder = typeof limit === "number" ? limit : null;
      if (notes) about = { note: Notes.clean(notes.note, Notes.MAX_NOTE), by: Notes.clean(notes.by, Notes.MAX_BY, true) };
      order = resolveAll(entries);
      changed(reason || "replace");
      return this.problems();
    },
    // Another selection's entries as records, checked as replace() checks them.
    resolved: resolveAll,
    // The limit the picks were made under while some are over this one, else this one.
    madeUnder: function () {
      return madeUnder !== null && Data.limit > 0 && order.length > Data.limit ? madeUnder : Data.limit;
    },
    // The gallery's data changed (more of it is known): update every record.
    refresh: function () {
      this.replace(order, "refresh");
    },
  };
})());
