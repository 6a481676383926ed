// start: draw everything on each change, restore the saved picks, follow other tabs, show the picker

function renderAll(order, reason) {
  // A note typed: saved, and nothing redrawn under the typing.
  if (reason === "note") {
    Store.save(Picks.records());
    Notes.render();
    return;
  }
  var held = Focus.hold(order); // the photo's place, before anything is drawn anew
  Grid.render(order);
  Status.render(order);
  Tray.render(order);
  Actions.render(order);
  Viewer.render();
  Notes.render();
  Send.render(order);
  Review.render(order);
  Bar.render(order);
  Switcher.render();
  Focus.render(order, held);
  if (reason !== "restore") Store.save(Picks.records());
}
Picks.onChange(renderAll);

// Runs once the page and the chunk scripts it names have run (DOMContentLoaded), so the
// first screen is drawn with its photos.
function start() {
  document.documentElement.classList.remove("no-js");
  document.documentElement.classList.add("js");
  $("toolbar").hidden = false;
  $("tray").hidden = false;
  // The saved picks come back whole, whatever changed since: a lowered limit or a photo
  // that left the gallery is shown in the tray for the viewer to resolve, never cut here.
  // Stored in the current form at once, so an older page's bare ids gain their names.
  var saved = Store.load();
  Picks.replace(saved ? saved.picks : [], "restore", saved ? saved.limit : null, saved ? saved.notes : { note: "", by: "" });
  if (Picks.count()) Store.save(Picks.records());
  Notes.showMessage();
  Browse.apply();
  // Picks whose photos are in chunks not loaded: the search index tells, after the first paint.
  if (Picks.pending()) {
    window.requestAnimationFrame(function () {
      setTimeout(function () {
        Data.loadIndex().then(function () {
          Picks.refresh();
        }, function () {});
      }, 0);
    });
  }
  if (!Store.available()) {
    var note = $("storage-note");
    note.textContent = t("start.noStorage");
    note.hidden = false;
  }
  document.documentElement.setAttribute("data-ready", "true");
  if (window.performance && performance.mark) performance.mark("proofsheet-ready");
}
// A chunk that arrives may be the one a pick waits for.
Data.onChunk(function () {
  if (Picks.incomplete()) Picks.refresh();
});
// Another tab of the same gallery changed the picks: follow it rather than overwrite it.
window.addEventListener("storage", function (event) {
  if (event.key !== Store.key) return;
  var other = Store.parse(event.newValue);
  if (event.newValue && !other) return;
  Picks.replace(other ? other.picks : [], "restore", other ? other.limit : null, other ? other.notes : { note: "", by: "" });
});
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
