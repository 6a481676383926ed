// tray: the picks in order, reorder and remove

var Tray = (Proofsheet.tray = (function () {
  var list = $("tray-list");
  var empty = $("tray-empty");
  var hint = $("tray-hint");
  var dragging = null;

  function render(order) {
    var focused = document.activeElement;
    var refocus = focused && list.contains(focused) ? focused.getAttribute("data-action") : null;
    var refocusId = refocus ? focused.getAttribute("data-id") : null;
    // An item whose pick shows the same is kept where it is: a pick among 500 makes one
    // item, not 500 (rebuilding them all cost ~150 ms a pick in Chromium).
    var kept = {};
    for (var node = list.firstChild; node; node = node.nextSibling) kept[node.getAttribute("data-id")] = node;
    var cursor = list.firstChild;
    var records = Picks.records();
    var wanted = [];
    records.forEach(function (pick, index) {
      var id = pick.id;
      var over = Data.limit > 0 && index >= Data.limit;
      var shows = [pick.name, pick.path, pick.thumb, pick.missing, over, index, index === records.length - 1, pick.note || "", Notes.isOpen(id)].join("\u0000");
      var old = Object.prototype.hasOwnProperty.call(kept, id) ? kept[id] : null;
      if (old && old.shows === shows) {
        if (old === cursor) cursor = cursor.nextSibling;
        else list.insertBefore(old, cursor);
        old.classList.remove("dragging", "drop-before", "drop-after"); // a drag's marks end with it
        if (!pick.thumb || pick.missing) {
          var wait = pick.missing ? -1 : Data.locate(id);
          if (wait !== null && wait >= 0) wanted.push(wait);
        }
        return;
      }
      if (old) {
        if (old === cursor) cursor = cursor.nextSibling;
        list.removeChild(old);
      }
      var item = el("li", "tray-item" + (pick.missing ? " missing" : "") + (over ? " over" : ""));
      item.setAttribute("data-id", id);
      item.draggable = true;
      var thumb;
      if (pick.thumb && !pick.missing) {
        thumb = el("img", "tray-thumb");
        thumb.alt = "";
        thumb.draggable = false;
        thumb.loading = "lazy";
        thumb.addEventListener("error", forget);
        thumb.src = src(pick.thumb);
      } else {
        thumb = el("span", "tray-thumb");
        // Its chunk has the thumbnail (and, after a move, the name and path).
        var at = pick.missing ? -1 : Data.locate(id);
        if (at !== null && at >= 0) wanted.push(at);
      }
      var number = el("span", "tray-order", String(index + 1));
      number.setAttribute("aria-hidden", "true");
      var label = el("span", "tray-text");
      var name = breakableName(el("span", "tray-name"), pick.name);
      name.title = pick.path;
      label.appendChild(name);
      var problem = pick.missing ? t("tray.gone") : over ? t("tray.overLimit") : "";
      if (problem) label.appendChild(el("span", "tray-problem", problem));
      var noteButton = Notes.noteButton(pick);
      if (noteButton) label.appendChild(noteButton);
      var controls = el("span", "tray-controls");
      var up = pickControl("icon", t("tray.moveUp", { name: pick.name }), "↑", "up", id);
      var down = pickControl("icon", t("tray.moveDown", { name: pick.name }), "↓", "down", id);
      var removeLabel = problem ? t("tray.removeProblem", { name: pick.name, problem: problem }) : t("tray.remove", { name: pick.name });
      var remove = pickControl("icon remove", removeLabel, "✕", "remove", id);
      up.disabled = index === 0;
      down.disabled = index === records.length - 1;
      controls.appendChild(up);
      controls.appendChild(down);
      controls.appendChild(remove);
      item.appendChild(number);
      item.appendChild(thumb);
      item.appendChild(label);
      item.appendChild(controls);
      var note = Notes.trayNote(pick);
      if (note) item.appendChild(note);
      item.shows = shows;
      list.insertBefore(item, cursor);
    });
    while (cursor) {
      var next = cursor.nextSibling;
      list.removeChild(cursor);
      cursor = next;
    }
    wanted.forEach(function (at) {
      Data.ensure(at).catch(function () {});
    });
    // Hidden by the script rather than by CSS :empty, which made WebKit restyle every
    // pick whenever one came or went.
    list.hidden = order.length === 0;
    empty.hidden = order.length > 0;
    hint.hidden = order.length < 2;
    if (refocus && document.activeElement !== focused) {
      var target = list.querySelector('button[data-id="' + cssEscape(refocusId) + '"][data-action="' + refocus + '"]');
      // A disabled button cannot keep focus: move to its sibling; after a remove, to
      // the next pick's remove button, or to the tray heading's actions.
      if (target && target.disabled) target = target.parentNode.querySelector("button:not([disabled])");
      if (!target && refocus === "remove") target = list.querySelector('button[data-action="remove"]');
      if (!target) target = $("export-json").disabled ? $("import") : $("export-json");
      target.focus();
    }
  }

  function forget(event) {
    var item = event.target.closest(".tray-item");
    if (item) Picks.forgetThumb(item.getAttribute("data-id"));
  }

  // Clicks on the pick buttons of `list` (the tray's, the review sheet's): `earlier` and
  // `later` name the actions that move a pick one place, "remove" removes it, and any
  // other action goes to `other(action, id)`.
  function onPickButtons(list, earlier, later, other) {
    list.addEventListener("click", function (event) {
      var b = event.target.closest ? event.target.closest("button[data-action]") : null;
      if (!b || b.disabled) return;
      var id = b.getAttribute("data-id");
      var at = Picks.position(id);
      var action = b.getAttribute("data-action");
      if (action === earlier) Picks.moveTo(id, at - 1);
      else if (action === later) Picks.moveTo(id, at + 1);
      else if (action === "remove") Picks.remove(id);
      else other(action, id);
    });
  }
  onPickButtons(list, "up", "down", function (action, id) {
    if (action === "note") Notes.openNote(id);
  });

  // Keys on a pick: Alt+↑/↓ move it, Alt+Home/End to either end, Delete removes it.
  list.addEventListener("keydown", function (event) {
    var item = event.target.closest ? event.target.closest(".tray-item") : null;
    if (!item || event.target.tagName === "TEXTAREA") return; // keys in a note are typing
    var id = item.getAttribute("data-id");
    var at = Picks.position(id);
    var to = null;
    if (event.altKey && event.key === "ArrowUp") to = at - 1;
    else if (event.altKey && event.key === "ArrowDown") to = at + 1;
    else if (event.altKey && event.key === "Home") to = 0;
    else if (event.altKey && event.key === "End") to = Picks.count() - 1;
    else if (event.key === "Delete") {
      event.preventDefault();
      var remove = item.querySelector('button[data-action="remove"]');
      remove.focus();
      Picks.remove(id);
      return;
    }
    if (to === null) return;
    event.preventDefault();
    var action = event.target.getAttribute("data-action");
    if (!action) {
      // Keep focus on the same kind of control after the list is redrawn.
      var move = item.querySelector('button[data-action="up"]');
      move.focus();
    }
    Picks.moveTo(id, to);
    Status.say(t("tray.moved", { name: Picks.get(id).name, n: Picks.position(id) + 1 }));
  });

  // Dragging: the pick goes before or after the item it is dropped on.
  list.addEventListener("dragstart", function (event) {
    var item = event.target.closest ? event.target.closest(".tray-item") : null;
    if (!item || event.target.tagName === "TEXTAREA") return;
    dragging = item.getAttribute("data-id");
    item.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", Picks.get(dragging).name);
  });
  list.addEventListener("dragover", function (event) {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    var item = event.target.closest ? event.target.closest(".tray-item") : null;
    Array.prototype.forEach.call(list.children, function (child) {
      child.classList.remove("drop-before", "drop-after");
    });
    if (item && item.getAttribute("data-id") !== dragging) {
      item.classList.add(isAfter(item, event) ? "drop-after" : "drop-before");
    }
  });
  list.addEventListener("drop", function (event) {
    if (!dragging) return;
    event.preventDefault();
    var item = event.target.closest ? event.target.closest(".tray-item") : null;
    var id = dragging;
    dragging = null;
    if (!item || item.getAttribute("data-id") === id) {
      render(Picks.list());
      return;
    }
    var target = Picks.position(item.getAttribute("data-id"));
    var from = Picks.position(id);
    var index = target + (isAfter(item, event) ? 1 : 0);
    if (from < index) index -= 1;
    Picks.moveTo(id, index);
    render(Picks.list());
  });
  list.addEventListener("dragend", function () {
    if (dragging) {
      dragging = null;
      render(Picks.list());
    }
  });
  function isAfter(item, event) {
    var box = item.getBoundingClientRect();
    return event.clientY > box.top + box.height / 2;
  }

  return { render: render, onPickButtons: onPickButtons };
})());
