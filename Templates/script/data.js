// data: the manifest embedded by the generator, and lookups into it

var Data = (Proofsheet.data = (function () {
  var manifest = JSON.parse(document.getElementById("proofsheet-data").textContent);
  var byId = Object.create(null);
  var byPath = Object.create(null);
  // Ids a photo had before (an older build's path-based id): picks stored or exported
  // under them still find it.
  var byFormerId = Object.create(null);
  manifest.photos.forEach(function (photo, index) {
    photo.index = index;
    byId[photo.id] = photo;
    byPath[photo.path] = photo;
    (photo.formerIds || []).forEach(function (id) {
      if (typeof id === "string" && !byFormerId[id]) byFormerId[id] = photo;
    });
  });
  var limit = manifest.options.limit;
  return {
    manifest: manifest,
    gallery: manifest.gallery,
    title: manifest.title,
    limit: typeof limit === "number" && limit >= 0 ? Math.floor(limit) : 1,
    photos: manifest.photos,
    byId: byId,
    byPath: byPath,
    // The photo with this id now, or that had it before; null when not in the gallery.
    lookup: function (id) {
      return byId[id] || byFormerId[id] || null;
    },
    // Whether lookup() knows every photo of the gallery (so "not found" means "not here").
    complete: function () {
      return true;
    },
    albumName: function (path) {
      for (var i = 0; i < manifest.albums.length; i++) {
        if (manifest.albums[i].path === path) return manifest.albums[i].name;
      }
      return path;
    },
  };
})());
