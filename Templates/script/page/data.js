// data: the gallery as the page knows it. index.html carries the settings and the album
// index; the photos come in chunk files (plain scripts that call Proofsheet.chunk), loaded
// as they come near the screen; the search index (Proofsheet.search) is loaded on first
// use. `<script src>` works from file://, where fetch does not. A photo is known once its
// chunk is loaded; its position and id once the chunk or the search index is.

var Data = (Proofsheet.data = (function () {
  var page = JSON.parse($("proofsheet-data").textContent);
  var limit = page.limit;
  var total = page.total;
  var albums = page.albums;
  var start = 0;
  albums.forEach(function (album, index) {
    album.index = index;
    album.start = start;
    start += album.count;
  });
  var chunks = [];
  var chunkByName = Object.create(null);
  start = 0;
  page.chunks.forEach(function (entry) {
    var chunk = { name: entry[0], src: "data/" + entry[0] + ".js", start: start, count: entry[1], loaded: false, waiting: null };
    chunks.push(chunk);
    chunkByName[chunk.name] = chunk;
    start += chunk.count;
  });
  // A loaded photo is kept as its chunk's compact record, by position, and made into the
  // page's photo object (expand) only when something asks for it: a chunk's arrival costs
  // a few lookups a photo, not 1,000 objects made at once, and a scroll through 100,000
  // photos keeps only the records (the garbage collector's work grows with what is kept).
  var records = new Array(total);
  // Positions by id, by an id a photo had before (an older build's path-based id: picks
  // stored or exported under them still find it), and by path (made on first use).
  var byId = Object.create(null);
  var byFormerId = Object.create(null);
  var byPath = null;
  var loadedChunks = 0;
  var listeners = [];
  var index = null;
  var indexWaiting = null;

  // The last of a list ordered by start that starts at or before a position.
  function startingAt(list, position) {
    var low = 0;
    var high = list.length - 1;
    while (low < high) {
      var mid = (low + high + 1) >> 1;
      if (list[mid].start <= position) low = mid;
      else high = mid - 1;
    }
    return list[low];
  }
  function albumAt(position) {
    return startingAt(albums, position);
  }
  function chunkAt(position) {
    return startingAt(chunks, position);
  }
  function pathOf(albumPath, name) {
    return albumPath ? albumPath + "/" + name : name;
  }
  // A photo from a chunk's compact record (keys in PageData.swift).
  function expand(record, position) {
    var album = albumAt(position);
    var x = record.x || {};
    return {
      index: position,
      id: record.i,
      name: record.n,
      path: record.p || pathOf(album.path, record.n),
      // The path's exact bytes (base64) when it is not UTF-8; exported for collect.
      pathBytes: record.pb || "",
      album: album.path,
      bytes: record.b,
      date: record.d,
      dateSource: record.f ? "file" : "exif",
      width: record.w,
      height: record.h,
      thumb: { src: record.t[0], width: record.t[1], height: record.t[2] },
      thumb2x: { src: record.t2 },
      preview: { src: record.v[0], width: record.v[1], height: record.v[2] },
      camera: x.camera || "",
      lens: x.lens || "",
      exposure: x.exposure || "",
      aperture: x.aperture || "",
      iso: x.iso || "",
      focalLength: x.focalLength || "",
      description: x.description || "",
      formerId: record.o || "",
      // What goes with it (issue 14): a RAW, a Live Photo's video.
      raw: typeof record.c === "string" && record.c.indexOf("r") >= 0,
      live: typeof record.c === "string" && record.c.indexOf("l") >= 0,
    };
  }

  // What expand needs of a record; a chunk holding anything else is not taken.
  function usable(record) {
    return !!record && typeof record.i === "string" && typeof record.n === "string" && Array.isArray(record.t) && Array.isArray(record.v);
  }
  function pathAt(position) {
    var record = records[position];
    return record.p || pathOf(albumAt(position).path, record.n);
  }
  function addPaths(chunk) {
    for (var at = chunk.start; at < chunk.start + chunk.count; at++) byPath[pathAt(at)] = at;
  }
  // The position of a loaded photo's path (undefined when none).
  function loadedAt(path) {
    if (!byPath) {
      byPath = Object.create(null);
      chunks.forEach(function (chunk) {
        if (chunk.loaded) addPaths(chunk);
      });
    }
    return byPath[path];
  }
  function photoAt(position) {
    var record = records[position];
    return record ? expand(record, position) : null;
  }

  // Called by each chunk file as it runs.
  Proofsheet.chunk = function (name, list) {
    var chunk = chunkByName[name];
    if (!chunk || chunk.loaded || !Array.isArray(list) || list.length !== chunk.count || !list.every(usable)) return;
    for (var at = 0; at < list.length; at++) {
      var record = list[at];
      var position = chunk.start + at;
      records[position] = record;
      byId[record.i] = position;
      if (record.o && byFormerId[record.o] === undefined) byFormerId[record.o] = position;
    }
    chunk.loaded = true;
    if (byPath) addPaths(chunk);
    loadedChunks += 1;
    if (chunk.waiting) chunk.waiting.resolve(chunk);
    listeners.forEach(function (listener) {
      listener(chunk);
    });
  };
  // Called by the search index file, with a function whose text holds the index, JSON in
  // a comment: skipped in 2 ms by the script's parser where the same 4.6 MB (at 100,000
  // photos) as a script took 60-100 ms to parse and 40 to run, then read by JSON.parse.
  Proofsheet.search = function (name, source) {
    if (name !== page.search || index || typeof source !== "function") return;
    var text = String(source);
    var data = null;
    try {
      data = JSON.parse(text.slice(text.indexOf("/*") + 2, text.lastIndexOf("*/")));
    } catch (error) {
      return; // the file's loading reports it damaged
    }
    if (!data || !Array.isArray(data.dates) || data.dates.length !== total) return;
    index = indexColumns(data, total);
    if (index && indexWaiting) indexWaiting.resolve(index);
  };

  // The search index's columns, from the photos themselves.
  function fromChunks() {
    var cameras = [];
    var cameraIndex = Object.create(null);
    var ids = new Array(total);
    var names = new Array(total);
    var data = { dates: [], camera: [], cameras: cameras, paths: {}, former: {} };
    for (var at = 0; at < total; at++) {
      var photo = photoAt(at);
      ids[at] = photo.id;
      names[at] = photo.name;
      var m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):?(\d\d)?/.exec(photo.date);
      data.dates.push(m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] || 0)) / 1000 : -1);
      if (photo.camera && !cameraIndex[photo.camera]) {
        cameras.push(photo.camera);
        cameraIndex[photo.camera] = cameras.length;
      }
      data.camera.push(photo.camera ? cameraIndex[photo.camera] : 0);
      if (photo.formerId) data.former[photo.formerId] = photo.index;
    }
    data.ids = ids.join("/");
    data.names = names.join("/");
    return indexColumns(data, total);
  }
  // Loads a script of the site's own; resolves when it has registered its data.
  function loadScript(src, waiting, done) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = function () {
      if (!done()) waiting.reject(new Error(t("data.damaged", { file: src })));
    };
    script.onerror = function () {
      document.documentElement.classList.add("load-failed"); // the page's hint (index.html)
      waiting.reject(new Error(t("data.failed", { file: src })));
    };
    document.body.appendChild(script);
  }
  function deferred() {
    var waiting = {};
    waiting.promise = new Promise(function (resolve, reject) {
      waiting.resolve = resolve;
      waiting.reject = reject;
    });
    return waiting;
  }
  function load(chunk) {
    if (chunk.loaded) return Promise.resolve(chunk);
    if (!chunk.waiting) {
      chunk.waiting = deferred();
      chunk.waiting.promise.catch(function () {
        chunk.waiting = null; // a later call tries again
      });
      loadScript(chunk.src, chunk.waiting, function () {
        return chunk.loaded;
      });
    }
    return chunk.waiting.promise;
  }

  function namedSelections(list) {
    var seen = Object.create(null);
    return (Array.isArray(list) ? list : []).filter(function (entry) {
      var ok = entry && typeof entry.name === "string" && entry.name && !seen[entry.name.toLowerCase()];
      if (ok) seen[entry.name.toLowerCase()] = true;
      return ok;
    }).map(function (entry) {
      var count = function (value) {
        return typeof value === "number" && value > 0 ? Math.floor(value) : 0;
      };
      return { name: entry.name, min: count(entry.min), limit: count(entry.limit) };
    });
  }

  return {
    gallery: page.gallery,
    title: page.title,
    limit: typeof limit === "number" && limit >= 0 ? Math.floor(limit) : 1,
    // How many a final selection holds at least (build --min); 0: no minimum.
    minimum: typeof page.minimum === "number" && page.minimum > 0 ? Math.floor(page.minimum) : 0,
    // The named selections (build --selection), each { name, min, limit }; [] without any.
    selections: namedSelections(page.selections),
    // Where Send writes to (build --contact, --contact-name), and the photographer's
    // instructions (--message): "" when not set.
    contact: typeof page.contact === "string" ? page.contact : "",
    contactName: typeof page.contactName === "string" ? page.contactName : "",
    message: typeof page.message === "string" ? page.message : "",
    sort: page.sort === "name" ? "name" : "date",
    shapes: page.shapes, // every photo's shape, for the rows (rows.js)
    total: total,
    albums: albums,
    chunks: chunks,
    albumAt: albumAt,
    chunkAt: chunkAt,
    // The photo at a position, if its chunk is loaded (a new object each call).
    at: photoAt,
    // The photo with this id, if its chunk is loaded.
    photo: function (id) {
      var at = byId[id];
      return at === undefined ? null : photoAt(at);
    },
    // The photo at this path, if its chunk is loaded.
    atPath: function (path) {
      var at = loadedAt(path);
      return at === undefined ? null : photoAt(at);
    },
    // Loads the chunk of a position (or of every position in [from, to)).
    ensure: function (from, to) {
      if (to === undefined) to = from + 1;
      var needed = [];
      for (var at = Math.max(0, from); at < Math.min(total, to); at = chunkAt(at).start + chunkAt(at).count) {
        needed.push(load(chunkAt(at)));
      }
      return Promise.all(needed);
    },
    loaded: function (position) {
      return !!records[position];
    },
    onChunk: function (listener) {
      listeners.push(listener);
    },
    // The photo with this id now, or that had it before; null when not known (yet).
    lookup: function (id) {
      var at = byId[id];
      if (at === undefined) at = byFormerId[id];
      return at === undefined ? null : photoAt(at);
    },
    // The position of the photo with this id (or former id): -1 when it is not in the
    // gallery, null while the page cannot tell yet.
    locate: function (id) {
      var known = byId[id];
      if (known === undefined) known = byFormerId[id];
      if (known !== undefined) return known;
      if (index) {
        var at = index.position(id);
        if (at === undefined) at = index.former[id];
        return at === undefined ? -1 : at;
      }
      return loadedChunks === chunks.length ? -1 : null;
    },
    // Name and path of a position from whatever is loaded: its chunk or the index.
    describe: function (position) {
      var record = records[position];
      if (record) return { id: record.i, name: record.n, path: pathAt(position) };
      if (!index) return null;
      var name = index.name(position);
      return { id: index.id(position), name: name, path: index.paths[position] || pathOf(albumAt(position).path, name) };
    },
    // The position of the photo at this path: like locate().
    findPath: function (path) {
      var known = loadedAt(path);
      if (known !== undefined) return known;
      if (index) {
        if (!index.byPath) {
          index.byPath = Object.create(null);
          for (var i = 0; i < total; i++) index.byPath[this.describe(i).path] = i;
        }
        var at = index.byPath[path];
        return at === undefined ? -1 : at;
      }
      return loadedChunks === chunks.length ? -1 : null;
    },
    // Whether lookups know every photo of the gallery (so "not found" means "not here").
    complete: function () {
      return !!index || loadedChunks === chunks.length;
    },
    // Values joined by "/" as the index holds them (see columns.js).
    split: splitJoined,
    // The search index: loaded, or (when every chunk is loaded, as in a small gallery)
    // made from the chunks; null when neither.
    index: function () {
      if (!index && loadedChunks === chunks.length) index = fromChunks();
      return index;
    },
    // Loads the search index (once); resolves with it.
    loadIndex: function () {
      if (this.index()) return Promise.resolve(index);
      if (!indexWaiting) {
        indexWaiting = deferred();
        indexWaiting.promise.catch(function () {
          indexWaiting = null;
        });
        loadScript("data/" + page.search + ".js", indexWaiting, function () {
          return !!index;
        });
      }
      return indexWaiting.promise;
    },
    // Resolves once lookups are complete (loading the index when they are not).
    whenComplete: function () {
      return this.complete() ? Promise.resolve() : this.loadIndex();
    },
    albumName: function (path) {
      for (var i = 0; i < albums.length; i++) if (albums[i].path === path) return albums[i].name;
      return path;
    },
  };
})());
