// browse: album filter, search, sort

var Browse = (Proofsheet.browse = (function () {
  var albumFilter = $("album-filter");
  var search = $("search");
  var sort = $("sort");
  var shown = $("shown");
  var noResults = $("no-results");
  var collator = window.Intl && Intl.Collator ? new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }) : null;
  var visible = Data.photos.map(function (photo) {
    return photo.id;
  });
  var currentSort = Data.manifest.options.sort === "name" ? "name" : "date";
  sort.value = currentSort;
  var keys = Data.photos.map(function (photo) {
    return fold(photo.name);
  });

  function fold(text) {
    var folded = text.toLowerCase();
    return folded.normalize ? folded.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : folded;
  }
  function compareNames(a, b) {
    return collator ? collator.compare(a.name, b.name) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  }
  function comparator(how) {
    return function (a, b) {
      var c = 0;
      if (how === "name") c = compareNames(a, b) || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
      else {
        c = a.date < b.date ? -1 : a.date > b.date ? 1 : compareNames(a, b);
        if (how === "date-desc") c = -c;
      }
      return c || a.index - b.index;
    };
  }

  // Reorders the cells inside each album; albums keep their place, and each run of
  // cells (a list of its own, for speed) keeps its length.
  function applySort(how) {
    currentSort = how;
    Grid.sections.forEach(function (section) {
      var items = Array.prototype.slice.call(section.querySelectorAll("li.photo")).filter(function (li) {
        return Grid.cells[Grid.idOf(li)];
      });
      var photos = items.map(function (li) {
        return Data.byId[Grid.idOf(li)];
      });
      photos.sort(comparator(how));
      // Count every run before moving anything: a move changes two runs' lengths.
      var grids = Array.prototype.slice.call(section.querySelectorAll(".grid"));
      var counts = grids.map(function (grid) {
        return grid.children.length;
      });
      var at = 0;
      grids.forEach(function (grid, index) {
        var fragment = document.createDocumentFragment();
        photos.slice(at, at + counts[index]).forEach(function (photo) {
          fragment.appendChild(Grid.cells[photo.id].li);
        });
        at += counts[index];
        grid.appendChild(fragment);
      });
    });
    applyFilter();
  }

  function applyFilter() {
    var album = albumFilter.value;
    var query = fold(search.value.trim());
    var count = 0;
    var order = [];
    // While searching, the runs flow together so the matches fill whole rows.
    Grid.main.classList.toggle("searching", !!query);
    Grid.sections.forEach(function (section) {
      var path = section.getAttribute("data-album");
      var inAlbum = album === "*" || album === path;
      var any = false;
      Array.prototype.forEach.call(section.querySelectorAll("li.photo"), function (li) {
        var id = Grid.idOf(li);
        var photo = Grid.cells[id] && Data.byId[id];
        if (!photo) return;
        var match = inAlbum && (!query || keys[photo.index].indexOf(query) >= 0);
        if (li.hidden === match) li.hidden = !match;
        if (match) {
          any = true;
          count += 1;
          order.push(id);
        }
      });
      section.hidden = !any;
    });
    visible = order;
    Thumbs.watch(order);
    var total = Data.photos.length;
    shown.textContent = count === total ? "" : "Showing " + count + " of " + total + " " + plural(total, "photo", "photos") + ".";
    noResults.hidden = count > 0;
  }

  var pending = null;
  search.addEventListener("input", function () {
    if (pending) clearTimeout(pending);
    // Typing fast in a 10,000-photo gallery filters once per pause, not per key.
    pending = setTimeout(function () {
      pending = null;
      applyFilter();
    }, Data.photos.length > 2000 ? 120 : 0);
  });
  search.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      if (pending) clearTimeout(pending);
      pending = null;
      applyFilter();
    }
  });
  albumFilter.addEventListener("change", applyFilter);
  sort.addEventListener("change", function () {
    applySort(sort.value);
  });

  return {
    visible: function () {
      return visible;
    },
  };
})());
