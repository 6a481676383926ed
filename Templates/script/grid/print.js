// print: the proof sheet (issue 13). Printing the page (the Print button or the browser's
// own print) gives a contact sheet of the picks — or, with nothing picked, of every photo
// the page has loaded — with names, pick numbers and notes, and nothing of the tray or
// the buttons (@media print in proofsheet.css). Drawn from the picks' own records, not
// from the grid, which holds only the rows near the screen.

var Print = (Proofsheet.print = (function () {
  var sheet = $("print-sheet");
  var button = $("print");

  function cell(photo, number, note) {
    var item = el("li", "sheet-item");
    var frame = el("span", "sheet-frame");
    if (photo.thumb) {
      var img = el("img");
      img.alt = "";
      img.src = src(photo.thumb);
      frame.appendChild(img);
    }
    item.appendChild(frame);
    var caption = el("p", "sheet-name");
    if (number) caption.appendChild(el("strong", "sheet-number", "#" + number + " "));
    caption.appendChild(document.createTextNode(photo.name));
    item.appendChild(caption);
    var folder = photo.path.lastIndexOf("/") > 0 ? photo.path.slice(0, photo.path.lastIndexOf("/")) : "";
    if (folder) item.appendChild(el("p", "sheet-album", folder));
    if (note) item.appendChild(el("p", "sheet-note", note));
    return item;
  }

  // Fills the sheet for the selection as it is now; returns the images it waits for.
  function prepare() {
    while (sheet.firstChild) sheet.removeChild(sheet.firstChild);
    var picks = Picks.records();
    var about = Picks.about();
    sheet.appendChild(el("h1", "sheet-title", Data.title));
    var list = el("ol", "sheet");
    var line;
    if (picks.length) {
      line = t("print.picks", { n: picks.length });
      if (Data.minimum) line = t("print.asked", { text: line, min: Data.minimum });
      picks.forEach(function (pick, index) {
        list.appendChild(cell({ name: pick.name, path: pick.path, thumb: pick.missing ? "" : pick.thumb }, index + 1, Notes.trimmed(pick.note)));
      });
    } else {
      var shown = 0;
      for (var at = 0; at < Data.total; at++) {
        var photo = Data.at(at);
        if (!photo) continue;
        shown += 1;
        list.appendChild(cell({ name: photo.name, path: photo.path, thumb: photo.thumb.src }, 0, ""));
      }
      line = shown === Data.total ? t("print.all", { n: shown }) : t("print.loaded", { n: shown, total: Data.total });
    }
    line = t("print.gallery", { text: line, gallery: Data.gallery });
    if (Notes.trimmed(about.by)) line = t("print.by", { text: line, name: Notes.trimmed(about.by) });
    sheet.appendChild(el("p", "sheet-line", line));
    if (picks.length && Notes.trimmed(about.note)) sheet.appendChild(el("p", "sheet-selection-note", Notes.trimmed(about.note)));
    sheet.appendChild(list);
    var images = Array.prototype.slice.call(sheet.querySelectorAll("img"));
    return Promise.all(
      images.map(function (img) {
        if (img.complete) return Promise.resolve();
        return new Promise(function (resolve) {
          img.addEventListener("load", resolve);
          img.addEventListener("error", resolve);
        });
      })
    );
  }

  window.addEventListener("beforeprint", function () {
    prepare();
  });
  button.addEventListener("click", function () {
    // The thumbnails first, so the sheet is printed with them; a few seconds at most.
    var timeout = new Promise(function (resolve) {
      setTimeout(resolve, 3000);
    });
    Promise.race([prepare(), timeout]).then(function () {
      window.print();
    });
  });

  return { prepare: prepare };
})());
