// switcher: the named selections side by side, one segment each — "Album 12 of 20–30 ·
// Parents 3 of 10–15 · Cover 1 of 1" — where the picks are: at the top of the tray on a
// wide screen, above the bar on a phone, and in the review sheet's head while it is open.
// A radio group (one selection is shown; the arrows move and choose, Home and End too;
// one tab stop), each segment's name saying its whole status ("Album: Pick at least 20
// (up to 30) — 12 picked"); a quiet tick when a selection has what it asks for, the
// warning colour when it is over its limit. Hidden without named selections.
// Uses Selections, Status and the DOM of the tray and the review sheet.

var Switcher = (Proofsheet.switcher = (function () {
  var group = $("switcher");
  var home = group.parentNode;
  var homeNext = group.nextSibling;
  var segments = [];

  function countText(n, selection) {
    var values = { n: n, min: selection.min, limit: selection.limit };
    if (selection.min && selection.limit && selection.min !== selection.limit) return t("selections.countRange", values);
    if (selection.limit) return t("selections.countOf", values);
    if (selection.min) return t("selections.countAtLeast", values);
    return num(n);
  }

  function build() {
    group.setAttribute("aria-label", t("selections.label"));
    Selections.list.forEach(function (selection, index) {
      var segment = el("button", "segment");
      segment.type = "button";
      segment.setAttribute("role", "radio");
      segment.dataset.index = String(index);
      segment.appendChild(el("span", "segment-name", selection.name));
      var count = el("span", "segment-count");
      segment.appendChild(count);
      segment.count = count;
      segments.push(segment);
      group.appendChild(segment);
    });
    group.hidden = false;
    document.documentElement.classList.add("has-selections");
  }

  function render() {
    if (!Selections.active) return;
    var shown = Selections.current();
    segments.forEach(function (segment, index) {
      var selection = Selections.list[index];
      var n = Selections.count(index);
      var state = Selections.state(index);
      var on = index === shown;
      segment.setAttribute("aria-checked", String(on));
      segment.tabIndex = on ? 0 : -1;
      segment.className = "segment" + (state ? " " + state : "");
      segment.count.textContent = countText(n, selection);
      segment.setAttribute("aria-label", t("selections.named", { name: selection.name, text: Status.text(n, selection) }));
    });
  }

  function choose(index, focus) {
    index = (index + segments.length) % segments.length;
    Selections.use(index);
    if (focus) segments[index].focus();
  }
  group.addEventListener("click", function (event) {
    var segment = event.target.closest ? event.target.closest(".segment") : null;
    if (segment) choose(+segment.dataset.index, false);
  });
  group.addEventListener("keydown", function (event) {
    var from = event.target.closest ? event.target.closest(".segment") : null;
    var at = from ? +from.dataset.index : Selections.current();
    var to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: segments.length - 1 }[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    choose(to, true);
  });

  // Into the review sheet's head while it is open (`into`), back to the tray after.
  function place(into) {
    if (!Selections.active) return;
    if (into) into.appendChild(group);
    else home.insertBefore(group, homeNext);
  }

  if (Selections.active) build();
  return { render: render, place: place };
})());
