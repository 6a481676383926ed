// viewer: one photo full screen, built around picking (issue 29) — the photo as large as
// the screen allows with the pick's number on it, a large pick button under it (a real
// checkbox whose label says "Pick" or "Picked · 3"; a refused pick says why right beside
// it), the pick's note under the photo (the tray's note, the same text), the details
// folded away, and a filmstrip of the neighbouring photos (filmstrip.js). Arrow keys and
// a swipe step through the photos shown; Esc or ✕ closes it and gives focus to the grid
// cell of the last photo shown, scrolled into view. Uses Data, Browse, Grid, Picks, Notes,
// Status, Tray (its notes, on close) and Filmstrip.

var Viewer = (Proofsheet.viewer = (function () {
  var dialog = $("viewer");
  var image = $("viewer-image");
  var frame = $("viewer-frame");
  var name = $("viewer-name");
  var count = $("viewer-count");
  var pick = $("viewer-pick");
  var pickButton = $("viewer-pick-button");
  var pickLabel = $("viewer-pick-label");
  var badge = $("viewer-badge");
  var refusal = $("viewer-refusal");
  var note = $("viewer-note");
  var hint = $("viewer-note-hint");
  var exif = $("viewer-exif");
  var stage = $("viewer-stage");
  var current = null; // the photo's id
  var position = null; // its position in the gallery
  var place = -1; // its place among the photos shown (Browse)
  var opener = null;
  var supported = typeof dialog.showModal === "function";
  var REFUSAL_MS = 4000;
  var refusalTimer = null;

  hint.textContent = t("viewer.noteHint");
  note.placeholder = t("viewer.notePlaceholder");
  note.rows = 1;

  function open(at, from) {
    if (!supported || !Data.at(at)) return false;
    opener = from || null;
    place = Browse.indexOf(at);
    if (!dialog.open) {
      document.documentElement.classList.add("viewer-open");
      dialog.showModal();
    }
    show(at);
    // Space picks: on the checkbox natively, on the stage through the key handler. At the
    // limit the box still takes focus and says why it cannot be picked.
    pick.focus();
    return true;
  }
  function show(at) {
    var photo = Data.at(at);
    current = photo.id;
    position = at;
    image.src = src(photo.preview.src);
    image.width = photo.preview.width;
    image.height = photo.preview.height;
    image.alt = photo.description || photo.name;
    // The frame takes the photo's shape, as large as the stage allows (CSS): the badge
    // sits on the photo's own corner, not the screen's.
    frame.style.setProperty("--ratio", String(photo.preview.width / photo.preview.height));
    name.textContent = photo.name;
    $("viewer-kinds").textContent = Grid.kinds(photo);
    count.textContent = place >= 0 ? t("viewer.place", { n: place + 1, count: Browse.count() }) : "";
    details(photo);
    hideRefusal();
    paint();
    Filmstrip.show(place);
    preload(place + 1);
  }
  // The next photo's preview, fetched while this one is looked at (when its chunk is here).
  function preload(next) {
    if (next < 0 || next >= Browse.count()) return;
    var photo = Data.at(Browse.item(next));
    if (photo) new Image().src = src(photo.preview.src);
  }
  function details(photo) {
    while (exif.firstChild) exif.removeChild(exif.firstChild);
    var rows = [
      ["viewer.date", photo.date ? dateText(photo) : ""],
      ["viewer.camera", photo.camera],
      ["viewer.lens", photo.lens],
      ["viewer.exposure", photo.exposure],
      ["viewer.aperture", photo.aperture],
      ["viewer.iso", photo.iso ? num(photo.iso) : ""],
      ["viewer.focalLength", photo.focalLength],
      ["viewer.size", t("viewer.sizeValue", { width: photo.width, height: photo.height, bytes: formatBytes(photo.bytes) })],
      ["viewer.album", photo.album ? Data.albumName(photo.album) : ""],
      ["viewer.file", photo.path],
      ["viewer.description", photo.description],
    ];
    rows.forEach(function (row) {
      if (!row[1]) return;
      exif.appendChild(el("dt", "", t(row[0])));
      exif.appendChild(el("dd", "", row[1]));
    });
  }
  // English keeps the date as the camera wrote it (`2026-06-01 14:03:22`); another
  // language writes it as its pages do (Cells.dateLabel).
  function dateText(photo) {
    var date = LANG === "en" ? photo.date.replace("T", " ") : Cells.dateLabel(photo.date);
    return photo.dateSource === "file" ? t("viewer.fileTime", { date: date }) : date;
  }
  function formatBytes(n) {
    if (n >= 1048576) return t("bytes.mb", { n: numberFormat ? +(n / 1048576).toFixed(1) : (n / 1048576).toFixed(1) });
    if (n >= 1024) return t("bytes.kb", { n: Math.round(n / 1024) });
    return t("bytes.b", { n: n });
  }
  // The pick's state on the button, the photo and the note.
  function paint() {
    var at = Picks.position(current);
    var blocked = at < 0 && !Picks.canAdd();
    pick.checked = at >= 0;
    if (blocked) {
      pick.setAttribute("aria-disabled", "true");
      pick.setAttribute("aria-describedby", "pick-why");
    } else {
      pick.removeAttribute("aria-disabled");
      pick.removeAttribute("aria-describedby");
    }
    var said = at >= 0 ? t("viewer.picked", { n: at + 1 }) : t(blocked ? "viewer.limitReached" : "viewer.pick");
    // With named selections the tray is behind the viewer: the button says which it picks for.
    if (Selections.active) said = t("selections.pickFor", { text: said, name: Selections.list[Selections.current()].name });
    pickLabel.textContent = said;
    pickButton.classList.toggle("picked", at >= 0);
    pickButton.classList.toggle("blocked", blocked);
    badge.textContent = at >= 0 ? String(at + 1) : "";
    frame.classList.toggle("picked", at >= 0);
    if (!blocked) hideRefusal();
    Notes.renderViewer(current);
    MarkBar.paintViewer();
    hint.hidden = at >= 0;
    fitNote();
  }
  // The picks changed: the button, the badge, the note and the filmstrip's numbers follow.
  function render() {
    if (!current) return;
    paint();
    Filmstrip.render();
  }
  // The note grows with what is typed, up to a few lines (then it scrolls).
  function fitNote() {
    if (note.offsetParent === null) return;
    note.style.height = "auto";
    note.style.height = Math.min(note.scrollHeight + 2, 128) + "px";
  }
  note.addEventListener("input", fitNote);

  // A refused pick says why beside the button, briefly (and to a screen reader: a status).
  function refuse() {
    refusal.textContent = Status.whyNot();
    refusal.hidden = false;
    clearTimeout(refusalTimer);
    refusalTimer = setTimeout(hideRefusal, REFUSAL_MS);
  }
  function hideRefusal() {
    clearTimeout(refusalTimer);
    refusal.hidden = true;
    refusal.textContent = "";
  }

  // The photo at a place among those shown (wrapping), its chunk loaded first.
  function go(target) {
    var total = Browse.count();
    if (!total) return;
    place = ((target % total) + total) % total;
    var at = Browse.item(place);
    var wanted = place;
    Data.ensure(at).then(function () {
      if (dialog.open && wanted === place) show(at);
    }, function (error) {
      Status.say(t("viewer.failed", { error: error.message }), "error");
    });
  }
  function step(delta) {
    go(place < 0 ? 0 : place + delta);
  }
  function togglePick() {
    if (!current) return;
    if (Picks.has(current)) Picks.remove(current);
    else if (!Picks.add(current)) refuse();
    render();
  }

  pick.addEventListener("click", function (event) {
    if (pick.getAttribute("aria-disabled") !== "true") return;
    event.preventDefault();
    refuse();
  });
  pick.addEventListener("change", function () {
    // The checkbox already flipped; make the selection agree, or put it back.
    if (pick.checked !== Picks.has(current)) togglePick();
    else render();
  });
  $("viewer-prev").addEventListener("click", function () {
    step(-1);
  });
  $("viewer-next").addEventListener("click", function () {
    step(1);
  });
  $("viewer-close").addEventListener("click", close);
  dialog.addEventListener("keydown", function (event) {
    var tag = event.target.tagName;
    if (tag === "TEXTAREA") return; // typing a note
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      if (tag === "INPUT" && event.target.type !== "checkbox") return;
      event.preventDefault();
      step(event.key === "ArrowLeft" ? -1 : 1);
    } else if (event.key === " " && tag !== "BUTTON" && tag !== "SUMMARY" && tag !== "INPUT") {
      event.preventDefault();
      togglePick();
    }
  });
  // Closed: the grid shows the last photo shown and focus goes to it (its cell is drawn
  // by the reveal), not to the photo the viewer was opened on some photos before. Run
  // right after close(), in the same task: the browser gives focus back to the opener as
  // the dialog closes, and the close event (a task later) would move it again.
  function close() {
    if (!dialog.open) return;
    dialog.close();
    closed();
  }
  dialog.addEventListener("cancel", function (event) {
    event.preventDefault(); // Esc: closed here, focus and all
    close();
  });
  dialog.addEventListener("close", closed); // any other way it closed
  function closed() {
    if (!current) return;
    document.documentElement.classList.remove("viewer-open");
    var last = current;
    current = null;
    hideRefusal();
    // A note typed here shows in the tray too (typing does not redraw the tray).
    Tray.render(Picks.list());
    if (position !== null) Grid.reveal(position);
    position = null;
    image.removeAttribute("src");
    var cell = last ? document.getElementById("p-" + last) : null;
    var link = cell ? cell.querySelector("a.open") : null;
    if (link) link.focus({ preventScroll: true });
    else if (opener && document.contains(opener)) opener.focus();
  }
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener("click", function (event) {
    if (event.target === dialog) close();
  });
  // Swipe left or right on the photo for the next or previous one.
  var start = null;
  stage.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse") return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId };
  });
  stage.addEventListener("pointerup", function (event) {
    if (!start || event.pointerId !== start.id) return;
    var dx = event.clientX - start.x;
    var dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy) * 1.5) step(dx < 0 ? 1 : -1);
  });
  stage.addEventListener("pointercancel", function () {
    start = null;
  });

  // A thumbnail opens the viewer instead of the bare preview file.
  Grid.main.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest ? event.target.closest("a.open") : null;
    if (!link) return;
    var li = link.closest("li.photo");
    var at = li ? Grid.positionOf(li) : null;
    if (at !== null && open(at, link)) event.preventDefault();
  });

  return {
    open: open,
    render: render,
    go: go,
    isOpen: function () {
      return dialog.open;
    },
    // The photo shown (its id), null when closed.
    current: function () {
      return current;
    },
  };
})());
