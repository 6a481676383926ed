// order file: write and read

var OrderFile = (Proofsheet.orderFile = (function () {
  function exportedNow() {
    return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  // picks: records from Picks.records(), all of them photos of this gallery; about: the
  // selection's { note, by } (Picks.about()). The optional fields (`minimum`, `by`,
  // `note`, a pick's `note`) are written only when there is something in them, so a
  // selection without notes gives the same file as before notes existed.
  function json(picks, about) {
    about = finished(about);
    picks = picks.map(finishedPick);
    // Marks (issue 31) make it version 2; without them the file is version 1, as before.
    var marks = Marks.records();
    if (Selections.active) return named(about, marks);
    var file = {
      format: "proofsheet-order",
      version: marks.length ? 2 : 1,
      gallery: Data.gallery,
      title: Data.title,
      limit: Data.limit,
    };
    if (Data.minimum) file.minimum = Data.minimum;
    file.exported = exportedNow();
    if (about.by) file.by = about.by;
    if (about.note) file.note = about.note;
    file.picks = picks.map(pickEntry);
    if (marks.length) file.marks = marks;
    return JSON.stringify(file, null, 2) + "\n";
  }
  function pickEntry(pick, index) {
    var entry = { order: index + 1, id: pick.id, path: pick.path, name: pick.name, bytes: pick.bytes };
    // A path that is not UTF-8: `path` is what the page shows, these its exact bytes.
    if (pick.pathBytes) entry.pathBytes = pick.pathBytes;
    if (pick.note) entry.note = pick.note;
    return entry;
  }
  // With named selections: version 2 with `selections` (each its name, `min`, `limit` and
  // picks) and no `picks`, `limit` or `minimum` of its own (docs/formats.md).
  function named(about, marks) {
    var file = { format: "proofsheet-order", version: 2, gallery: Data.gallery, title: Data.title, exported: exportedNow() };
    if (about.by) file.by = about.by;
    if (about.note) file.note = about.note;
    file.selections = Selections.all().map(function (selection) {
      return { name: selection.name, min: selection.min, limit: selection.limit, picks: selection.picks.map(finishedPick).map(pickEntry) };
    });
    if (marks.length) file.marks = marks;
    return JSON.stringify(file, null, 2) + "\n";
  }
  // Notes and the name as written: trimmed, as collect reads them.
  function finished(about) {
    return { note: Notes.trimmed(about && about.note), by: Notes.trimmed(about && about.by) };
  }
  function finishedPick(pick) {
    var copy = {};
    for (var key in pick) copy[key] = pick[key];
    copy.note = Notes.trimmed(pick.note);
    return copy;
  }
  function paths(picks) {
    return picks
      .map(function (pick) {
        return pick.path + "\n";
      })
      .join("");
  }
  function oneLine(text) {
    return String(text).replace(/\s*[\r\n]+\s*/g, " ").trim();
  }
  // The plain-text list (BRIEF.md, "The order file"), what Copy, Export as text and the
  // Send mail body write and collect reads as it is, even quoted in a reply:
  //
  //   # Anna & Ben — 30 picks — gallery 9f2c4e7a1b3d
  //   # By: Anna Smith
  //   # Note: the selection's note, on one line
  //   1. Ceremony/IMG_0042.jpg
  //      Note: black and white please
  //
  // A pick's note of several lines is several `Note:` lines, which collect joins again.
  // With named selections every selection is in it, each under its heading and numbered
  // from 1, and the first line says how many ("— 4 picks in 3 selections —"):
  //
  //   Album (3 of 20–30):
  //   1. Ceremony/IMG_0042.jpg
  function text(picks, about) {
    about = finished(about);
    var selections = Selections.active ? Selections.all() : [{ picks: picks }];
    var n = 0;
    selections.forEach(function (selection) {
      n += selection.picks.length;
    });
    var lines = [machineLine(n)];
    if (about.by) lines.push("# By: " + oneLine(about.by));
    if (about.note && oneLine(about.note)) lines.push("# Note: " + oneLine(about.note));
    selections.forEach(function (selection) {
      if (Selections.active) lines.push("", heading(selection));
      pickLines(selection.picks, lines);
    });
    return lines.join("\n") + "\n";
  }
  // The machine line, the same in every language: collect reads it. With named selections
  // it says how many, and each selection's picks follow its heading.
  function machineLine(n) {
    var line = "# " + oneLine(Data.title) + " — " + n + " " + (n === 1 ? "pick" : "picks");
    var s = Selections.list.length;
    if (Selections.active) line += " in " + s + " " + (s === 1 ? "selection" : "selections");
    return line + " — gallery " + Data.gallery;
  }
  // "Album (24 of 20–30):" in the page's language, its numbers as plain digits (collect
  // reads the name, the first number and the limits: PastedListSections).
  function heading(selection) {
    var values = { n: String(selection.picks.length), min: String(selection.min), limit: String(selection.limit) };
    var key = "";
    if (selection.min && selection.limit && selection.min !== selection.limit) key = "selections.countRange";
    else if (selection.limit) key = "selections.countOf";
    else if (selection.min) key = "selections.countAtLeast";
    return t("selections.heading", { name: oneLine(selection.name), count: key ? t(key, values) : values.n });
  }
  // The numbered picks, each with its note as `Note:` lines under it, added to lines.
  function pickLines(picks, lines) {
    picks.map(finishedPick).forEach(function (pick, index) {
      lines.push(index + 1 + ". " + pick.path);
      if (!pick.note) return;
      pick.note.split("\n").forEach(function (line) {
        line = line.trim();
        lines.push("   Note:" + (line ? " " + line : ""));
      });
    });
    return lines;
  }

  // The name a downloaded order file gets: the gallery, how many, whose ("Anna & Ben –
  // 12 picks – Clara.json"), so a photographer's Downloads folder tells them apart. Safe as
  // a file name on every system: no / \ : * ? " < > |, no control or text-direction
  // characters (a name must not read "nosj.exe" backwards), no leading dot, no trailing
  // dot or space, each part at most so many UTF-8 bytes (whole characters).
  function fileName(n, by, extension, unfinished) {
    var parts = [namePart(Data.title, 80) || t("file.picks"), t("count.picks", { n: n })];
    var who = namePart(by, 48);
    if (who) parts.push(who);
    if (unfinished) parts.push(t("file.unfinished"));
    return parts.join(" \u2013 ") + "." + extension;
  }
  function namePart(text, maxBytes) {
    var clean = String(text || "")
      .replace(/\s+/g, " ")
      .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
      .replace(/[\/\\|]/g, "-")
      .replace(/[:*?"<>]/g, " ")
      .replace(/ +/g, " ")
      .replace(/^[. ]+/, "");
    var kept = "";
    var bytes = 0;
    Array.from(clean).every(function (character) {
      var code = character.codePointAt(0);
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (bytes > maxBytes) return false;
      kept += character;
      return true;
    });
    return kept.replace(/[. ]+$/, "");
  }

  // Reads an order file (JSON or plain text), once the page knows every photo's id
  // (Data.whenComplete). Returns { error } or what to import:
  // { entries (for Picks.replace, in order), unknown (labels of photos not in this
  // gallery), found (how many are), otherGallery ({ id, title } when the file names
  // another gallery), limit (the file's, or null) }.
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
      return { error: t("order.notJSON") };
    }
    if (!file || typeof file !== "object" || file.format !== "proofsheet-order") {
      return { error: t("order.notOrder") };
    }
    if (file.version !== 1 && file.version !== 2) {
      return { error: t("order.version", { version: String(file.version) }) };
    }
    if (file.version === 2 && Array.isArray(file.selections)) return parseNamed(file);
    var marksOnly = file.version === 2 && Array.isArray(file.marks) && file.picks === undefined;
    if (!Array.isArray(file.picks) && !marksOnly) return { error: t("order.noPicks") };
    var entries = entriesOf(file.picks);
    var other = otherGallery(file);
    var limit = typeof file.limit === "number" && file.limit >= 0 ? Math.floor(file.limit) : null;
    var notes = notesOf(file);
    // A version 2 file may hold marks and no pick: the marks alone are imported.
    if (!entries.length && file.version === 2 && Array.isArray(file.marks) && file.marks.length) {
      return { entries: [], unknown: [], found: 0, otherGallery: other, limit: limit, notes: null, marks: file.marks };
    }
    var found = result(entries, other, limit, notes);
    if (!found.error && file.version === 2 && Array.isArray(file.marks)) found.marks = file.marks;
    return found;
  }
  function otherGallery(file) {
    var gallery = typeof file.gallery === "string" ? file.gallery : String(file.gallery);
    return gallery !== Data.gallery ? { id: gallery, title: typeof file.title === "string" ? file.title : "" } : null;
  }
  function notesOf(file) {
    return typeof file.note === "string" || typeof file.by === "string" ? { note: file.note, by: file.by } : null;
  }
  // A file of named selections: { selections: [{ name, limit, entries }], … } as result()
  // gives for one list (unknown, found, otherGallery, notes), and the marks.
  function parseNamed(file) {
    var names = file.selections.filter(function (selection) {
      return selection && typeof selection === "object" && typeof selection.name === "string" && selection.name;
    });
    if (!Selections.active) {
      return { error: t("order.namedHere", { names: names.map(function (s) { return s.name; }).join(", ") }) };
    }
    var all = [];
    var selections = names.map(function (selection) {
      var entries = entriesOf(Array.isArray(selection.picks) ? selection.picks : []);
      all = all.concat(entries);
      var limit = typeof selection.limit === "number" && selection.limit >= 0 ? Math.floor(selection.limit) : null;
      // Every pick, found or not: one not in this gallery is kept, marked, as in one list.
      var raw = entries.map(function (entry) {
        return entry.raw;
      });
      return { name: selection.name, limit: limit, entries: raw };
    });
    var marks = Array.isArray(file.marks) ? file.marks : null;
    var found = result(all, otherGallery(file), null, notesOf(file));
    if (found.error && !(marks && marks.length)) return found;
    return { selections: selections, entries: [], unknown: found.unknown || [], found: found.found || 0, otherGallery: otherGallery(file), notes: notesOf(file), marks: marks };
  }
  // A file's picks in their order, each found in the gallery (by id, else by path) or not.
  function entriesOf(list) {
    var picks = (list || []).filter(function (pick) {
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
    return picks.map(function (pick) {
      var id = typeof pick.id === "string" ? pick.id : "";
      var path = typeof pick.path === "string" ? pick.path : "";
      var name = typeof pick.name === "string" && pick.name ? pick.name : path ? path.split("/").pop() : id;
      var at = id ? Data.locate(id) : -1;
      if (!(at >= 0) && path) at = Data.findPath(path);
      var found = at !== null && at >= 0;
      var note = typeof pick.note === "string" ? pick.note : "";
      var raw = found ? { id: Data.describe(at).id, name: name, path: path, bytes: pick.bytes, note: note } : { id: id, path: path, name: name, bytes: pick.bytes, note: note };
      return { found: found, raw: raw, label: name || "(unnamed)" };
    });
  }
  function parseText(content) {
    if (content.indexOf("\u0000") >= 0) return { error: t("order.notText") };
    var entries = [];
    var gallery = null;
    var notes = null;
    var lines = content.split(/\r?\n/).map(function (line) {
      // Quoted in a reply (`> `), however deep.
      return line.replace(/^(\s*>)+/, "").trim();
    });
    var NUMBERED = /^(?:\d{1,6}[.)]|\(\d{1,6}\)|#\d{1,6})\s+/;
    // The page's numbered form (the list, the mail): there a line without a number after
    // a note continues it, as a mail program wrapped it (PastedListReader).
    var numbered = lines.some(function (line) {
      return NUMBERED.test(line);
    });
    var continuing = null;
    var skipped = 0;
    // Named selections: a heading ("Album (2 of 2–3):") starts each when the machine line
    // says how many there are, as collect reads them (PastedListSections).
    var named = lines.some(function (line) {
      return / — \d+ picks? in \d+ selections? — gallery \S+$/.test(line);
    });
    var sections = [];
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      if (!line) {
        continuing = null;
        continue;
      }
      var match;
      if (named && !NUMBERED.test(line) && (match = /^(.*\S)\s*\((\d{1,6})(?:\s[^()]*)?\)\s*:$/.exec(line))) {
        sections.push({ name: match[1], limit: null, at: entries.length });
        continuing = null;
        continue;
      }
      if (numbered && continuing && !NUMBERED.test(line) && line.charAt(0) !== "#" && !/^note:/i.test(line)) {
        continuing(line);
        continue;
      }
      continuing = null;
      if (line.charAt(0) === "#" && !/^#\d/.test(line)) {
        if ((match = /^#\s*gallery:\s*(\S+)\s*$/.exec(line))) gallery = match[1];
        else if ((match = /^#\s*by:\s*(.*)$/i.exec(line))) (notes = notes || { note: "", by: "" }).by = match[1];
        else if ((match = /^#\s*note:\s*(.*)$/i.exec(line))) (notes = notes || { note: "", by: "" }).note = match[1];
        else if ((match = / — \d+ picks?(?: in \d+ selections?)? — gallery (\S+)$/.exec(line))) gallery = match[1];
        continue;
      }
      if ((match = /^note:\s?(.*)$/i.exec(line)) && entries.length) {
        var last = entries[entries.length - 1].raw;
        last.note = last.note ? last.note + "\n" + match[1] : match[1];
        continuing = function (more) {
          last.note += " " + more;
        };
        continue;
      }
      // Above the list (the page's mail): the note on the whole selection.
      if (match && !entries.length) {
        var about = (notes = notes || { note: "", by: "" });
        about.note = match[1];
        continuing = function (more) {
          about.note += " " + more;
        };
        continue;
      }
      // `1. path` as the page writes it; a path that itself starts so is tried first.
      var bare = line.replace(/^(?:\d{1,6}[.)]|\(\d{1,6}\)|#\d{1,6})\s+/, "");
      var at = Data.findPath(line);
      if (!(at !== null && at >= 0) && bare !== line) at = Data.findPath(bare);
      var found = at !== null && at >= 0;
      // A greeting or a sign-off (the mail's): not numbered, no file extension, no photo.
      if (!found && bare === line && !/\.[A-Za-z0-9]{2,5}$/.test(line)) {
        skipped += 1;
        continue;
      }
      entries.push({ found: found, raw: found ? { id: Data.describe(at).id, path: Data.describe(at).path, note: "" } : { path: bare, note: "" }, label: bare });
    }
    if (!entries.length && skipped) {
      return { error: t("order.noneHere", { n: skipped }) };
    }
    if (!entries.length) return { error: t("order.empty") };
    var other = gallery !== null && gallery !== Data.gallery ? { id: gallery, title: "" } : null;
    if (!sections.length) return result(entries, other, null, notes);
    if (!Selections.active) return { error: t("order.namedHere", { names: sections.map(function (s) { return s.name; }).join(", ") }) };
    var found = result(entries, other, null, notes);
    if (found.error) return found;
    found.selections = sections.map(function (section, index) {
      var end = index + 1 < sections.length ? sections[index + 1].at : entries.length;
      section.entries = found.entries.slice(section.at, end);
      return section;
    });
    found.entries = [];
    return found;
  }
  function result(entries, other, limit, notes) {
    var unknown = [];
    var found = 0;
    entries.forEach(function (entry) {
      if (entry.found) found += 1;
      else unknown.push(entry.label);
    });
    if (!found) {
      if (other) {
        var values = { title: other.title, id: other.id, gallery: Data.gallery };
        return { error: t(other.title ? "order.otherGalleryTitled" : "order.otherGallery", values) };
      }
      if (!entries.length) return { error: t("order.emptyOrder") };
      return {
        error: t("order.noneHere", { n: unknown.length }),
      };
    }
    return {
      entries: entries.map(function (entry) {
        return entry.raw;
      }),
      unknown: unknown,
      found: found,
      otherGallery: other,
      limit: limit,
      notes: notes || null,
    };
  }
  return { json: json, text: text, machineLine: machineLine, heading: heading, pickLines: pickLines, paths: paths, parse: parse, finished: finished, finishedPick: finishedPick, fileName: fileName };
})());
