// selections: the gallery's named selections (build --selection NAME:MIN-MAX, issue 31) —
// "Album" 20–30, "Parents" 10–15, "Cover" 1 — each with its own picks in its own order,
// its own limit and minimum. Picks holds the one shown; the others wait here as records
// and come back whole when the client switches. Data.limit and Data.minimum become the
// shown selection's, so all that reads them (the limit, the status, the bar, the refusals)
// speaks of it. Kept in the browser under their own key, beside the single selection's
// entry, which a gallery without named selections keeps as it always did. A photo may be
// in several. Without named selections nothing here acts: `active` is false.
// Uses Data, Picks, Store, Status.

var Selections = (Proofsheet.selections = (function () {
  var list = Data.selections;
  var active = list.length > 0;
  var current = 0;
  var held = Object.create(null); // name → { picks: [entries], limit: made under, or null }
  var foreign = []; // stored selections this gallery no longer names: kept as they were
  var restored = false;

  function apply(index) {
    current = index;
    Data.limit = list[index].limit;
    Data.minimum = list[index].min;
  }
  if (active) apply(0);

  function indexOf(name, anyCase) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].name === name || (anyCase && list[i].name.toLowerCase() === String(name).toLowerCase())) return i;
    }
    return -1;
  }
  function heldOf(index) {
    return held[list[index].name] || { picks: [], limit: null };
  }
  // The shown selection's picks put away, before a switch, a save or an export.
  function stash(records) {
    held[list[current].name] = { picks: records || Picks.records(), limit: Picks.madeUnder() };
  }
  function count(index) {
    return index === current ? Picks.count() : heldOf(index).picks.length;
  }

  // Shows another selection: its picks, its limit and minimum.
  function use(index) {
    if (!active || index === current || !list[index]) return;
    stash();
    apply(index);
    var next = heldOf(index);
    Picks.replace(next.picks, "switch", next.limit);
  }

  // What Store keeps: every selection's picks and which one is shown (null: nothing at all).
  function stored(records) {
    stash(records);
    var about = Picks.about();
    var selections = list.map(function (selection, index) {
      var mine = heldOf(index);
      return { name: selection.name, limit: mine.limit, picks: mine.picks.map(Store.entry) };
    }).concat(foreign);
    var any = selections.some(function (selection) {
      return selection.picks.length > 0;
    });
    if (!any && !about.note && !about.by) return null;
    var saved = { version: 1, current: list[current].name, selections: selections };
    if (about.note) saved.note = about.note;
    if (about.by) saved.by = about.by;
    return saved;
  }
  // Takes what Store read (this page's earlier visit, or another tab); returns the shown
  // selection's part as Store.parse gives it: { picks, limit, notes }. The shown selection
  // is the stored one only on the page's first restore: another tab does not switch this one.
  function adopt(saved) {
    held = Object.create(null);
    foreign = [];
    saved.selections.forEach(function (entry) {
      if (!entry || typeof entry.name !== "string" || !Array.isArray(entry.picks)) return;
      var index = indexOf(entry.name);
      var limit = typeof entry.limit === "number" && entry.limit >= 0 ? Math.floor(entry.limit) : null;
      if (index < 0) foreign.push({ name: entry.name, limit: limit, picks: entry.picks });
      else held[entry.name] = { picks: entry.picks, limit: limit };
    });
    if (!restored && document.documentElement.getAttribute("data-ready") !== "true") {
      var shown = indexOf(saved.current);
      if (shown >= 0) apply(shown);
    }
    restored = true;
    var mine = heldOf(current);
    return { picks: mine.picks, limit: mine.limit, notes: { note: saved.note, by: saved.by } };
  }

  // Every selection with its picks as records checked against the gallery, for an export.
  function all() {
    stash();
    return list.map(function (selection, index) {
      var picks = index === current ? Picks.records() : Picks.resolved(heldOf(index).picks);
      return { name: selection.name, min: selection.min, limit: selection.limit, picks: picks };
    });
  }
  // What stands between the selections and an export, one sentence a problem, each
  // naming its selection: "Album: 2 picks are over the limit of 30 — remove two."
  function problemText() {
    var parts = [];
    all().forEach(function (selection) {
      var over = selection.limit ? selection.picks.length - selection.limit : 0;
      var gone = selection.picks.filter(function (pick) {
        return pick.missing;
      });
      var text = "";
      if (over > 0) text = t("problem.over", { n: over, limit: selection.limit, count: Status.words(over) });
      if (gone.length === 1) text += (text ? " " : "") + t("problem.gone", { name: gone[0].name });
      else if (gone.length > 1) text += (text ? " " : "") + t("problem.goneMany", { n: gone.length, names: Status.names(gone) });
      if (text) parts.push(t("selections.named", { name: selection.name, text: text }));
    });
    return parts.join(" ");
  }
  // The first selection below its minimum, as { name, min, n }, or null.
  function short() {
    for (var i = 0; i < list.length; i++) {
      if (list[i].min && count(i) < list[i].min) return { name: list[i].name, min: list[i].min, n: count(i) };
    }
    return null;
  }
  // Replaces the named selections the file holds (matched by name in any case) with its
  // picks; those it does not hold keep theirs. Returns the file's names not in this gallery.
  function load(selections, notes) {
    stash();
    var unmatched = [];
    selections.forEach(function (selection) {
      var index = indexOf(selection.name, true);
      if (index < 0) unmatched.push(selection.name);
      else held[list[index].name] = { picks: selection.entries, limit: selection.limit };
    });
    var mine = heldOf(current);
    Picks.replace(mine.picks, "import", mine.limit, notes || undefined);
    return unmatched;
  }

  // Every selection emptied: the others' picks dropped, then the shown one's cleared.
  function clearAll() {
    list.forEach(function (selection) {
      held[selection.name] = { picks: [], limit: null };
    });
    if (Picks.count()) Picks.clear();
    else Picks.replace([], "clear");
  }

  return {
    active: active,
    clearAll: clearAll,
    list: list,
    current: function () {
      return current;
    },
    count: count,
    // How many picks in all (the one selection's without named selections).
    total: function () {
      var n = 0;
      for (var i = 0; i < list.length; i++) n += count(i);
      return active ? n : Picks.count();
    },
    // "ready" (its minimum met, something picked), "over" (past its limit), or "".
    state: function (index) {
      var n = count(index);
      var selection = list[index];
      if (selection.limit && n > selection.limit) return "over";
      return n > 0 && n >= selection.min ? "ready" : "";
    },
    use: use,
    stored: stored,
    adopt: adopt,
    all: all,
    problemText: problemText,
    short: short,
    load: load,
  };
})());
