// browse: what the grid shows — the album filter, search (names, albums, dates, cameras),
// sort (within albums, or the whole gallery by date) and "Picked only". The gallery's own
// order needs no data beyond the album index; searching and the other sorts use the
// search index, loaded the first time one of them is asked for (or a pointer or the focus
// reaches the search field), so the first paint never waits for it.

var Browse = (Proofsheet.browse = (function () {
  var albumFilter = $("album-filter");
  var search = $("search");
  var sort = $("sort");
  var pickedOnly = $("picked-only");
  var shown = $("shown");
  var noResults = $("no-results");
  var groups = [];
  var starts = []; // flat index of each group's first item
  var count = 0;
  var folded = null; // the index's names, folded for matching, joined as the index holds them
  var nameHits = Object.create(null); // by text: which positions' folded names hold it
  var sortKeys = Object.create(null);
  var days = Object.create(null);
  var MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
  var WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

  sort.value = Data.sort;

  function fold(text) {
    var lower = String(text).toLowerCase();
    // eslint-disable-next-line no-control-regex
    if (!/[^\u0000-\u007f]/.test(lower) || !lower.normalize) return lower;
    return lower.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  // A name as a sort key: folded, with each run of digits padded so IMG_2 < IMG_10.
  function nameKey(name) {
    return fold(name).replace(/\d+/g, function (digits) {
      return digits.length >= 12 ? digits : "000000000000".slice(digits.length) + digits;
    });
  }
  // The page's language's month and weekday names too, when it is not English: juni, montag.
  var localNames = null;
  if (LANG !== "en" && window.Intl && Intl.DateTimeFormat) {
    var monthNames = new Intl.DateTimeFormat(LANG, { month: "long", timeZone: "UTC" });
    var shortMonths = new Intl.DateTimeFormat(LANG, { month: "short", timeZone: "UTC" });
    var weekdayNames = new Intl.DateTimeFormat(LANG, { weekday: "long", timeZone: "UTC" });
    localNames = function (d) {
      return fold(monthNames.format(d) + " " + shortMonths.format(d) + " " + weekdayNames.format(d));
    };
  }
  // Everything a date can be searched by: 2026-06-01, 1 jun 2026, june, monday.
  function dayText(seconds) {
    if (seconds < 0) return "";
    var day = Math.floor(seconds / 86400);
    if (days[day] === undefined) {
      var d = new Date(day * 86400000);
      var month = MONTHS[d.getUTCMonth()];
      var iso = d.toISOString().slice(0, 10);
      days[day] = iso + " " + d.getUTCDate() + " " + month.slice(0, 3) + " " + month + " " + d.getUTCFullYear() + " " + WEEKDAYS[d.getUTCDay()];
      if (localNames) days[day] += " " + localNames(d);
    }
    return days[day];
  }
  function needsIndex(how, query) {
    if (query) return true;
    if (how === "all-date" || how === "all-date-desc") return true;
    if (how === "name") return Data.sort !== "name";
    return Data.sort !== "date";
  }

  // The positions of one album in the chosen order, or null for the gallery's own order.
  function albumOrder(album, how) {
    if (how === Data.sort) return null;
    var items = new Array(album.count);
    for (var i = 0; i < album.count; i++) items[i] = album.start + i;
    if (how === "date-desc" && Data.sort === "date") return items.reverse();
    var index = Data.index();
    var keys = how === "name" ? nameKeys(index) : index.dates;
    var desc = how === "date-desc";
    items.sort(function (a, b) {
      var c = keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0;
      return (desc ? -c : c) || a - b;
    });
    return items;
  }
  // Each position's rank by name key (equal keys, equal ranks): numbers, not 100,000 keys
  // kept as strings.
  function nameKeys(index) {
    if (sortKeys.name) return sortKeys.name;
    var keys = new Array(index.count);
    var order = new Array(index.count);
    for (var i = 0; i < index.count; i++) {
      keys[i] = nameKey(index.name(i));
      order[i] = i;
    }
    order.sort(function (a, b) {
      return keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0;
    });
    var rank = new Int32Array(index.count);
    for (var r = 1; r < order.length; r++) rank[order[r]] = keys[order[r]] === keys[order[r - 1]] ? rank[order[r - 1]] : r;
    sortKeys.name = rank;
    return rank;
  }
  // Which positions' names hold `text` (folded): one pass over the names' joined text. A
  // name never holds "/", so a text with one is in no name (and never matches across two).
  function namesHolding(index, text) {
    if (nameHits[text]) return nameHits[text];
    if (!folded) folded = Data.split(fold(index.names.text), index.count);
    var hits = new Uint8Array(index.count);
    if (folded && text.indexOf("/") < 0) {
      var position = 0;
      for (var at = folded.text.indexOf(text); at >= 0; at = folded.text.indexOf(text, folded.starts[position + 1])) {
        while (folded.starts[position + 1] <= at) position += 1;
        hits[position] = 1;
      }
    }
    nameHits[text] = hits;
    return hits;
  }
  // A predicate for a query, or null when there is none. A photo matches when the whole
  // query is in its name, album, camera or date ("album 3", "canon eos"); when nothing in
  // the gallery matches so, when each word is in one of them ("christmas 2008"). The
  // predicate's all(album) tells that every photo of an album matches (its name holds the
  // query): the album is shown whole, its photos not looked at one by one.
  function matcher(query) {
    var phrase = fold(query).replace(/\s+/g, " ").trim();
    if (!phrase) return null;
    var index = Data.index();
    var albumText = Data.albums.map(function (album) {
      return fold(album.name + " / " + album.path);
    });
    var cameraText = [""].concat(index.cameras.map(fold));
    nameHits = Object.create(null); // a query's texts only
    // Where a text is found: each album's, camera's and day's text is searched once, and
    // a photo's are then looked up (100,000 photos have 50 albums and a few hundred days).
    function finder(text) {
      var names = namesHolding(index, text);
      var inAlbum = albumText.map(function (album) {
        return album.indexOf(text) >= 0;
      });
      var inCamera = cameraText.map(function (camera) {
        return camera.indexOf(text) >= 0;
      });
      var inDay = Object.create(null);
      return {
        album: inAlbum,
        has: function (position, album) {
          if (names[position] === 1 || inAlbum[album.index] || inCamera[index.camera[position]]) return true;
          var seconds = index.dates[position];
          var day = seconds < 0 ? -1 : Math.floor(seconds / 86400);
          if (inDay[day] === undefined) inDay[day] = dayText(seconds).indexOf(text) >= 0;
          return inDay[day];
        },
      };
    }
    var whole = finder(phrase);
    var matchWhole = function (position, album) {
      return whole.has(position, album);
    };
    matchWhole.all = function (album) {
      return whole.album[album.index];
    };
    var tokens = phrase.split(" ");
    if (tokens.length === 1) return matchWhole;
    for (var a = 0; a < Data.albums.length; a++) {
      var album = Data.albums[a];
      if (whole.album[a]) return matchWhole;
      for (var i = 0; i < album.count; i++) if (whole.has(album.start + i, album)) return matchWhole;
    }
    var each = tokens.map(finder);
    var matchEach = function (position, album) {
      for (var t = 0; t < each.length; t++) if (!each[t].has(position, album)) return false;
      return true;
    };
    matchEach.all = function (album) {
      return each.every(function (found) {
        return found.album[album.index];
      });
    };
    return matchEach;
  }
  function group(title, note, items, album) {
    var g = { title: title, note: note, album: album };
    if (Array.isArray(items)) {
      g.count = items.length;
      g.at = function (i) {
        return items[i];
      };
    } else {
      g.count = album.count;
      g.at = function (i) {
        return album.start + i;
      };
    }
    return g;
  }
  function photos(n) {
    return t("count.photos", { n: n });
  }

  function build() {
    var album = albumFilter.value;
    var query = search.value.trim();
    var how = sort.value;
    var albums = Data.albums.filter(function (a) {
      return album === "*" || a.path === album;
    });
    var match = query ? matcher(query) : null;
    var view = [];
    if (pickedOnly.checked) {
      var picked = [];
      Picks.list().forEach(function (id) {
        var at = Data.locate(id);
        if (at === null || at < 0) return;
        var a = Data.albumAt(at);
        if ((album === "*" || a.path === album) && (!match || match(at, a)) && MarkBar.keeps(id)) picked.push(at);
      });
      view.push(group(t("browse.yourPicks"), t("browse.inOrder"), picked, null));
    } else if (MarkBar.filtering()) {
      var marked = MarkBar.positions(function (at) {
        var a = Data.albumAt(at);
        return (album === "*" || a.path === album) && (!match || match(at, a));
      });
      view.push(group(t("marks.group"), t("marks.groupNote"), marked, null));
    } else if (how === "all-date" || how === "all-date-desc") {
      var all = [];
      albums.forEach(function (a) {
        for (var i = 0; i < a.count; i++) if (!match || match(a.start + i, a)) all.push(a.start + i);
      });
      var dates = Data.index().dates;
      var desc = how === "all-date-desc";
      all.sort(function (a, b) {
        var c = dates[a] - dates[b];
        return (desc ? -c : c) || a - b;
      });
      view.push(group(t(desc ? "browse.allNewest" : "browse.allOldest"), "", all, null));
    } else {
      albums.forEach(function (a) {
        var items = albumOrder(a, how);
        if (match && !match.all(a)) {
          var source = items;
          items = [];
          for (var i = 0; i < a.count; i++) {
            var position = source ? source[i] : a.start + i;
            if (match(position, a)) items.push(position);
          }
          if (!items.length) return;
          if (!source && items.length === a.count) items = null; // all of it, in its order
        }
        var n = items ? items.length : a.count;
        view.push(group(a.name, n === a.count ? photos(a.count) : t("browse.someOf", { n: n, photos: photos(a.count) }), items, a));
      });
    }
    return view;
  }

  // The chunks of a view's first photos (a screen and more), asked for as soon as the view
  // is known: they load while it is laid out and drawn, and its first screen is filled in
  // the frame they come, not one chunk's loading after its empty frames were drawn.
  var FIRST = 60;
  function loadFirst(view) {
    var asked = [];
    for (var g = 0, n = 0; g < view.length && n < FIRST; g++) {
      for (var i = 0; i < view[g].count && n < FIRST; i++, n++) {
        var chunk = Data.chunkAt(view[g].at(i));
        if (asked.indexOf(chunk) < 0) asked.push(chunk);
      }
    }
    asked.forEach(function (chunk) {
      Data.ensure(chunk.start).catch(function () {}); // what is drawn reports a failure
    });
  }

  // While the index loads: the first chunk of each album whose name holds the query, the
  // likely result of a query that names an album.
  function loadAlbumsNamed(query) {
    var text = fold(query).replace(/\s+/g, " ");
    if (!text) return;
    Data.albums.forEach(function (album) {
      if (album.count && fold(album.name + " / " + album.path).indexOf(text) >= 0) Data.ensure(album.start).catch(function () {});
    });
  }

  var waitingForIndex = false;
  function apply(keepScroll) {
    var query = search.value.trim();
    if ((needsIndex(sort.value, query) || (pickedOnly.checked && Picks.pending()) || (MarkBar.filtering() && !Data.complete())) && !Data.index()) {
      shown.textContent = t("browse.loadingIndex");
      loadAlbumsNamed(query);
      if (waitingForIndex) return; // the search then is of what the field holds by then
      waitingForIndex = true;
      Data.loadIndex().then(function () {
        waitingForIndex = false;
        apply(keepScroll);
      }, function (error) {
        waitingForIndex = false;
        shown.textContent = "";
        Status.say(t("browse.noIndex", { error: error.message }), "error");
      });
      return;
    }
    groups = build();
    if (!keepScroll) loadFirst(groups);
    starts = [];
    count = 0;
    groups.forEach(function (g) {
      starts.push(count);
      count += g.count;
    });
    Grid.show(groups, keepScroll === true);
    var total = Data.total;
    shown.textContent = count === total && !pickedOnly.checked && !MarkBar.filtering() ? "" : t("browse.showing", { n: count, photos: photos(total) });
    noResults.hidden = count > 0;
    noResults.textContent = t(pickedOnly.checked && !Picks.count() ? "grid.nothingPicked" : "grid.noResults");
  }

  // Each key searches at once, with no pause for the next: its result is drawn in the
  // frames after it (a search of 100,000 photos takes a few ms, an album's whole, less).
  // Keys that come while a search runs are taken together: the next search is of what the
  // field holds by then (input comes before timers), not one search a key behind.
  var pending = null;
  search.addEventListener("input", function () {
    if (pending) return;
    pending = setTimeout(function () {
      pending = null;
      apply();
    }, 0);
  });
  search.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      if (pending) clearTimeout(pending);
      pending = null;
      apply();
    }
  });
  // Whoever reaches for the search field is about to need the index: a pointer over it (a
  // few hundred ms before its click), its focus, the phone's search button pressed. (Not
  // sooner: at 100,000 photos the index is 4.6 MB, for a visitor who may never search.)
  function preload() {
    if (!Data.index() && !Data.complete()) Data.loadIndex().catch(function () {});
  }
  search.addEventListener("pointerenter", preload);
  search.addEventListener("focus", preload);
  $("find-toggle").addEventListener("pointerdown", preload);
  albumFilter.addEventListener("change", apply);
  sort.addEventListener("change", apply);
  pickedOnly.addEventListener("change", apply);
  Picks.onChange(function (ids, reason) {
    if (pickedOnly.checked && reason !== "add") apply();
  });

  return {
    apply: apply,
    // The shown photos as one list, for the viewer: how many, the n-th, and where one is.
    count: function () {
      return count;
    },
    item: function (n) {
      for (var g = groups.length - 1; g >= 0; g--) if (starts[g] <= n) return groups[g].at(n - starts[g]);
      return null;
    },
    indexOf: function (position) {
      for (var g = 0; g < groups.length; g++) {
        for (var i = 0; i < groups[g].count; i++) if (groups[g].at(i) === position) return starts[g] + i;
      }
      return -1;
    },
  };
})());
