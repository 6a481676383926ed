// markbar: the marks where the client sees and sets them — on each photo of the grid
// (stars and a label dot, a rejected photo dimmed, and the marks in the photo's name), a
// compact row of controls in the viewer beside the pick button, the same row in a small
// panel a cell's ☆ button opens (one panel, moved to the cell it is for: cells are
// recycled), and the filter by marks beside "Picked only". A drawn cell costs one lookup.
// Uses Marks, Cells (their elements), Grid, Viewer, Browse, Data.

var MarkBar = (Proofsheet.markbar = (function () {
  // A row of controls: five stars, the five labels, reject. Buttons with aria-pressed.
  function controls(target) {
    var row = el("div", "marks-row");
    row.setAttribute("role", "group");
    var stars = [];
    var labels = {};
    for (var n = 1; n <= 5; n++) {
      var star = el("button", "mark-star", "☆");
      star.type = "button";
      star.setAttribute("aria-label", t("marks.stars", { n: n }));
      star.dataset.rating = String(n);
      stars.push(star);
      row.appendChild(star);
    }
    Marks.LABELS.forEach(function (name) {
      var dot = el("button", "mark-label " + name);
      dot.type = "button";
      dot.setAttribute("aria-label", t("marks.colour." + name));
      dot.dataset.label = name;
      labels[name] = dot;
      row.appendChild(dot);
    });
    var reject = el("button", "mark-reject", "✕");
    reject.type = "button";
    reject.setAttribute("aria-label", t("marks.reject"));
    row.appendChild(reject);
    row.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button") : null;
      var id = target();
      if (!button || !id) return;
      var mark = Marks.get(id) || { rating: 0, label: "", rejected: false };
      if (button.dataset.rating) {
        var r = +button.dataset.rating;
        Marks.set(id, { rating: mark.rating === r ? 0 : r });
      } else if (button.dataset.label) {
        Marks.set(id, { label: mark.label === button.dataset.label ? "" : button.dataset.label });
      } else {
        Marks.set(id, { rejected: !mark.rejected });
      }
    });
    return {
      row: row,
      paint: function (mark) {
        var rating = mark ? mark.rating : 0;
        stars.forEach(function (star, i) {
          star.setAttribute("aria-pressed", String(i + 1 === rating));
          star.classList.toggle("on", i < rating);
          star.textContent = i < rating ? "★" : "☆";
        });
        Marks.LABELS.forEach(function (name) {
          labels[name].setAttribute("aria-pressed", String(!!mark && mark.label === name));
        });
        reject.setAttribute("aria-pressed", String(!!mark && mark.rejected));
      },
    };
  }

  // The viewer's row, beside its pick button.
  var viewerRow = controls(function () {
    return Viewer.current();
  });
  var viewerBox = $("viewer-marks");
  viewerRow.row.setAttribute("aria-label", t("marks.marks"));
  viewerBox.appendChild(viewerRow.row);
  function paintViewer() {
    var id = Viewer.current();
    if (id) viewerRow.paint(Marks.get(id));
  }

  // The grid's panel: one, opened on the cell whose ☆ was pressed.
  var panel = el("div", "marks-panel");
  panel.hidden = true;
  var panelRow = controls(function () {
    return panel.dataset.id || null;
  });
  panel.appendChild(panelRow.row);
  var opener = null;
  function closePanel(returnFocus) {
    if (panel.hidden) return;
    panel.hidden = true;
    if (opener) {
      opener.setAttribute("aria-expanded", "false");
      if (returnFocus) opener.focus();
    }
    opener = null;
    delete panel.dataset.id;
  }
  function openPanel(button) {
    var li = button.closest("li.photo");
    if (!li) return;
    var id = li.id.slice(2);
    var photo = Data.photo(id);
    closePanel(false);
    li.appendChild(panel);
    panel.dataset.id = id;
    panelRow.row.setAttribute("aria-label", t("marks.marksFor", { name: photo ? photo.name : id }));
    panelRow.paint(Marks.get(id));
    panel.hidden = false;
    opener = button;
    button.setAttribute("aria-expanded", "true");
  }
  Grid.main.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.marks-open") : null;
    if (button) {
      event.preventDefault();
      if (opener === button) closePanel(false);
      else openPanel(button);
    }
  });
  document.addEventListener("click", function (event) {
    if (!panel.hidden && !panel.contains(event.target) && event.target !== opener && !(opener && opener.contains(event.target))) closePanel(false);
  });
  panel.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      event.preventDefault();
      closePanel(true);
    }
  });

  // A cell's marks: painted when it is filled (`filled`: its photo's name is new) and when
  // its photo's marks change. A photo without marks in a cell that showed none costs the
  // lookup and the ☆'s name.
  function paintCell(cell, filled) {
    var mark = Marks.get(cell.id);
    var shown = mark ? mark.rating + (mark.label || "") + (mark.rejected ? "x" : "") : "";
    if (!filled && cell.marksShown === shown) return;
    var text = Marks.describe(mark);
    cell.marksButton.setAttribute("aria-label", t("marks.marksFor", { name: cell.name.title }) + (text ? ": " + text : ""));
    if (shown === cell.marksShown && !shown) return;
    cell.marksShown = shown;
    cell.marks.textContent = mark && mark.rating ? "★★★★★".slice(0, mark.rating) : "";
    cell.marks.className = "marks" + (mark && mark.label ? " " + mark.label : "");
    cell.li.classList.toggle("rejected", !!(mark && mark.rejected));
    cell.link.setAttribute("aria-label", cell.viewLabel + (text ? ", " + text : ""));
    cell.marksButton.classList.toggle("set", !!mark);
  }
  // The photo it was for went (its cell filled for another): the panel goes too.
  function forget(li) {
    if (panel.parentNode === li) closePanel(false);
  }

  // The filter: "" all, "stars-N" at least N stars, "label-NAME", "rejected".
  var filter = $("marks-filter");
  document.querySelector("label[for=marks-filter]").textContent = t("marks.marks");
  function option(value, text) {
    var node = el("option", "", text);
    node.value = value;
    filter.appendChild(node);
  }
  option("", t("marks.filterAll"));
  for (var n = 1; n <= 5; n++) option("stars-" + n, "★ " + num(n) + (n < 5 ? "+" : ""));
  Marks.LABELS.forEach(function (name) {
    option("label-" + name, t("marks.colour." + name));
  });
  option("rejected", t("marks.filterRejected"));
  function keeps(id) {
    var how = filter.value;
    if (!how) return true;
    var mark = Marks.get(id);
    if (!mark) return false;
    if (how === "rejected") return mark.rejected;
    if (how.indexOf("stars-") === 0) return mark.rating >= +how.slice(6);
    return mark.label === how.slice(6);
  }
  // The marked photos that pass the filter (and the album and search), in gallery order.
  function positions(inView) {
    var list = [];
    Marks.ids().forEach(function (id) {
      if (!keeps(id)) return;
      var at = Data.locate(id);
      if (at !== null && at >= 0 && inView(at)) list.push(at);
    });
    return list.sort(function (a, b) {
      return a - b;
    });
  }
  filter.addEventListener("change", function () {
    Browse.apply();
  });

  Marks.onChange(function (id) {
    Grid.cells().forEach(function (cell) {
      if (!cell.placeholder && (id === null || cell.id === id)) paintCell(cell);
    });
    paintViewer();
    if (!panel.hidden) panelRow.paint(Marks.get(panel.dataset.id));
    if (filter.value) Browse.apply(true);
  });

  return {
    controls: controls,
    paintCell: paintCell,
    paintViewer: paintViewer,
    forget: forget,
    filtering: function () {
      return !!filter.value;
    },
    keeps: keeps,
    positions: positions,
  };
})());
