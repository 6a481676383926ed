// cells: one photo of the grid as the page draws it — the photo itself (a link to the
// viewer), its pick control on the photo (a real checkbox whose name is the file name),
// the pick's number on it, and the name and date shown over the photo on hover and focus.
// Used by grid.js, which makes, places and recycles the cells; uses nothing but core.js.

var Cells = (Proofsheet.cells = (function () {
  // A cell: made once, filled for a photo, kept while its row is near the screen, then
  // filled again for another.
  var template = null;
  function make() {
    if (!template) {
      template = el("li", "photo");
      var open = el("a", "open");
      open.appendChild(el("img"));
      open.appendChild(el("span", "kinds"));
      template.appendChild(open);
      var label = el("label", "pick");
      var box = el("input");
      box.type = "checkbox";
      box.name = "pick";
      box.setAttribute("aria-keyshortcuts", "1 2 3 4 5 0 6 7 8 9 X");
      label.appendChild(box);
      label.appendChild(document.createTextNode(" "));
      label.appendChild(el("span", "name"));
      template.appendChild(label);
      var marks = el("span", "marks");
      marks.setAttribute("aria-hidden", "true");
      template.appendChild(marks);
      var marksOpen = el("button", "marks-open", "☆");
      marksOpen.type = "button";
      marksOpen.tabIndex = -1; // the keys are on the checkbox (aria-keyshortcuts)
      marksOpen.setAttribute("aria-expanded", "false");
      template.appendChild(marksOpen);
      template.appendChild(el("time", "date"));
    }
    var li = template.cloneNode(true);
    return { li: li, link: li.firstChild, img: li.firstChild.firstChild, kinds: li.querySelector(".kinds"), box: li.querySelector("input"), name: li.querySelector(".name"), date: li.lastChild, marks: li.querySelector(".marks"), marksButton: li.querySelector(".marks-open"), badge: null, id: null };
  }
  function fill(cell, photo, position) {
    // A cell filled before gets a new image element: the same one given a new src would
    // show the previous photo until the new one is decoded.
    if (cell.img.hasAttribute("src") || cell.img.hasAttribute("srcset")) {
      var img = el("img");
      cell.link.replaceChild(img, cell.img);
      cell.img = img;
    }
    if (cell.id !== photo.id && cell.id !== null) {
      PickOn.forget(cell.li);
      MarkBar.forget(cell.li);
    }
    cell.id = photo.id;
    cell.position = position;
    cell.li.id = "p-" + photo.id;
    cell.li.classList.remove("loading");
    cell.link.href = src(photo.preview.src);
    var kinds = kindsOf(photo);
    cell.viewLabel = kinds
      ? t("cell.viewKinds", { name: photo.name, kinds: kinds.replace("Live", t("cell.livePhoto")).replace(" · ", ", ") })
      : t("cell.view", { name: photo.name });
    cell.link.setAttribute("aria-label", cell.viewLabel);
    cell.kinds.textContent = kinds;
    cell.link.hidden = false;
    cell.img.alt = "";
    cell.img.width = photo.thumb.width;
    cell.img.height = photo.thumb.height;
    cell.img.decoding = "async";
    if (photo.thumb2x.src) cell.img.srcset = src(photo.thumb2x.src) + " 2x";
    if (photo.thumb.src) cell.img.src = src(photo.thumb.src);
    cell.box.value = photo.id;
    cell.box.hidden = false;
    // Shown over the photo on hover and focus, one line, ellipsized; the whole name in its
    // tooltip and in the checkbox's name.
    cell.name.textContent = photo.name;
    cell.name.title = photo.name;
    cell.date.dateTime = photo.date;
    cell.date.textContent = dateLabel(photo.date);
    cell.li.removeAttribute("aria-hidden");
    MarkBar.paintCell(cell, true); // its marks: a lookup
  }
  // Where a cell goes: its row's top, its left and width in the row, the row's height.
  function place(cell, top, box, height) {
    var style = cell.li.style;
    style.top = top + "px";
    style.left = box[0] + "px";
    style.width = box[1] + "px";
    style.height = height + "px";
  }
  function kindsOf(photo) {
    return [photo.raw ? "RAW" : "", photo.live ? "Live" : ""].filter(Boolean).join(" · ");
  }
  // An empty frame, for a photo whose chunk is not loaded yet.
  function placeholder(position) {
    var li = el("li", "photo loading");
    li.setAttribute("aria-hidden", "true");
    li.appendChild(el("span", "open"));
    return { li: li, id: null, position: position, placeholder: true };
  }
  // `2026-06-01T14:03:22` → `1 Jun 2026, 14:03`, as the static pages write it; in another
  // language its day, short month, year and time as the language writes them (`1. Juni
  // 2026, 14:03`), as Foundation does for the static pages (Words.dateLabel). The camera's
  // clock has no zone: read and written as UTC.
  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  var dateFormat = LANG !== "en" && window.Intl && Intl.DateTimeFormat
    ? new Intl.DateTimeFormat(LANG, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })
    : null;
  function dateLabel(iso) {
    var m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(iso || "");
    if (!m || +m[2] < 1 || +m[2] > 12) return iso || "";
    if (dateFormat) return dateFormat.format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5])));
    return +m[3] + " " + MONTHS[+m[2] - 1] + " " + m[1] + ", " + +m[4] + ":" + m[5];
  }
  // The pick state of one cell: checked, its number (`number`, 0 when not picked), and
  // whether it can be picked (`full`: the limit is reached). A box that cannot be picked
  // stays in the Tab order (aria-disabled, not disabled), so a keyboard user can reach it
  // and hear why (its description; a message when pressed). A picked box's description
  // is its number ("pick 3"), read from a hidden span, so its name stays the file name.
  function paint(cell, number, full) {
    if (cell.placeholder) return;
    cell.box.checked = !!number;
    if (full && !number) cell.box.setAttribute("aria-disabled", "true");
    else cell.box.removeAttribute("aria-disabled");
    cell.li.classList.toggle("picked", !!number);
    if (number && !cell.badge) {
      cell.badge = el("span", "badge");
      cell.badge.setAttribute("aria-hidden", "true");
      cell.li.appendChild(cell.badge);
      cell.number = el("span", "pick-number");
      cell.number.setAttribute("aria-hidden", "true");
      cell.li.appendChild(cell.number);
    }
    if (cell.badge) {
      cell.number.id = "n-" + cell.id;
      cell.badge.textContent = number ? String(number) : "";
      cell.number.textContent = number ? t("cell.pickNumber", { n: number }) : "";
    }
    var described = number ? "n-" + cell.id : full ? "pick-why" : "";
    if (described) cell.box.setAttribute("aria-describedby", described);
    else cell.box.removeAttribute("aria-describedby");
  }

  return { make: make, fill: fill, place: place, placeholder: placeholder, paint: paint, kinds: kindsOf, dateLabel: dateLabel };
})());
