// proofsheet picker: pick photos in order up to a limit, keep them, export the order file.
//
// One plain script, no modules and no network: it must run from file:// in any browser.
// The grid is already in the HTML (the page works without this script); the script adds
// picking, the tray, filtering, the viewer and import/export on top of it. The modules
// below share one namespace, `Proofsheet`, and nothing else is global. Every string that
// came from the library is put in the page with textContent, never as HTML.
(function () {
  "use strict";

  var Proofsheet = (window.Proofsheet = {});

  // --- data: the manifest embedded by the generator -------------------------------------
  var Data = (Proofsheet.data = (function () {
    var manifest = JSON.parse(document.getElementById("proofsheet-data").textContent);
    var byId = Object.create(null);
    var byPath = Object.create(null);
    manifest.photos.forEach(function (photo, index) {
      photo.index = index;
      byId[photo.id] = photo;
      byPath[photo.path] = photo;
    });
    var limit = manifest.options.limit;
    return {
      manifest: manifest,
      gallery: manifest.gallery,
      title: manifest.title,
      limit: typeof limit === "number" && limit >= 0 ? Math.floor(limit) : 1,
      photos: manifest.photos,
      byId: byId,
      byPath: byPath,
      albumName: function (path) {
        for (var i = 0; i < manifest.albums.length; i++) {
          if (manifest.albums[i].path === path) return manifest.albums[i].name;
        }
        return path;
      },
    };
  })());

  // --- small DOM helpers ----------------------------------------------------------------
  function $(id) {
    return document.getElementById(id);
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  // Relative image paths from the manifest, percent-encoded segment by segment.
  function src(path) {
    return path.split("/").map(encodeURIComponent).join("/");
  }
  function plural(n, one, many) {
    return n === 1 ? one : many;
  }

  // --- picks: the ordered selection and the limit, the one place that changes it --------
  var Picks = (Proofsheet.picks = (function () {
    var order = [];
    var listeners = [];

    function isFull() {
      return Data.limit > 0 && order.length >= Data.limit;
    }
    function changed(reason) {
      var copy = order.slice();
      listeners.forEach(function (listener) {
        listener(copy, reason);
      });
    }
    return {
      list: function () {
        return order.slice();
      },
      count: function () {
        return order.length;
      },
      position: function (id) {
        return order.indexOf(id);
      },
      has: function (id) {
        return order.indexOf(id) >= 0;
      },
      isFull: isFull,
      onChange: function (listener) {
        listeners.push(listener);
      },
      // Appends a photo. With limit 1 it replaces the pick; otherwise a full selection
      // refuses it. Returns whether the photo is now picked.
      add: function (id) {
        if (!Data.byId[id]) return false;
        if (order.indexOf(id) >= 0) return true;
        if (Data.limit === 1) order = [];
        else if (isFull()) return false;
        order.push(id);
        changed("add");
        return true;
      },
      remove: function (id) {
        var at = order.indexOf(id);
        if (at < 0) return;
        order.splice(at, 1);
        changed("remove");
      },
      toggle: function (id) {
        if (order.indexOf(id) >= 0) {
          this.remove(id);
          return false;
        }
        return this.add(id);
      },
      moveTo: function (id, index) {
        var at = order.indexOf(id);
        if (at < 0) return;
        index = Math.max(0, Math.min(order.length - 1, index));
        if (index === at) return;
        order.splice(at, 1);
        order.splice(index, 0, id);
        changed("move");
      },
      clear: function () {
        if (!order.length) return;
        order = [];
        changed("clear");
      },
      // Replaces the selection with known, distinct ids, cut to the limit. Returns how
      // many were dropped by the limit (callers refuse over-limit files before this).
      replace: function (ids, reason) {
        var seen = Object.create(null);
        var next = [];
        ids.forEach(function (id) {
          if (typeof id === "string" && Data.byId[id] && !seen[id]) {
            seen[id] = true;
            next.push(id);
          }
        });
        var dropped = 0;
        if (Data.limit > 0 && next.length > Data.limit) {
          dropped = next.length - Data.limit;
          next = next.slice(0, Data.limit);
        }
        order = next;
        changed(reason || "replace");
        return dropped;
      },
    };
  })());

  // --- store: localStorage keyed by gallery id, optional ---------------------------------
  var Store = (Proofsheet.store = (function () {
    var key = "proofsheet:" + Data.gallery + ":picks";
    var storage = null;
    try {
      storage = window.localStorage;
      var probe = "proofsheet:probe";
      storage.setItem(probe, "1");
      storage.removeItem(probe);
    } catch (error) {
      storage = null;
    }
    return {
      available: function () {
        return storage !== null;
      },
      key: key,
      load: function () {
        if (!storage) return [];
        try {
          var saved = JSON.parse(storage.getItem(key) || "null");
          if (saved && Array.isArray(saved.picks)) return saved.picks;
        } catch (error) {
          // A damaged entry is ignored; the next pick overwrites it.
        }
        return [];
      },
      save: function (ids) {
        if (!storage) return;
        try {
          if (ids.length) storage.setItem(key, JSON.stringify({ version: 1, picks: ids }));
          else storage.removeItem(key);
        } catch (error) {
          // Quota or a revoked permission: the page goes on; the picks are still exportable.
        }
      },
    };
  })());

  // --- grid: the photo cells already in the HTML ---------------------------------------
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
          Status.flash(Data.limit + " of " + Data.limit + " picked — limit reached. Unpick one first.");
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

  // --- status: the count, heard by screen readers ---------------------------------------
  var Status = (Proofsheet.status = (function () {
    var status = $("status");
    var notice = $("notice");
    function text(count) {
      if (Data.limit === 0) return count + " picked";
      var base = count + " of " + Data.limit + " picked";
      if (count >= Data.limit) return base + (Data.limit === 1 ? " — picking another replaces it" : " — limit reached");
      return base;
    }
    return {
      render: function (order) {
        status.textContent = text(order.length);
      },
      // Messages: what an import found, what a refused action means.
      say: function (message, kind) {
        notice.textContent = message;
        notice.className = "notice" + (kind ? " " + kind : "");
      },
      flash: function (message) {
        this.say(message, "warn");
      },
      text: text,
    };
  })());

  // --- tray: the picks in order, reorder and remove ------------------------------------
  var Tray = (Proofsheet.tray = (function () {
    var list = $("tray-list");
    var empty = $("tray-empty");
    var hint = $("tray-hint");
    var dragging = null;

    function button(className, label, text, action, id) {
      var b = el("button", className, text);
      b.type = "button";
      b.setAttribute("aria-label", label);
      b.setAttribute("data-action", action);
      b.setAttribute("data-id", id);
      return b;
    }

    function render(order) {
      var focused = document.activeElement;
      var refocus = focused && list.contains(focused) ? focused.getAttribute("data-action") : null;
      var refocusId = refocus ? focused.getAttribute("data-id") : null;
      while (list.firstChild) list.removeChild(list.firstChild);
      order.forEach(function (id, index) {
        var photo = Data.byId[id];
        var item = el("li", "tray-item");
        item.setAttribute("data-id", id);
        item.draggable = true;
        var img = el("img", "tray-thumb");
        img.src = src(photo.thumb.src);
        img.alt = "";
        img.width = photo.thumb.width;
        img.height = photo.thumb.height;
        img.draggable = false;
        var number = el("span", "tray-order", String(index + 1));
        number.setAttribute("aria-hidden", "true");
        var name = el("span", "tray-name", photo.name);
        name.title = photo.path;
        var controls = el("span", "tray-controls");
        var up = button("icon", "Move " + photo.name + " up", "↑", "up", id);
        var down = button("icon", "Move " + photo.name + " down", "↓", "down", id);
        var remove = button("icon remove", "Remove " + photo.name, "✕", "remove", id);
        up.disabled = index === 0;
        down.disabled = index === order.length - 1;
        controls.appendChild(up);
        controls.appendChild(down);
        controls.appendChild(remove);
        item.appendChild(number);
        item.appendChild(img);
        item.appendChild(name);
        item.appendChild(controls);
        list.appendChild(item);
      });
      empty.hidden = order.length > 0;
      hint.hidden = order.length < 2;
      if (refocus) {
        var target = list.querySelector('button[data-id="' + cssEscape(refocusId) + '"][data-action="' + refocus + '"]');
        // A disabled button cannot keep focus: move to its sibling; after a remove, to
        // the next pick's remove button, or to the tray heading's actions.
        if (target && target.disabled) target = target.parentNode.querySelector("button:not([disabled])");
        if (!target && refocus === "remove") target = list.querySelector('button[data-action="remove"]');
        if (!target) target = $("export-json").disabled ? $("import") : $("export-json");
        target.focus();
      }
    }

    function cssEscape(value) {
      return window.CSS && CSS.escape ? CSS.escape(value) : value.replace(/["\\]/g, "\\$&");
    }

    list.addEventListener("click", function (event) {
      var b = event.target.closest ? event.target.closest("button[data-action]") : null;
      if (!b || b.disabled) return;
      var id = b.getAttribute("data-id");
      var at = Picks.position(id);
      var action = b.getAttribute("data-action");
      if (action === "up") Picks.moveTo(id, at - 1);
      else if (action === "down") Picks.moveTo(id, at + 1);
      else if (action === "remove") Picks.remove(id);
    });

    // Keys on a pick: Alt+↑/↓ move it, Alt+Home/End to either end, Delete removes it.
    list.addEventListener("keydown", function (event) {
      var item = event.target.closest ? event.target.closest(".tray-item") : null;
      if (!item) return;
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
      Status.say(Data.byId[id].name + " is now number " + (Picks.position(id) + 1) + ".");
    });

    // Dragging: the pick goes before or after the item it is dropped on.
    list.addEventListener("dragstart", function (event) {
      var item = event.target.closest ? event.target.closest(".tray-item") : null;
      if (!item) return;
      dragging = item.getAttribute("data-id");
      item.classList.add("dragging");
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", Data.byId[dragging].name);
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
      var wide = window.getComputedStyle(list).flexDirection === "row";
      return wide ? event.clientX > box.left + box.width / 2 : event.clientY > box.top + box.height / 2;
    }

    return { render: render };
  })());

  // --- order file: write and read ------------------------------------------------------
  var OrderFile = (Proofsheet.orderFile = (function () {
    function exportedNow() {
      return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
    }
    function json(ids) {
      var file = {
        format: "proofsheet-order",
        version: 1,
        gallery: Data.gallery,
        title: Data.title,
        limit: Data.limit,
        exported: exportedNow(),
        picks: ids.map(function (id, index) {
          var photo = Data.byId[id];
          return { order: index + 1, id: photo.id, path: photo.path, name: photo.name, bytes: photo.bytes };
        }),
      };
      return JSON.stringify(file, null, 2) + "\n";
    }
    function paths(ids) {
      return ids
        .map(function (id) {
          return Data.byId[id].path + "\n";
        })
        .join("");
    }
    // The plain-text variant names its gallery in a comment, which readers ignore.
    function text(ids) {
      var title = Data.title.replace(/[\r\n]+/g, " ");
      return "# proofsheet order: " + title + "\n# gallery: " + Data.gallery + "\n" + paths(ids);
    }

    // Reads an order file (JSON or plain text). Returns { ids, unknown } or { error }.
    function parse(content) {
      var body = content.replace(/^\uFEFF/, "");
      var trimmed = body.replace(/^\s+/, "");
      if (trimmed.charAt(0) === "{") return parseJSON(trimmed);
      return parseText(body);
    }
    function parseJSON(content) {
      var file;
      try {
        file = JSON.parse(content);
      } catch (error) {
        return { error: "This file is not valid JSON, so it is not an order file." };
      }
      if (!file || typeof file !== "object" || file.format !== "proofsheet-order") {
        return { error: "This JSON file is not a proofsheet order file." };
      }
      if (file.version !== 1) {
        return { error: "This order file is version " + String(file.version) + "; this page reads version 1." };
      }
      if (file.gallery !== Data.gallery) {
        var from = typeof file.title === "string" && file.title ? " (“" + file.title + "”)" : "";
        return {
          error:
            "This order file is for another gallery" + from + ": its gallery id is " + String(file.gallery) +
            ", this page's is " + Data.gallery + ". Nothing was changed.",
        };
      }
      if (!Array.isArray(file.picks)) return { error: "This order file has no list of picks." };
      var picks = file.picks.filter(function (pick) {
        return pick && typeof pick === "object";
      });
      picks = picks
        .map(function (pick, index) {
          return { pick: pick, rank: typeof pick.order === "number" && isFinite(pick.order) ? pick.order : Infinity, index: index };
        })
        .sort(function (a, b) {
          return a.rank - b.rank || a.index - b.index;
        })
        .map(function (entry) {
          return entry.pick;
        });
      return resolve(
        picks.map(function (pick) {
          var photo = (typeof pick.id === "string" && Data.byId[pick.id]) || (typeof pick.path === "string" && Data.byPath[pick.path]);
          var label = typeof pick.name === "string" && pick.name ? pick.name : typeof pick.path === "string" ? pick.path : String(pick.id);
          return { photo: photo, label: label };
        })
      );
    }
    function parseText(content) {
      if (content.indexOf("\u0000") >= 0) return { error: "This is not a text file, so it is not an order file." };
      var entries = [];
      var gallery = null;
      var lines = content.split(/\r?\n/);
      for (var i = 0; i < lines.length; i++) {
        var line = lines[i].trim();
        if (!line) continue;
        if (line.charAt(0) === "#") {
          var match = /^#\s*gallery:\s*(\S+)\s*$/.exec(line);
          if (match) gallery = match[1];
          continue;
        }
        entries.push({ photo: Data.byPath[line], label: line });
      }
      if (gallery !== null && gallery !== Data.gallery) {
        return { error: "This list is for another gallery: its gallery id is " + gallery + ", this page's is " + Data.gallery + ". Nothing was changed." };
      }
      if (!entries.length) return { error: "This file lists no photos." };
      return resolve(entries);
    }
    function resolve(entries) {
      var ids = [];
      var unknown = [];
      var seen = Object.create(null);
      entries.forEach(function (entry) {
        if (!entry.photo) unknown.push(entry.label);
        else if (!seen[entry.photo.id]) {
          seen[entry.photo.id] = true;
          ids.push(entry.photo.id);
        }
      });
      if (!ids.length) {
        return { error: "None of the " + unknown.length + " " + plural(unknown.length, "photo", "photos") + " it names is in this gallery. Nothing was changed." };
      }
      if (Data.limit > 0 && ids.length + unknown.length > Data.limit) {
        return {
          error:
            "This order file has " + (ids.length + unknown.length) + " picks, more than this gallery's limit of " +
            Data.limit + ". Nothing was changed.",
        };
      }
      return { ids: ids, unknown: unknown };
    }
    return { json: json, text: text, paths: paths, parse: parse };
  })());

  // --- actions: export, copy, clear, import --------------------------------------------
  var Actions = (Proofsheet.actions = (function () {
    var exportJSON = $("export-json");
    var exportText = $("export-text");
    var copy = $("copy");
    var clear = $("clear");
    var importButton = $("import");
    var importFile = $("import-file");

    function download(content, name, type) {
      var blob = new Blob([content], { type: type });
      var url = URL.createObjectURL(blob);
      var link = el("a");
      link.href = url;
      link.download = name;
      link.hidden = true;
      document.body.appendChild(link);
      link.click();
      document.body.removeChild(link);
      // Revoking at once can cancel the download in some browsers; a minute is plenty.
      setTimeout(function () {
        URL.revokeObjectURL(url);
      }, 60000);
    }

    exportJSON.addEventListener("click", function () {
      if (!Picks.count()) return;
      download(OrderFile.json(Picks.list()), "order.json", "application/json");
      Status.say("Exported order.json with " + Picks.count() + " " + plural(Picks.count(), "pick", "picks") + ". Send it to the photographer.");
    });
    exportText.addEventListener("click", function () {
      if (!Picks.count()) return;
      download(OrderFile.text(Picks.list()), "order.txt", "text/plain");
      Status.say("Exported order.txt with " + Picks.count() + " " + plural(Picks.count(), "path", "paths") + ".");
    });
    copy.addEventListener("click", function () {
      if (!Picks.count()) return;
      var text = OrderFile.paths(Picks.list());
      var done = function () {
        Status.say("Copied the " + Picks.count() + " " + plural(Picks.count(), "path", "paths") + " to the clipboard.");
      };
      var fallback = function () {
        // Older engines and pages without clipboard permission: a selected textarea.
        var area = el("textarea");
        area.value = text;
        area.setAttribute("readonly", "");
        area.className = "offscreen";
        document.body.appendChild(area);
        area.select();
        var ok = false;
        try {
          ok = document.execCommand("copy");
        } catch (error) {
          ok = false;
        }
        document.body.removeChild(area);
        copy.focus();
        if (ok) done();
        else Status.say("This browser would not copy; use Export as text instead.", "warn");
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
      else fallback();
    });
    clear.addEventListener("click", function () {
      if (!Picks.count()) return;
      var n = Picks.count();
      if (!window.confirm("Clear all " + n + " " + plural(n, "pick", "picks") + "? This cannot be undone.")) return;
      Picks.clear();
      Status.say("Cleared. Nothing is picked.");
      importButton.focus();
    });

    importButton.addEventListener("click", function () {
      importFile.value = "";
      importFile.click();
    });
    importFile.addEventListener("change", function () {
      if (importFile.files && importFile.files[0]) load(importFile.files[0]);
    });

    function load(file) {
      if (file.size > 16 * 1024 * 1024) {
        Status.say("“" + file.name + "” is too large to be an order file.", "error");
        return;
      }
      var reader = new FileReader();
      reader.onload = function () {
        apply(String(reader.result), file.name);
      };
      reader.onerror = function () {
        Status.say("Could not read “" + file.name + "”.", "error");
      };
      reader.readAsText(file);
    }

    function apply(content, fileName) {
      var result = OrderFile.parse(content);
      if (result.error) {
        Status.say("Not imported: " + result.error, "error");
        return;
      }
      var current = Picks.list();
      var same = current.length === result.ids.length && current.every(function (id, i) {
        return id === result.ids[i];
      });
      if (current.length && !same) {
        var question = "Replace your " + current.length + " " + plural(current.length, "pick", "picks") +
          " with the " + result.ids.length + " in “" + fileName + "”?";
        if (!window.confirm(question)) {
          Status.say("Import cancelled; your picks are unchanged.");
          return;
        }
      }
      Picks.replace(result.ids, "import");
      var message = "Imported " + result.ids.length + " " + plural(result.ids.length, "pick", "picks") + " from “" + fileName + "”.";
      if (result.unknown.length) {
        var shown = result.unknown.slice(0, 10).join(", ");
        var more = result.unknown.length > 10 ? " and " + (result.unknown.length - 10) + " more" : "";
        message += " Not in this gallery, so left out: " + shown + more + ".";
      }
      Status.say(message, result.unknown.length ? "warn" : "");
    }

    function render(order) {
      var none = order.length === 0;
      exportJSON.disabled = none;
      exportText.disabled = none;
      copy.disabled = none;
      clear.disabled = none;
    }

    // Dropping a file anywhere on the page imports it.
    var zone = $("drop-zone");
    var depth = 0;
    function hasFiles(event) {
      var types = event.dataTransfer && event.dataTransfer.types;
      return !!types && Array.prototype.indexOf.call(types, "Files") >= 0;
    }
    document.addEventListener("dragenter", function (event) {
      if (!hasFiles(event)) return;
      depth += 1;
      zone.hidden = false;
    });
    document.addEventListener("dragleave", function (event) {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (!depth) zone.hidden = true;
    });
    document.addEventListener("dragover", function (event) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    });
    document.addEventListener("drop", function (event) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      zone.hidden = true;
      var files = event.dataTransfer.files;
      if (files && files.length) load(files[0]);
    });

    return { render: render, apply: apply };
  })());

  // --- browse: album filter, search, sort ---------------------------------------------
  var Browse = (Proofsheet.browse = (function () {
    var albumFilter = $("album-filter");
    var search = $("search");
    var sort = $("sort");
    var shown = $("shown");
    var noResults = $("no-results");
    var collator = window.Intl && Intl.Collator ? new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }) : null;
    var visible = Data.photos.map(function (photo) {
      return photo.id;
    });
    var currentSort = Data.manifest.options.sort === "name" ? "name" : "date";
    sort.value = currentSort;
    var keys = Data.photos.map(function (photo) {
      return fold(photo.name);
    });

    function fold(text) {
      var folded = text.toLowerCase();
      return folded.normalize ? folded.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : folded;
    }
    function compareNames(a, b) {
      return collator ? collator.compare(a.name, b.name) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    }
    function comparator(how) {
      return function (a, b) {
        var c = 0;
        if (how === "name") c = compareNames(a, b) || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
        else {
          c = a.date < b.date ? -1 : a.date > b.date ? 1 : compareNames(a, b);
          if (how === "date-desc") c = -c;
        }
        return c || a.index - b.index;
      };
    }

    // Reorders the cells inside each album; albums keep their place, and each run of
    // cells (a list of its own, for speed) keeps its length.
    function applySort(how) {
      currentSort = how;
      Grid.sections.forEach(function (section) {
        var items = Array.prototype.slice.call(section.querySelectorAll("li.photo")).filter(function (li) {
          return Grid.cells[Grid.idOf(li)];
        });
        var photos = items.map(function (li) {
          return Data.byId[Grid.idOf(li)];
        });
        photos.sort(comparator(how));
        // Count every run before moving anything: a move changes two runs' lengths.
        var grids = Array.prototype.slice.call(section.querySelectorAll(".grid"));
        var counts = grids.map(function (grid) {
          return grid.children.length;
        });
        var at = 0;
        grids.forEach(function (grid, index) {
          var fragment = document.createDocumentFragment();
          photos.slice(at, at + counts[index]).forEach(function (photo) {
            fragment.appendChild(Grid.cells[photo.id].li);
          });
          at += counts[index];
          grid.appendChild(fragment);
        });
      });
      applyFilter();
    }

    function applyFilter() {
      var album = albumFilter.value;
      var query = fold(search.value.trim());
      var count = 0;
      var order = [];
      // While searching, the runs flow together so the matches fill whole rows.
      Grid.main.classList.toggle("searching", !!query);
      Grid.sections.forEach(function (section) {
        var path = section.getAttribute("data-album");
        var inAlbum = album === "*" || album === path;
        var any = false;
        Array.prototype.forEach.call(section.querySelectorAll("li.photo"), function (li) {
          var id = Grid.idOf(li);
          var photo = Grid.cells[id] && Data.byId[id];
          if (!photo) return;
          var match = inAlbum && (!query || keys[photo.index].indexOf(query) >= 0);
          if (li.hidden === match) li.hidden = !match;
          if (match) {
            any = true;
            count += 1;
            order.push(id);
          }
        });
        section.hidden = !any;
      });
      visible = order;
      Thumbs.watch(order);
      var total = Data.photos.length;
      shown.textContent = count === total ? "" : "Showing " + count + " of " + total + " " + plural(total, "photo", "photos") + ".";
      noResults.hidden = count > 0;
    }

    var pending = null;
    search.addEventListener("input", function () {
      if (pending) clearTimeout(pending);
      // Typing fast in a 10,000-photo gallery filters once per pause, not per key.
      pending = setTimeout(function () {
        pending = null;
        applyFilter();
      }, Data.photos.length > 2000 ? 120 : 0);
    });
    search.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        if (pending) clearTimeout(pending);
        pending = null;
        applyFilter();
      }
    });
    albumFilter.addEventListener("change", applyFilter);
    sort.addEventListener("change", function () {
      applySort(sort.value);
    });

    return {
      visible: function () {
        return visible;
      },
    };
  })());

  // --- thumbs: grid images, made when they come near the screen --------------------------
  // The HTML carries each thumbnail inside <noscript>, so without a script the browser
  // shows them (lazily); with the script that markup is inert text and the images are
  // made here. 10,000 <img loading=lazy> cost a second to create and a long pass on every
  // frame; this watches only the two ends of each run of 24 cells.
  var Thumbs = (Proofsheet.thumbs = (function () {
    var loaded = Object.create(null);
    var runs = new Map();
    var size = 24;
    var observer =
      "IntersectionObserver" in window && window.Map
        ? new IntersectionObserver(arrived, { rootMargin: "1200px 0px" })
        : null;

    function load(id) {
      if (loaded[id]) return;
      loaded[id] = true;
      var photo = Data.byId[id];
      var link = Grid.cells[id].li.querySelector("a.open");
      if (!link) return;
      var img = document.createElement("img");
      img.width = photo.thumb.width;
      img.height = photo.thumb.height;
      img.alt = "";
      img.decoding = "async";
      img.srcset = src(photo.thumb2x.src) + " 2x";
      img.src = src(photo.thumb.src);
      link.appendChild(img);
    }
    function arrived(entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        var run = runs.get(entry.target);
        if (!run) return;
        run.ids.forEach(load);
        run.ends.forEach(function (end) {
          observer.unobserve(end);
          runs.delete(end);
        });
      });
    }
    // Regroups the shown cells that still lack an image; called after each filter or sort.
    function watch(ids) {
      var pending = ids.filter(function (id) {
        return !loaded[id];
      });
      if (!observer) {
        pending.forEach(load);
        return;
      }
      observer.disconnect();
      runs.clear();
      for (var i = 0; i < pending.length; i += size) {
        var run = { ids: pending.slice(i, i + size), ends: [] };
        [run.ids[0], run.ids[run.ids.length - 1]].forEach(function (id) {
          var li = Grid.cells[id].li;
          if (runs.has(li)) return;
          runs.set(li, run);
          run.ends.push(li);
          observer.observe(li);
        });
      }
    }
    return { watch: watch, load: load };
  })());

  // --- viewer: the preview, full screen ------------------------------------------------
  var Viewer = (Proofsheet.viewer = (function () {
    var dialog = $("viewer");
    var image = $("viewer-image");
    var name = $("viewer-name");
    var count = $("viewer-count");
    var pick = $("viewer-pick");
    var pickLabel = $("viewer-pick-label");
    var badge = $("viewer-badge");
    var exif = $("viewer-exif");
    var stage = $("viewer-stage");
    var current = null;
    var opener = null;
    var supported = typeof dialog.showModal === "function";

    function open(id, from) {
      if (!supported) return false;
      opener = from || null;
      show(id);
      if (!dialog.open) dialog.showModal();
      // Space picks: on the checkbox natively, on the stage through the key handler.
      if (pick.disabled) stage.focus();
      else pick.focus();
      return true;
    }
    function show(id) {
      var photo = Data.byId[id];
      current = id;
      image.src = src(photo.preview.src);
      image.width = photo.preview.width;
      image.height = photo.preview.height;
      image.alt = photo.description || photo.name;
      name.textContent = photo.name;
      var list = Browse.visible();
      var at = list.indexOf(id);
      count.textContent = at >= 0 ? at + 1 + " of " + list.length : "";
      details(photo);
      render();
    }
    function details(photo) {
      while (exif.firstChild) exif.removeChild(exif.firstChild);
      var rows = [
        ["Date", photo.date ? photo.date.replace("T", " ") + (photo.dateSource === "file" ? " (file time)" : "") : ""],
        ["Camera", photo.camera],
        ["Lens", photo.lens],
        ["Exposure", photo.exposure],
        ["Aperture", photo.aperture],
        ["ISO", photo.iso ? String(photo.iso) : ""],
        ["Focal length", photo.focalLength],
        ["Size", photo.width + " × " + photo.height + " px, " + formatBytes(photo.bytes)],
        ["Album", photo.album ? Data.albumName(photo.album) : ""],
        ["File", photo.path],
        ["Description", photo.description],
      ];
      rows.forEach(function (row) {
        if (!row[1]) return;
        exif.appendChild(el("dt", "", row[0]));
        exif.appendChild(el("dd", "", row[1]));
      });
    }
    function formatBytes(n) {
      if (n >= 1048576) return (n / 1048576).toFixed(1) + " MB";
      if (n >= 1024) return Math.round(n / 1024) + " KB";
      return n + " bytes";
    }
    function render() {
      if (!current) return;
      var at = Picks.position(current);
      pick.checked = at >= 0;
      pick.disabled = at < 0 && Picks.isFull() && Data.limit !== 1;
      pickLabel.textContent = at >= 0 ? "Picked, number " + (at + 1) : pick.disabled ? "Limit reached" : "Pick";
      badge.textContent = at >= 0 ? String(at + 1) : "";
    }
    function step(delta) {
      var list = Browse.visible();
      if (!list.length) return;
      var at = list.indexOf(current);
      var next = at < 0 ? 0 : (at + delta + list.length) % list.length;
      show(list[next]);
    }
    function togglePick() {
      if (!current) return;
      if (Picks.has(current)) Picks.remove(current);
      else if (!Picks.add(current)) Status.flash(Data.limit + " of " + Data.limit + " picked — limit reached. Unpick one first.");
      render();
    }

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
    $("viewer-close").addEventListener("click", function () {
      dialog.close();
    });
    dialog.addEventListener("keydown", function (event) {
      var tag = event.target.tagName;
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        if (tag === "INPUT" && event.target.type !== "checkbox") return;
        event.preventDefault();
        step(event.key === "ArrowLeft" ? -1 : 1);
      } else if (event.key === " " && tag !== "BUTTON" && tag !== "SUMMARY" && tag !== "INPUT") {
        event.preventDefault();
        togglePick();
      }
    });
    dialog.addEventListener("close", function () {
      current = null;
      image.removeAttribute("src");
      if (opener && document.contains(opener)) opener.focus();
    });
    // A click on the backdrop (outside the dialog's box) closes it.
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
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
      if (li && Grid.cells[Grid.idOf(li)] && open(Grid.idOf(li), link)) event.preventDefault();
    });

    return { open: open, render: render };
  })());

  // --- start -----------------------------------------------------------------------------
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
})();
