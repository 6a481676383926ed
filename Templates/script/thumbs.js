// thumbs: grid images, made when they come near the screen

// The HTML carries each thumbnail inside <noscript>, so without a script the browser
// shows them (lazily); with the script that markup is inert text and the images are
// made here. 10,000 <img loading=lazy> cost a second to create and a long pass on every
// frame; this watches only the two ends of each run of 24 cells.
var Thumbs = (Proofsheet.thumbs = (function () {
  var loaded = Object.create(null);
  var runs = new Map();
  var size = 24;
  var observer =
    "IntersectionObserver" in window && window.Map
      ? new IntersectionObserver(arrived, { rootMargin: "1200px 0px" })
      : null;

  function load(id) {
    if (loaded[id]) return;
    loaded[id] = true;
    var photo = Data.byId[id];
    var link = Grid.cells[id].li.querySelector("a.open");
    if (!link) return;
    var img = document.createElement("img");
    img.width = photo.thumb.width;
    img.height = photo.thumb.height;
    img.alt = "";
    img.decoding = "async";
    img.srcset = src(photo.thumb2x.src) + " 2x";
    img.src = src(photo.thumb.src);
    link.appendChild(img);
  }
  function arrived(entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      var run = runs.get(entry.target);
      if (!run) return;
      run.ids.forEach(load);
      run.ends.forEach(function (end) {
        observer.unobserve(end);
        runs.delete(end);
      });
    });
  }
  // Regroups the shown cells that still lack an image; called after each filter or sort.
  function watch(ids) {
    var pending = ids.filter(function (id) {
      return !loaded[id];
    });
    if (!observer) {
      pending.forEach(load);
      return;
    }
    observer.disconnect();
    runs.clear();
    for (var i = 0; i < pending.length; i += size) {
      var run = { ids: pending.slice(i, i + size), ends: [] };
      [run.ids[0], run.ids[run.ids.length - 1]].forEach(function (id) {
        var li = Grid.cells[id].li;
        if (runs.has(li)) return;
        runs.set(li, run);
        run.ends.push(li);
        observer.observe(li);
      });
    }
  }
  return { watch: watch, load: load };
})());
