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
    var chunk = { name: entry[0], src: "data/" + entry[0] + ".js", start: start, count: entry[1], loaded: false, waiting: null, columns: null };
    chunks.push(chunk);
    chunkByName[chunk.name] = chunk;
    start += chunk.count;
  });
  // A loaded chunk keeps its columns (chunk.columns: an array per field, PageData.swift),
  // and a photo is made into the page's photo object (expand) only when something asks for
  // it: a chunk's arrival makes ~20 arrays, not 1,000 objects, and a scroll through 100,000
  // photos keeps only the columns (the garbage collector's work grows with what is kept).
  // Positions by id, by an id a photo had before (an older build's path-based id: picks
  // stored or exported under them still find it), and by path (made on first use).
  var byId = Object.create(null);
  var byFormerId = Object.create(null);
  var byPath = null;
  var loadedChunks = 0;
  var listeners = [];
  var index = null;
  var indexWaiting = null;

  function albumAt(position) {
    var low = 0;
    var high = albums.length - 1;
    while (low < high) {
      var mid = (low + high + 1) >> 1;
      if (albums[mid].start <= position) low = mid;
      else high = mid - 1;
    }
    return albums[low];
  }
  function chunkAt(position) {
    var low = 0;
    var high = chunks.length - 1;
    while (low < high) {
      var mid = (low + high + 1) >> 1;
      if (chunks[mid].start <= position) low = mid;
      else high = mid - 1;
    }
    return chunks[low];
  }
  function pathOf(albumPath, name) {
    return albumPath ? albumPath + "/" + name : name;
  }
  // The columns of the loaded chunk holding a position, or null.
  function columnsAt(position) {
    if (!(position >= 0 && position < total)) return null;
    return chunkAt(position).columns;
  }
  // A sparse column's value at an offset ("" when it has none).
  function sparse(column, offset) {
    return (column && column[offset]) || "";
  }
  // A photo from its chunk's columns (keys in PageData.swift).
  function expand(c, offset, position) {
    var album = albumAt(position);
    var x = c.x || {};
    var key = c.k[offset];
    var images = key ? null : c.u[offset];
    var companions = sparse(c.c, offset);
    return {
      index: position,
      id: c.i[offset],
      name: c.n[offset],
      path: sparse(c.p, offset) || pathOf(album.path, c.n[offset]),
      // The path's exact bytes (base64) when it is not UTF-8; exported for collect.
      pathBytes: sparse(c.pb, offset),
      album: album.path,
      bytes: c.b[offset],
      date: c.d[offset],
      dateSource: c.f[offset] ? "file" : "exif",
      width: c.w[offset],
      height: c.h[offset],
      // A build names a photo's images by one key (thumbs/KEY.jpg, …); else they are in u.
      thumb: { src: key ? "thumbs/" + key + ".jpg" : images[0], width: c.tw[offset], height: c.th[offset] },
      thumb2x: { src: key ? "thumbs/" + key + "@2x.jpg" : images[1] },
      preview: { src: key ? "previews/" + key + ".jpg" : images[2], width: c.vw[offset], height: c.vh[offset] },
      camera: x.camera ? x.camera[offset] : "",
      lens: x.lens ? x.lens[offset] : "",
      exposure: x.exposure ? x.exposure[offset] : "",
      aperture: x.aperture ? x.aperture[offset] : "",
      iso: x.iso ? x.iso[offset] : "",
      focalLength: x.focalLength ? x.focalLength[offset] : "",
      description: x.description ? x.description[offset] : "",
      formerId: sparse(c.o, offset),
      // What goes with it (issue 14): a RAW, a Live Photo's video.
      raw: companions.indexOf("r") >= 0,
      live: companions.indexOf("l") >= 0,
    };
  }

  // What expand needs of a chunk's columns: every column there, as long as the chunk, of
  // the type expand gives out; a chunk with anything else is not taken, none of it.
  var STRINGS = ["i", "n", "d", "k"];
  var NUMBERS = ["b", "f", "w", "h", "tw", "th", "vw", "vh"];
  var SPARSE = ["u", "p", "pb", "o", "c"];
  var DETAILS = ["camera", "lens", "exposure", "aperture", "iso", "focalLength", "description"];
  function column(values, count, type) {
    if (!Array.isArray(values) || values.length !== count) return false;
    for (var at = 0; at < count; at++) if (typeof values[at] !== type) return false;
    return true;
  }
  function table(values) {
    return values === undefined || (!!values && typeof values === "object" && !Array.isArray(values));
  }
  function usable(c, count) {
    if (!c || typeof c !== "object") return false;
    var at;
    for (at = 0; at < STRINGS.length; at++) if (!column(c[STRINGS[at]], count, "string")) return false;
    for (at = 0; at < NUMBERS.length; at++) if (!column(c[NUMBERS[at]], count, "number")) return false;
    for (at = 0; at < SPARSE.length; at++) if (!table(c[SPARSE[at]])) return false;
    for (var offset in c.p || {}) if (typeof c.p[offset] !== "string") return false;
    for (offset in c.pb || {}) if (typeof c.pb[offset] !== "string") return false;
    for (offset in c.o || {}) if (typeof c.o[offset] !== "string") return false;
    for (offset in c.c || {}) if (typeof c.c[offset] !== "string") return false;
    for (at = 0; at < count; at++) {
      if (c.k[at]) continue;
      var images = c.u && c.u[at];
      if (!Array.isArray(images) || images.length !== 3 || !images.every(isString)) return false;
    }
    if (!table(c.x)) return false;
    for (var name in c.x || {}) if (DETAILS.indexOf(name) < 0 || !column(c.x[name], count, "string")) return false;
    return true;
  }
  function isString(value) {
    return typeof value === "string";
  }
  function pathAt(position) {
    var c = columnsAt(position);
    var offset = position - chunkAt(position).start;
    return sparse(c.p, offset) || pathOf(albumAt(position).path, c.n[offset]);
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
    var c = columnsAt(position);
    return c ? expand(c, position - chunkAt(position).start, position) : null;
  }

  // Called by each chunk file as it runs.
  Proofsheet.chunk = function (name, c) {
    var chunk = chunkByName[name];
    if (!chunk || chunk.loaded || !usable(c, chunk.count)) return;
    var ids = c.i;
    for (var at = 0; at < ids.length; at++) byId[ids[at]] = chunk.start + at;
    for (var offset in c.o || {}) {
      if (byFormerId[c.o[offset]] === undefined && offset >= 0 && offset < chunk.count) byFormerId[c.o[offset]] = chunk.start + +offset;
    }
    chunk.columns = c;
    chunk.loaded = true;
    if (byPath) addPaths(chunk);
    loadedChunks += 1;
    if (chunk.waiting) chunk.waiting.resolve(chunk);
    listeners.forEach(function (listener) {
      listener(chunk);
    });
  };
  // Called by the search index file.
  Proofsheet.search = function (name, data) {
    if (name !== page.search || index || !data || !Array.isArray(data.ids) || data.ids.length !== total) return;
    index = columns(data);
    if (indexWaiting) indexWaiting.resolve(index);
  };

  // The search index's columns, from the photos themselves.
  function fromChunks() {
    var cameras = [];
    var cameraIndex = Object.create(null);
    var data = { ids: [], names: [], dates: [], camera: [], cameras: cameras, paths: {}, former: {} };
    for (var at = 0; at < total; at++) {
      var photo = photoAt(at);
      data.ids.push(photo.id);
      data.names.push(photo.name);
      var m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):?(\d\d)?/.exec(photo.date);
      data.dates.push(m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] || 0)) / 1000 : -1);
      if (photo.camera && !cameraIndex[photo.camera]) {
        cameras.push(photo.camera);
        cameraIndex[photo.camera] = cameras.length;
      }
      data.camera.push(photo.camera ? cameraIndex[photo.camera] : 0);
      if (photo.formerId) data.former[photo.formerId] = photo.index;
    }
    return columns(data);
  }
  function columns(data) {
    var positions = Object.create(null);
    for (var i = 0; i < data.ids.length; i++) positions[data.ids[i]] = i;
    var former = Object.create(null);
    var formerIds = data.former || {};
    for (var id in formerIds) former[id] = formerIds[id];
    return { ids: data.ids, names: data.names, dates: data.dates, camera: data.camera, cameras: data.cameras, paths: data.paths || {}, positions: positions, former: former };
  }

  // Loads a script of the site's own; resolves when it has registered its data.
  function loadScript(src, waiting, done) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = function () {
      if (!done()) waiting.reject(new Error(src + " did not hold the data it should"));
    };
    script.onerror = function () {
      document.documentElement.classList.add("load-failed"); // the page's hint (index.html)
      waiting.reject(new Error(src + " could not be loaded"));
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

  return {
    gallery: page.gallery,
    title: page.title,
    limit: typeof limit === "number" && limit >= 0 ? Math.floor(limit) : 1,
    // How many a final selection holds at least (build --min); 0: no minimum.
    minimum: typeof page.minimum === "number" && page.minimum > 0 ? Math.floor(page.minimum) : 0,
    // Where Send writes to (build --contact, --contact-name), and the photographer's
    // instructions (--message): "" when not set.
    contact: typeof page.contact === "string" ? page.contact : "",
    contactName: typeof page.contactName === "string" ? page.contactName : "",
    message: typeof page.message === "string" ? page.message : "",
    sort: page.sort === "name" ? "name" : "date",
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
      return !!columnsAt(position);
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
        var at = index.positions[id];
        if (at === undefined) at = index.former[id];
        return at === undefined ? -1 : at;
      }
      return loadedChunks === chunks.length ? -1 : null;
    },
    // Name and path of a position from whatever is loaded: its chunk or the index.
    describe: function (position) {
      var c = columnsAt(position);
      if (c) return { id: c.i[position - chunkAt(position).start], name: c.n[position - chunkAt(position).start], path: pathAt(position) };
      if (!index) return null;
      var name = index.names[position];
      return { id: index.ids[position], name: name, path: index.paths[position] || pathOf(albumAt(position).path, name) };
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
