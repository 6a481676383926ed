// actions: export (final, or an unfinished selection saved for later), clear, import

var Actions = (Proofsheet.actions = (function () {
  var exportJSON = $("export-json");
  var exportText = $("export-text");
  var saveUnfinished = $("save-unfinished");
  var clear = $("clear");
  var clearAll = $("clear-all");
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

  // Export and copy hand over only a selection the photographer can collect as it is:
  // while picks are over the limit or gone from the gallery, they say what to fix first.
  // Picks whose photos the page has not seen yet are checked against the search index.
  // With named selections every selection is checked, each against the whole gallery.
  function whenReady(action) {
    if (!Selections.total()) return;
    function go() {
      var problems = Selections.active ? Selections.problemText() : Picks.ok() ? "" : Status.problemText();
      if (!problems) action();
      else Status.say(t("actions.notYet", { problems: problems }), "error");
    }
    if (!Picks.pending() && !Selections.active) return go();
    Status.say(t("actions.checking"));
    Data.whenComplete().then(function () {
      Picks.refresh();
      go();
    }, function (error) {
      Status.say(t("actions.checkFailed", { error: error.message }), "error");
    });
  }
  // A final selection (Export, Send) holds at least the gallery's minimum; below it the
  // page says how many are missing and that the selection can be saved unfinished.
  function whenFinal(action) {
    whenReady(function () {
      var n = Picks.count();
      var short = Selections.active ? Selections.short() : null;
      if (short) {
        Status.say(t("selections.belowMinimum", { name: short.name, min: short.min, n: short.n, missing: short.min - short.n }), "error");
        return;
      }
      if (!Selections.active && Data.minimum && n < Data.minimum) {
        Status.say(t("actions.belowMinimum", { min: Data.minimum, n: n, missing: Data.minimum - n }), "error");
        return;
      }
      action();
    });
  }
  function whom() {
    return Data.contact ? Data.contactName || Data.contact : t("actions.thePhotographer");
  }
  exportJSON.addEventListener("click", function () {
    whenFinal(exportJSONNow);
  });
  // The file's name says whose picks of which gallery (OrderFile.fileName).
  function fileName(extension, unfinished) {
    return OrderFile.fileName(Selections.total(), Notes.trimmed(Picks.about().by), extension, unfinished);
  }
  function exportJSONNow() {
    var name = fileName("json");
    download(OrderFile.json(Picks.records(), Picks.about()), name, "application/json");
    Status.say(t("actions.exportedTo", { file: name, n: Selections.total(), whom: whom() }));
  }
  exportText.addEventListener("click", function () {
    whenFinal(function () {
      var name = fileName("txt");
      download(OrderFile.text(Picks.records(), Picks.about()), name, "text/plain");
      Status.say(t("actions.exported", { file: name, n: Selections.total() }));
    });
  });
  // Below the minimum: the selection as it is, in a file that says it is unfinished (its
  // name, and `minimum` above the number of picks, which collect reports).
  saveUnfinished.addEventListener("click", function () {
    whenReady(function () {
      var n = Picks.count();
      var name = fileName("json", true);
      download(OrderFile.json(Picks.records(), Picks.about()), name, "application/json");
      if (Selections.active) Status.say(t("selections.savedUnfinished", { file: name }), "warn");
      else Status.say(t("actions.savedUnfinished", { count: n, n: Data.minimum, file: name }), "warn");
    });
  });
  // Clear empties the selection shown ("Clear Album", the others keep theirs); with named
  // selections "Clear all selections" empties every one. Each asks first, naming what goes.
  function shownName() {
    return Selections.list[Selections.current()].name;
  }
  clear.addEventListener("click", function () {
    if (!Picks.count()) return;
    var n = Picks.count();
    var named = Selections.active;
    if (!window.confirm(named ? t("selections.clearAsk", { n: n, name: shownName() }) : t("actions.clearAsk", { n: n }))) return;
    Picks.clear();
    Status.say(named ? t("selections.cleared", { name: shownName() }) : t("actions.cleared"));
    $("copy").focus(); // the More menu it was in (closed by the choice)
  });
  clearAll.addEventListener("click", function () {
    var n = Selections.total();
    if (!n || !window.confirm(t("selections.clearAllAsk", { n: n }))) return;
    Selections.clearAll();
    Status.say(t("selections.clearedAll"));
    $("copy").focus();
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
      Status.say(t("import.tooLarge", { file: file.name }), "error");
      return;
    }
    var reader = new FileReader();
    reader.onload = function () {
      apply(String(reader.result), file.name);
    };
    reader.onerror = function () {
      Status.say(t("import.unreadable", { file: file.name }), "error");
    };
    reader.readAsText(file);
  }

  // An order file names photos anywhere in the gallery: the search index tells which.
  function apply(content, fileName) {
    Data.whenComplete().then(function () {
      applyNow(content, fileName);
    }, function (error) {
      Status.say(t("import.noIndex", { error: error.message }), "error");
    });
  }
  function applyNow(content, fileName) {
    var result = OrderFile.parse(content);
    if (result.error) {
      Status.say(t("import.refused", { reason: result.error }), "error");
      return;
    }
    if (result.selections) return applyNamed(result, fileName);
    if (!result.entries.length && result.marks) {
      Marks.replace(result.marks);
      Status.say(t("marks.imported", { n: Marks.count(), file: fileName }));
      return;
    }
    var current = Picks.list();
    var incoming = result.entries.map(function (entry) {
      return typeof entry === "string" ? entry : entry.id || "path:" + entry.path;
    });
    var same = current.length === incoming.length && current.every(function (id, i) {
      return id === incoming[i];
    });
    if (current.length && !same) {
      var question = t("import.replaceAsk", { n: current.length, count: incoming.length, file: fileName });
      if (!window.confirm(question)) {
        Status.say(t("import.cancelled"));
        return;
      }
    }
    // Notes come with the file; a pick the file has no note for keeps the one it had here.
    var kept = Object.create(null);
    Picks.records().forEach(function (pick) {
      if (pick.note) kept[pick.id] = pick.note;
    });
    result.entries.forEach(function (entry) {
      if (typeof entry === "object" && !entry.note && entry.id && kept[entry.id]) entry.note = kept[entry.id];
    });
    var problems = Picks.replace(result.entries, "import", result.limit, result.notes || undefined);
    if (result.marks) Marks.replace(result.marks);
    var n = Picks.count();
    var message = t("import.done", { n: n, file: fileName });
    var noted = Picks.records().filter(function (pick) {
      return pick.note;
    }).length;
    var about = Picks.about();
    if (about.by) message += " " + t("import.by", { name: about.by });
    if (noted) message += " " + t("import.noted", { n: noted });
    if (result.notes && about.note) message += " " + t("import.selectionNote");
    if (result.otherGallery) {
      var other = result.otherGallery;
      message += " " + t(other.title ? "import.otherGalleryTitled" : "import.otherGallery", { title: other.title, id: other.id });
    }
    if (result.unknown.length) {
      var shown = result.unknown.slice(0, 10).join(", ");
      if (result.unknown.length > 10) shown = t("status.andMore", { list: shown, n: result.unknown.length - 10 });
      message += " " + t("import.unknown", { names: shown });
    }
    if (problems.over) {
      message += " " + t("import.over", { n: problems.over, limit: Data.limit, count: Status.words(problems.over) });
    }
    var warn = result.unknown.length || problems.over || result.otherGallery;
    Status.say(message, warn ? "warn" : "");
  }

  // A file of named selections: each replaces the selection of its name here.
  function applyNamed(result, fileName) {
    var before = Selections.total();
    if (before && !window.confirm(t("import.replaceNamedAsk", { n: before, file: fileName }))) {
      Status.say(t("import.cancelled"));
      return;
    }
    var unmatched = Selections.load(result.selections, result.notes);
    if (result.marks) Marks.replace(result.marks);
    var matched = result.selections.length - unmatched.length;
    var message = t("import.named", { n: Selections.total(), count: matched, file: fileName });
    if (unmatched.length) message += " " + t("import.namedUnknown", { names: unmatched.join(", ") });
    if (result.unknown.length) message += " " + t("import.unknown", { names: result.unknown.slice(0, 10).join(", ") });
    var problems = Selections.problemText();
    if (problems) message += " " + problems;
    Status.say(message, unmatched.length || result.unknown.length || problems ? "warn" : "");
  }

  function render(order) {
    var none = Selections.total() === 0;
    exportJSON.disabled = none;
    exportText.disabled = none;
    clear.disabled = order.length === 0;
    if (Selections.active) clear.textContent = t("selections.clear", { name: shownName() });
    // Only when more than the shown selection has picks: else it is Clear.
    clearAll.hidden = !Selections.active || Selections.list.length < 2;
    clearAll.disabled = none || Selections.total() === order.length;
    saveUnfinished.hidden = Selections.active ? none || !Selections.short() : !Data.minimum || none || order.length >= Data.minimum;
    Lists.render(order);
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

  return { render: render, apply: apply, whenReady: whenReady, whenFinal: whenFinal, download: download, whom: whom, fileName: fileName };
})());
