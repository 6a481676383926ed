// filmstrip: the photos around the one the viewer shows (issue 29) — a row of thumbnails
// under the photo, each at its own shape, the current one marked, the picked ones with
// their numbers; a click (or Enter) shows that photo. Only a window of neighbours is drawn
// (HALF on each side among the photos Browse shows), whatever the gallery's size, and
// their chunks are loaded as needed. On a phone the row scrolls sideways. One Tab stop:
// the current thumbnail; the arrow keys step as they do anywhere in the viewer. Uses
// Browse, Data, Picks, Rows (every photo's shape) and Viewer (to go to a photo).

var Filmstrip = (Proofsheet.filmstrip = (function () {
  var strip = $("viewer-strip");
  var HALF = 7;
  var items = []; // the thumbnails drawn: { li, button, img, number, place }
  var centre = -1; // the place of the photo shown

  strip.setAttribute("aria-label", t("strip.label"));

  function make() {
    var li = el("li");
    var button = el("button", "strip-thumb");
    button.type = "button";
    var img = el("img");
    img.alt = "";
    img.decoding = "async";
    var number = el("span", "strip-number");
    number.setAttribute("aria-hidden", "true");
    button.appendChild(img);
    button.appendChild(number);
    li.appendChild(button);
    strip.appendChild(li);
    var item = { li: li, button: button, img: img, number: number, place: -1, src: "" };
    button.addEventListener("click", function () {
      if (item.place >= 0 && item.place !== centre) Viewer.go(item.place);
    });
    return item;
  }

  function show(place) {
    centre = place;
    draw();
  }
  // The window of places around the centre: as many as there are, up to 2 × HALF + 1,
  // the centre in the middle but at either end of the photos shown.
  function draw() {
    var total = Browse.count();
    strip.hidden = centre < 0 || total < 2;
    if (strip.hidden) return;
    var size = Math.min(total, 2 * HALF + 1);
    var first = Math.max(0, Math.min(centre - HALF, total - size));
    while (items.length < size) items.push(make());
    while (items.length > size) strip.removeChild(items.pop().li);
    var focused = strip.contains(document.activeElement);
    var missing = [];
    items.forEach(function (item, i) {
      if (!fill(item, first + i)) missing.push(Browse.item(first + i));
    });
    var now = items[centre - first];
    if (focused) now.button.focus({ preventScroll: true });
    strip.scrollLeft = now.li.offsetLeft + now.li.offsetWidth / 2 - strip.clientWidth / 2;
    if (missing.length) {
      var wanted = centre;
      Data.ensure(Math.min.apply(null, missing), Math.max.apply(null, missing) + 1).then(function () {
        if (wanted === centre && Viewer.isOpen()) draw();
      }, function () {}); // the viewer reports a photo it cannot show
    }
  }
  // One thumbnail for a place; false when its photo's chunk is not loaded yet.
  function fill(item, place) {
    var position = Browse.item(place);
    var photo = Data.at(position);
    item.place = place;
    // Its shape, kept between portrait and landscape: a panorama would take the row.
    item.button.style.aspectRatio = String(Math.min(1.8, Math.max(0.6, Rows.ratio(position))));
    var source = photo && photo.thumb.src ? src(photo.thumb.src) : "";
    if (source !== item.src) {
      // A new image element: the old one, given a new src, shows its photo until the new
      // one is decoded.
      var img = el("img");
      img.alt = "";
      img.decoding = "async";
      if (source) img.src = source;
      item.button.replaceChild(img, item.img);
      item.img = img;
      item.src = source;
    }
    var known = photo || Data.describe(position);
    var id = known ? known.id : null;
    var picked = id ? Picks.position(id) + 1 : 0;
    item.number.textContent = picked ? String(picked) : "";
    item.button.classList.toggle("picked", picked > 0);
    var current = place === centre;
    item.button.classList.toggle("current", current);
    if (current) item.button.setAttribute("aria-current", "true");
    else item.button.removeAttribute("aria-current");
    item.button.tabIndex = current ? 0 : -1;
    var label = known ? known.name : t("strip.unknown", { n: place + 1 });
    item.button.setAttribute("aria-label", picked ? t("strip.picked", { name: label, n: picked }) : label);
    return !!photo;
  }

  return {
    show: show,
    // The picks changed: the numbers on the thumbnails follow.
    render: function () {
      if (centre >= 0 && !strip.hidden) draw();
    },
  };
})());
