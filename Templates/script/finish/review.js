// review: the one way to finish (issue 29). The tray's one primary, "Review & send to NAME"
// ("Review" when the gallery has no contact), and on a phone the bar (bar.js), open a sheet
// with the picks large and in order, each with its note, the client's name and the note on
// the whole selection (the tray's own fields, moved into the sheet while it is open), and
// Send — or, with no contact, the selection file to download. The picks are edited there
// too (on a phone the tray's list is not shown): moved earlier or later, removed, noted.
// Uses Data, Picks, Notes (the fields), Status, Tray and Send (whose button it holds).

var Review = (Proofsheet.review = (function () {
  var button = $("review");
  var sheet = $("review-sheet");
  var list = $("review-list");
  var count = $("review-count");
  var empty = $("review-empty");
  var about = $("about-picks");
  var aboutHome = about.parentNode;
  var aboutNext = about.nextSibling;
  var supported = typeof sheet.showModal === "function";
  var opener = button; // where focus goes back to when the sheet closes
  var noting = Object.create(null); // picks whose note field was asked for while empty

  function whom() {
    return Data.contact ? Data.contactName || Data.contact : "";
  }
  function label() {
    return whom() ? t("review.openTo", { name: whom() }) : t("review.open");
  }

  function control(className, key, text, action, pick) {
    return pickControl(className, t(key, { name: pick.name }), text, action, pick.id);
  }
  // The note: a field when there is one or one was asked for, else "Add note".
  function note(pick) {
    if (!pick.note && !noting[pick.id]) return control("review-add-note", "note.addOn", t("note.add"), "note", pick);
    var area = el("textarea", "review-note");
    area.rows = 2;
    area.maxLength = Notes.MAX_NOTE;
    area.placeholder = t("note.forPhotographer");
    area.value = pick.note || "";
    area.setAttribute("aria-label", t("note.on", { name: pick.name }));
    area.setAttribute("data-action", "note-text");
    area.setAttribute("data-id", pick.id);
    return area;
  }
  function item(pick, index, total) {
    var li = el("li", "review-item");
    li.setAttribute("data-id", pick.id);
    var frame = el("span", "review-frame");
    var photo = Data.lookup(pick.id);
    var thumb = photo ? (photo.thumb2x.src || photo.thumb.src) : pick.thumb;
    if (thumb && !pick.missing) {
      var img = el("img");
      img.alt = "";
      img.src = src(thumb);
      if (photo) {
        img.width = photo.thumb.width;
        img.height = photo.thumb.height;
      }
      frame.appendChild(img);
    }
    var number = el("span", "review-number", String(index + 1));
    number.setAttribute("aria-hidden", "true");
    frame.appendChild(number);
    li.appendChild(frame);
    var name = el("p", "review-name", pick.name);
    name.title = pick.path || pick.name;
    li.appendChild(name);
    if (!pick.missing && (photo || Marks.get(pick.id))) li.appendChild(marksRow(pick));
    var over = Data.limit > 0 && index >= Data.limit;
    var problem = pick.missing ? t("tray.gone") : over ? t("tray.overLimit") : "";
    if (problem) {
      li.classList.add("has-problem");
      li.appendChild(el("p", "review-problem", problem));
    }
    // A row of tools: "Add note" (while there is no note field), then ← → ✕.
    var tools = el("div", "review-tools");
    var noted = note(pick);
    if (noted.tagName === "BUTTON") tools.appendChild(noted);
    var controls = el("span", "review-controls");
    var earlier = control("icon", "review.earlier", "←", "earlier", pick);
    var later = control("icon", "review.later", "→", "later", pick);
    earlier.disabled = index === 0;
    later.disabled = index === total - 1;
    controls.appendChild(earlier);
    controls.appendChild(later);
    controls.appendChild(control("icon remove", "review.remove", "✕", "remove", pick));
    tools.appendChild(controls);
    li.appendChild(tools);
    if (noted.tagName !== "BUTTON") li.appendChild(noted);
    li.setAttribute("aria-label", num(index + 1) + ". " + pick.name);
    return li;
  }

  // The pick's marks, set here as in the viewer: its stars, label and reject.
  function marksRow(pick) {
    var row = MarkBar.controls(function () {
      return pick.id;
    });
    row.row.classList.add("review-marks");
    row.row.setAttribute("aria-label", t("marks.marksFor", { name: pick.name }));
    row.paint(Marks.get(pick.id));
    painters[pick.id] = row.paint;
    return row.row;
  }
  var painters = Object.create(null);
  var hooked = false;
  function paintMarks(id) {
    for (var each in painters) if (id === null || id === each) painters[each](Marks.get(each));
  }

  // Draws the list again, keeping focus on the control it was on (on the same pick, now in
  // its new place; after a remove, on the next pick's remove, else the previous one's).
  function draw() {
    var focused = document.activeElement;
    var action = focused && list.contains(focused) ? focused.getAttribute("data-action") : null;
    var id = action ? focused.getAttribute("data-id") : null;
    var at = action ? Array.prototype.indexOf.call(list.children, focused.closest("li")) : -1;
    var records = Picks.records();
    while (list.firstChild) list.removeChild(list.firstChild);
    painters = Object.create(null);
    records.forEach(function (pick, index) {
      list.appendChild(item(pick, index, records.length));
    });
    empty.hidden = records.length > 0;
    count.textContent = Status.text(records.length);
    if (action) refocus(action, id, at);
  }
  function refocus(action, id, at) {
    var li = list.querySelector('li[data-id="' + cssEscape(id) + '"]');
    var target = li ? li.querySelector('[data-action="' + action + '"]') : null;
    if (!li) {
      var next = list.children[Math.min(at, list.children.length - 1)];
      target = next ? next.querySelector('[data-action="remove"]') : null;
    }
    if (target && target.disabled) target = target.parentNode.querySelector("button:not([disabled])");
    (target || $("review-close")).focus();
  }

  Tray.onPickButtons(list, "earlier", "later", function (action, id) {
    if (action === "note") {
      noting[id] = true;
      draw();
      var area = list.querySelector('textarea[data-id="' + cssEscape(id) + '"]');
      if (area) area.focus();
    }
  });
  // Typing a note: kept with the pick (saved, nothing redrawn under the typing).
  list.addEventListener("input", function (event) {
    var area = event.target;
    if (area.getAttribute("data-action") === "note-text") Picks.setNote(area.getAttribute("data-id"), area.value);
  });

  // `from`: the control that opened the sheet, where focus returns when it closes.
  function open(from) {
    if (!supported) return;
    opener = from && from.nodeType === 1 ? from : button;
    if (!hooked) Marks.onChange(paintMarks);
    hooked = true;
    Switcher.place($("review-switch"));
    draw();
    // The name and the note on the whole selection, where the client finishes.
    about.open = true;
    $("review-about").appendChild(about);
    if (!sheet.open) {
      document.documentElement.classList.add("review-open");
      sheet.showModal();
    }
    var first = $("send").hidden ? $("export-json") : $("send");
    (first.disabled ? $("review-close") : first).focus();
  }
  sheet.addEventListener("close", function () {
    document.documentElement.classList.remove("review-open");
    aboutHome.insertBefore(about, aboutNext);
    Switcher.place(null);
    noting = Object.create(null);
    while (list.firstChild) list.removeChild(list.firstChild);
    // Notes written here show in the tray too (typing redraws nothing while it lasts).
    Tray.render(Picks.list());
    var back = opener.getClientRects().length && !opener.disabled ? opener : $("picks-bar");
    (back.getClientRects().length ? back : button).focus();
  });
  $("review-close").addEventListener("click", function () {
    sheet.close();
  });
  sheet.addEventListener("click", function (event) {
    if (event.target === sheet) sheet.close(); // the backdrop
  });
  button.addEventListener("click", function () {
    open(button);
  });

  // After Send.render: the sheet's primary is Send when there is a contact, else the download.
  function render(order) {
    button.textContent = label();
    button.disabled = Selections.total() === 0;
    $("export-json").classList.toggle("primary", $("send").hidden);
    if (sheet.open) draw();
  }

  return { render: render, open: open, label: label };
})());
