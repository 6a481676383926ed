// order file: write and read

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
