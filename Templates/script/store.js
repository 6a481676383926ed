// store: localStorage keyed by gallery id, optional

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
  return {
    available: function () {
      return storage !== null;
    },
    key: key,
    load: function () {
      if (!storage) return [];
      try {
        var saved = JSON.parse(storage.getItem(key) || "null");
        if (saved && Array.isArray(saved.picks)) return saved.picks;
      } catch (error) {
        // A damaged entry is ignored; the next pick overwrites it.
      }
      return [];
    },
    save: function (ids) {
      if (!storage) return;
      try {
        if (ids.length) storage.setItem(key, JSON.stringify({ version: 1, picks: ids }));
        else storage.removeItem(key);
      } catch (error) {
        // Quota or a revoked permission: the page goes on; the picks are still exportable.
      }
    },
  };
})());
