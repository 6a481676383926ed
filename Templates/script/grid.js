// grid: the photo cells already in the HTML

var Grid = (Proofsheet.grid = (function () {
  var main = $("gallery");
  var sections = Array.prototype.slice.call(main.querySelectorAll("section.album"));
  var cells = Object.create(null);
  var boxes = [];
  // One query for all checkboxes; each cell is the box's list item (li > label > input).
  Array.prototype.forEach.call(main.querySelectorAll('input[name="pick"]'), function (box) {
    var li = box.parentNode.parentNode;
    if (!Data.byId[box.value] || li.id !== "p-" + box.value) return;
    cells[box.value] = { li: li, box: box, badge: null };
    boxes.push(box);
  });
  var shownPositions = Object.create(null);
  var shownFull = false;

  // Updates only the cells whose number changed, so a pick costs the same with 10 or
  // 10,000 photos; the disabled state is rewritten only when the limit is reached or left.
  function render(order) {
    var positions = Object.create(null);
    order.forEach(function (id, index) {
      positions[id] = index + 1;
    });
    var touched = Object.keys(shownPositions).concat(order);
    touched.forEach(function (id) {
      var cell = cells[id];
      if (!cell || shownPositions[id] === positions[id]) return;
      var position = positions[id];
      cell.box.checked = !!position;
      if (!cell.badge && position) {
        // Badges are made when first needed: 10,000 empty spans would only weigh the page.
        cell.badge = el("span", "badge");
        cell.badge.setAttribute("aria-hidden", "true");
        cell.li.appendChild(cell.badge);
      }
      if (cell.badge) cell.badge.textContent = position ? String(position) : "";
      cell.li.classList.toggle("picked", !!position);
    });
    shownPositions = positions;
    // With limit 1 a new pick replaces the old one, so nothing is ever disabled.
    var full = Picks.isFull() && Data.limit !== 1;
    if (full !== shownFull) {
      document.body.classList.toggle("limit-reached", full);
      for (var i = 0; i < boxes.length; i++) {
        boxes[i].disabled = full && !positions[boxes[i].value];
      }
      shownFull = full;
    } else if (full) {
      // Still full after a move or an import: only the cells that changed need it.
      touched.forEach(function (id) {
        if (cells[id]) cells[id].box.disabled = !positions[id];
      });
    }
  }

  main.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || box.name !== "pick" || !cells[box.value]) return;
    if (box.checked) {
      if (!Picks.add(box.value)) {
        box.checked = false;
        Status.refused();
      }
    } else {
      Picks.remove(box.value);
    }
  });

  return {
    cells: cells,
    sections: sections,
    render: render,
    main: main,
    idOf: function (li) {
      return li.id.slice(2);
    },
  };
})());
