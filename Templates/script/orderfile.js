// order file: write and read

var OrderFile = (Proofsheet.orderFile = (function () {
  function exportedNow() {
    return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  // picks: records from Picks.records(), all of them photos of this gallery.
  function json(picks) {
    var file = {
      format: "proofsheet-order",
      version: 1,
      gallery: Data.gallery,
      title: Data.title,
      limit: Data.limit,
      exported: exportedNow(),
      picks: picks.map(function (pick, index) {
        return { order: index + 1, id: pick.id, path: pick.path, name: pick.name, bytes: pick.bytes };
      }),
    };
    return JSON.stringify(file, null, 2) + "\n";
  }
  function paths(picks) {
    return picks
      .map(function (pick) {
        return pick.path + "\n";
      })
      .join("");
  }
  // The plain-text variant names its gallery in a comment, which readers ignore.
  function text(picks) {
    var title = Data.title.replace(/[\r\n]+/g, " ");
    return "# proofsheet order: " + title + "\n# gallery: " + Data.gallery + "\n" + paths(picks);
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
      return { error: "This file is not valid JSON, so it is not an order file." };
    }
    if (!file || typeof file !== "object" || file.format !== "proofsheet-order") {
      return { error: "This JSON file is not a proofsheet order file." };
    }
    if (file.version !== 1) {
      return { error: "This order file is version " + String(file.version) + "; this page reads version 1." };
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
    var entries = picks.map(function (pick) {
      var id = typeof pick.id === "string" ? pick.id : "";
      var path = typeof pick.path === "string" ? pick.path : "";
      var name = typeof pick.name === "string" && pick.name ? pick.name : path ? path.split("/").pop() : id;
      var at = id ? Data.locate(id) : -1;
      if (!(at >= 0) && path) at = Data.findPath(path);
      var found = at !== null && at >= 0;
      var raw = found ? { id: Data.describe(at).id, name: name, path: path, bytes: pick.bytes } : { id: id, path: path, name: name, bytes: pick.bytes };
      return { found: found, raw: raw, label: name || "(unnamed)" };
    });
    var gallery = typeof file.gallery === "string" ? file.gallery : String(file.gallery);
    var other = gallery !== Data.gallery ? { id: gallery, title: typeof file.title === "string" ? file.title : "" } : null;
    var limit = typeof file.limit === "number" && file.limit >= 0 ? Math.floor(file.limit) : null;
    return result(entries, other, limit);
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
      var at = Data.findPath(line);
      var found = at !== null && at >= 0;
      entries.push({ found: found, raw: found ? Data.describe(at).id : { path: line }, label: line });
    }
    if (!entries.length) return { error: "This file lists no photos." };
    return result(entries, gallery !== null && gallery !== Data.gallery ? { id: gallery, title: "" } : null, null);
  }
  function result(entries, other, limit) {
    var unknown = [];
    var found = 0;
    entries.forEach(function (entry) {
      if (entry.found) found += 1;
      else unknown.push(entry.label);
    });
    if (!found) {
      if (other) {
        var from = other.title ? " (“" + other.title + "”)" : "";
        return {
          error:
            "This order file is for another gallery" + from + ": its gallery id is " + other.id +
            ", this page's is " + Data.gallery + ", and none of its photos is here. Nothing was changed.",
        };
      }
      if (!entries.length) return { error: "This order file lists no photos." };
      return {
        error: "None of the " + unknown.length + " " + plural(unknown.length, "photo", "photos") + " it names is in this gallery. Nothing was changed.",
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
    };
  }
  return { json: json, text: text, paths: paths, parse: parse };
})());
