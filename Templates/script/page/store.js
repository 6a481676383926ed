// store: localStorage keyed by gallery id, optional.
//
// Version 2 keeps each pick's record (name, path, size, thumbnail), so picks show and
// export even when their photo has left the gallery or its data is not loaded, and the
// limit they were made under, so the page can tell a lowered limit; a pick's `note` and
// the selection's `note` and `by` when there are any. Version 1 (bare ids, from older
// pages) is still read. With named selections (build --selection) the entry is another,
// its shape Selections' (stored(), adopt()): every selection's picks, and which is shown.
var Store = (Proofsheet.store = (function () {
  var named = Data.selections.length > 0;
  var key = "proofsheet:" + Data.gallery + (named ? ":selections" : ":picks");
  var storage = null;
  try {
    storage = window.localStorage;
    var probe = "proofsheet:probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
  } catch (error) {
    storage = null;
  }
  // What an entry holds, whichever version wrote it: { picks, limit } (limit null if unknown).
  function parse(text) {
    try {
      var saved = JSON.parse(text || "null");
      if (named) return saved && Array.isArray(saved.selections) ? Selections.adopt(saved) : null;
      if (saved && Array.isArray(saved.picks)) {
        var limit = typeof saved.limit === "number" && saved.limit >= 0 ? Math.floor(saved.limit) : null;
        return { picks: saved.picks, limit: limit, notes: { note: saved.note, by: saved.by } };
      }
    } catch (error) {
      // A damaged entry is ignored; the next pick overwrites it.
    }
    return null;
  }
  // A pick as it is kept: what the tray and the order file need, nothing of the page's state.
  function entry(r) {
    var kept = { id: r.id, name: r.name, path: r.path, bytes: r.bytes, thumb: r.thumb };
    if (r.pathBytes) kept.pathBytes = r.pathBytes;
    if (r.note) kept.note = r.note;
    return kept;
  }
  return {
    available: function () {
      return storage !== null;
    },
    key: key,
    parse: parse,
    entry: entry,
    load: function () {
      if (!storage) return null;
      try {
        return parse(storage.getItem(key));
      } catch (error) {
        return null;
      }
    },
    save: function (records) {
      if (!storage) return;
      try {
        var about = Picks.about();
        var all = named ? Selections.stored(records) : null;
        if (named ? !all : !records.length && !about.note && !about.by) {
          storage.removeItem(key);
          return;
        }
        if (named) {
          storage.setItem(key, JSON.stringify(all));
          return;
        }
        var picks = records.map(entry);
        var saved = { version: 2, limit: Picks.madeUnder(), picks: picks };
        if (about.note) saved.note = about.note;
        if (about.by) saved.by = about.by;
        storage.setItem(key, JSON.stringify(saved));
      } catch (error) {
        // Quota or a revoked permission: the page goes on; the picks are still exportable.
      }
    },
  };
})());
