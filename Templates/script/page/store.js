// store: localStorage keyed by gallery id, optional.
//
// Version 2 keeps each pick's record (name, path, size, thumbnail), so picks show and
// export even when their photo has left the gallery or its data is not loaded, and the
// limit they were made under, so the page can tell a lowered limit; a pick's `note` and
// the selection's `note` and `by` when there are any. Version 1 (bare ids, from older
// pages) is still read.
var Store = (Proofsheet.store = (function () {
  var key = "proofsheet:" + Data.gallery + ":picks";
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
      if (saved && Array.isArray(saved.picks)) {
        var limit = typeof saved.limit === "number" && saved.limit >= 0 ? Math.floor(saved.limit) : null;
        return { picks: saved.picks, limit: limit, notes: { note: saved.note, by: saved.by } };
      }
    } catch (error) {
      // A damaged entry is ignored; the next pick overwrites it.
    }
    return null;
  }
  return {
    available: function () {
      return storage !== null;
    },
    key: key,
    parse: parse,
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
        if (!records.length && !about.note && !about.by) {
          storage.removeItem(key);
          return;
        }
        var picks = records.map(function (r) {
          var entry = { id: r.id, name: r.name, path: r.path, bytes: r.bytes, thumb: r.thumb };
          if (r.pathBytes) entry.pathBytes = r.pathBytes;
          if (r.note) entry.note = r.note;
          return entry;
        });
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
