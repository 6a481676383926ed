// start: draw everything on each change, restore the saved picks, follow other tabs, show the picker

function renderAll(order, reason) {
  Grid.render(order);
  Status.render(order);
  Tray.render(order);
  Actions.render(order);
  Viewer.render();
  if (reason !== "restore") Store.save(order);
}
Picks.onChange(renderAll);

Thumbs.watch(Browse.visible());
var saved = Store.load();
var dropped = Picks.replace(saved, "restore");
if (dropped) {
  Status.say("The saved picks were more than this gallery's limit of " + Data.limit + "; the first " + Data.limit + " were kept.", "warn");
  Store.save(Picks.list());
} else if (saved.length > Picks.count()) {
  Store.save(Picks.list());
}
// Another tab of the same gallery changed the picks: follow it rather than overwrite it.
window.addEventListener("storage", function (event) {
  if (event.key !== Store.key) return;
  var picks = [];
  try {
    var saved = JSON.parse(event.newValue || "null");
    if (saved && Array.isArray(saved.picks)) picks = saved.picks;
  } catch (error) {
    return;
  }
  Picks.replace(picks, "restore");
});
if (!Store.available()) {
  var note = $("storage-note");
  note.textContent = "This browser is not letting the page save data, so your picks won't be remembered if you close it. Export them before you leave.";
  note.hidden = false;
}
$("toolbar").hidden = false;
$("tray").hidden = false;
document.documentElement.classList.remove("no-js");
document.documentElement.classList.add("js");
document.documentElement.setAttribute("data-ready", "true");
if (window.performance && performance.mark) performance.mark("proofsheet-ready");
