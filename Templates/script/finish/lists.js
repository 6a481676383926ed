// lists: the picks as text for editing software (issue 13), the same bytes as
// `proofsheet collect ORDER --list FORMAT` (Sources/ProofsheetKit/Orders/PickLists.swift),
// and the More menu (issue 29): everything but Review — save unfinished, export as text,
// print, import, clear — and, under "For the photographer", the lists put on the clipboard.
// A name a program's search cannot hold exactly (docs/formats.md) is left out of its list,
// and the page says which, as collect does on stderr. With named selections every list
// holds every selection, each under its name.

var Lists = (Proofsheet.lists = (function () {
  var FORMATS = {
    text: t("lists.text"),
    lightroom: t("lists.lightroom"),
    "capture-one": t("lists.captureOne"),
    finder: t("lists.finder"),
    csv: t("lists.csv"),
  };
  // What separates words without being a plain space (PastedListReader.isBlank).
  var BLANK = /[ \t\r\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]/;

  function nameOf(path) {
    return path.split("/").pop();
  }
  function albumOf(path) {
    var slash = path.lastIndexOf("/");
    return slash < 0 ? "" : path.slice(0, slash);
  }
  // `IMG_1.JPG` → `IMG_1`; a leading dot does not start an extension.
  function stem(name) {
    var dot = name.lastIndexOf(".");
    return dot <= 0 ? name : name.slice(0, dot);
  }
  // Base names, each once, in pick order (a base name also matches the RAW).
  function baseNames(picks) {
    var seen = Object.create(null);
    var names = [];
    picks.forEach(function (pick) {
      var base = stem(nameOf(pick.path));
      if (seen[base]) return;
      seen[base] = true;
      names.push(base);
    });
    return names;
  }
  // A search field holds one line of text: no control character but tab, no line break.
  var CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
  // The formats that search by name (the others list paths).
  var WHERE = { lightroom: true, "capture-one": true, finder: true };
  // Why a base name cannot be written in a format's list so that it finds that photo
  // alone, or "" when it can (PickLists.unwritable).
  function unwritable(format, name) {
    if (!WHERE[format]) return "";
    if (CONTROL.test(name)) return t("lists.whyControl");
    if (format === "lightroom") {
      // Lightroom Classic's text filter: commas separate its terms; a leading ! excludes,
      // a leading or trailing + anchors; blanks around a term are dropped.
      if (name.indexOf(",") >= 0) return t("lists.whyComma");
      if (/^[!+]|\+$/.test(name)) return t("lists.whyOperator");
      if (BLANK.test(name.charAt(0)) || BLANK.test(name.charAt(name.length - 1))) return t("lists.whyBlanks");
      return "";
    }
    // Capture One and the Finder quote a term with spaces, and have no way to write a
    // double quote inside one.
    if (name.indexOf('"') >= 0) return t("lists.whyQuote");
    return "";
  }
  function written(format, picks) {
    return baseNames(picks).filter(function (name) {
      return !unwritable(format, name);
    });
  }
  // The names left out of a format's list, each with why.
  function leftOut(format, picks) {
    return baseNames(picks.map(OrderFile.finishedPick))
      .filter(function (name) {
        return unwritable(format, name);
      })
      .map(function (name) {
        return { name: name, reason: unwritable(format, name) };
      });
  }
  function quotedIfSpaced(name) {
    return BLANK.test(name) ? '"' + name + '"' : name;
  }
  // The Finder reads AND, OR and NOT as operators.
  function finderTerm(name) {
    return BLANK.test(name) || /^(AND|OR|NOT)$/.test(name) ? '"' + name + '"' : name;
  }
  // RFC 4180, and a field a spreadsheet would run as a formula gets a ' in front.
  function csvField(value) {
    var text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = "'" + text;
    if (/[,"\n\r]/.test(text) || /^ | $/.test(text)) return '"' + text.replace(/"/g, '""') + '"';
    return text;
  }
  function csvRows(picks, about, selection) {
    return picks.map(function (pick, index) {
      var row = [String(index + 1), nameOf(pick.path), pick.path, albumOf(pick.path), pick.note || "", about.by || ""];
      return selection === undefined ? row : [selection].concat(row);
    });
  }
  function csv(picks, about) {
    return csvText([["order", "name", "path", "album", "note", "by"]].concat(csvRows(picks, about)));
  }
  function csvText(rows) {
    return rows
      .map(function (row) {
        return row.map(csvField).join(",");
      })
      .join("\r\n") + "\r\n";
  }
  // With named selections: the CSV has a `selection` column first; the others give each
  // selection that has picks under its heading ("Album (24 of 20–30):"), its list on the
  // line below (as `collect --list FORMAT --selection NAME` writes it), a blank line between.
  function named(name, about) {
    var selections = Selections.all();
    if (name === "text") return OrderFile.text([], about);
    if (name === "csv") {
      var rows = [];
      selections.forEach(function (selection) {
        rows = rows.concat(csvRows(selection.picks.map(OrderFile.finishedPick), OrderFile.finished(about), selection.name));
      });
      return csvText([["selection", "order", "name", "path", "album", "note", "by"]].concat(rows));
    }
    return selections
      .filter(function (selection) {
        return selection.picks.length > 0;
      })
      .map(function (selection) {
        return OrderFile.heading(selection) + "\n" + format(name, selection.picks, about, true);
      })
      .join("\n");
  }
  // Every pick the lists hold: the shown selection's, or every named selection's.
  function allPicks() {
    if (!Selections.active) return Picks.records();
    var picks = [];
    Selections.all().forEach(function (selection) {
      picks = picks.concat(selection.picks);
    });
    return picks;
  }
  // The list in a format: picks from Picks.records(), about from Picks.about(); one
  // selection's alone when `one`, else with named selections all of them.
  function format(name, picks, about, one) {
    if (Selections.active && !one) return named(name, about);
    about = OrderFile.finished(about);
    picks = picks.map(OrderFile.finishedPick);
    if (name === "text") return OrderFile.text(picks, about);
    if (name === "lightroom") return written(name, picks).join(", ") + "\n";
    if (name === "capture-one") return written(name, picks).map(quotedIfSpaced).join(" ") + "\n";
    if (name === "finder") return written(name, picks).map(finderTerm).join(" OR ") + "\n";
    if (name === "csv") return csv(picks, about);
    throw new Error("no list format " + name);
  }

  // The More menu: a disclosure button and its choices. Any choice closes it.
  var toggle = $("copy");
  var menu = $("copy-menu");
  var fallback = $("copy-fallback");
  var fallbackText = $("copy-fallback-text");
  function setOpen(open) {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  }
  toggle.addEventListener("click", function () {
    setOpen(menu.hidden);
    if (menu.hidden) return;
    var first = Array.prototype.find.call(menu.querySelectorAll("button"), function (b) {
      return !b.hidden && !b.disabled;
    });
    if (first) first.focus();
  });
  // Esc closes it, from the menu or from its button.
  toggle.parentNode.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !menu.hidden) {
      event.preventDefault();
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", function (event) {
    if (!menu.hidden && !menu.contains(event.target) && event.target !== toggle) setOpen(false);
  });
  menu.addEventListener("click", function (event) {
    var chosen = event.target.closest ? event.target.closest("button") : null;
    if (!chosen) return;
    setOpen(false);
    var b = chosen.hasAttribute("data-format") ? chosen : null;
    if (!b) return;
    var name = b.getAttribute("data-format");
    toggle.focus();
    Actions.whenReady(function () {
      copy(format(name, Picks.records(), Picks.about()), FORMATS[name], leftOut(name, allPicks()));
    });
  });
  $("copy-fallback-close").addEventListener("click", function () {
    fallback.hidden = true;
    toggle.focus();
  });

  // To the clipboard where the browser lets the page write it; else the text shown,
  // selected, for the viewer to copy themselves.
  function copy(text, what, left) {
    var n = Selections.total();
    var missing = (left || []).map(function (entry) {
      return t("lists.entry", { name: entry.name, reason: entry.reason });
    });
    var leftNote = missing.length ? " " + t("lists.leftOut", { n: missing.length, what: what, names: missing.join(", ") }) : "";
    function done() {
      fallback.hidden = true;
      Status.say(t("lists.copied", { what: what, n: n }) + leftNote, missing.length ? "warn" : undefined);
    }
    function show() {
      fallbackText.value = text;
      fallback.hidden = false;
      fallbackText.focus();
      fallbackText.select();
      Status.say(t("lists.copyFailed", { what: what }), "warn");
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, show);
    } else {
      show();
    }
  }

  // The menu is always there (Import needs no picks); the lists need some.
  function render(order) {
    Array.prototype.forEach.call(menu.querySelectorAll("button[data-format]"), function (b) {
      b.disabled = Selections.total() === 0;
    });
  }

  return { format: format, formats: FORMATS, copy: copy, render: render, baseNames: baseNames, csvField: csvField, leftOut: leftOut };
})());
