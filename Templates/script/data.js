// data: the manifest embedded by the generator

var Data = (Proofsheet.data = (function () {
  var manifest = JSON.parse(document.getElementById("proofsheet-data").textContent);
  var byId = Object.create(null);
  var byPath = Object.create(null);
  manifest.photos.forEach(function (photo, index) {
    photo.index = index;
    byId[photo.id] = photo;
    byPath[photo.path] = photo;
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
    albumName: function (path) {
      for (var i = 0; i < manifest.albums.length; i++) {
        if (manifest.albums[i].path === path) return manifest.albums[i].name;
      }
      return path;
    },
  };
})());
