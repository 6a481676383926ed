// columns: the search index (data/s-HASH.js) as the page keeps it, for `total` photos;
// data.js loads it and answers lookups through it.

// The index as the page keeps it. Ids and names stay one string each, as the file has
// them (joined by "/", which no file name and no id holds), with each value's start in
// a typed array, and ids are found through a hash table of positions: at 100,000 photos
// two arrays of 100,000 strings and an object keyed by 100,000 ids were 300,000 objects
// that every full garbage collection marked, 20-50 ms pauses while the grid scrolled
// against 5-12 ms without them. The table is made when an id is first looked up (5-12 ms
// at 100,000 photos): a first search needs none.
function indexColumns(data, total) {
  var ids = splitJoined(data.ids, total);
  var names = splitJoined(data.names, total);
  if (!ids || !names || !Array.isArray(data.camera) || data.camera.length !== total || !Array.isArray(data.cameras)) return null;
  var table = null;
  var former = Object.create(null);
  var formerIds = data.former || {};
  for (var id in formerIds) former[id] = formerIds[id];
  return {
    count: total,
    id: ids.at,
    name: names.at,
    names: names,
    // The position of an id; undefined when no photo has it.
    position: function (id) {
      if (!table) table = idTable(ids, total);
      id = String(id);
      var slot = hashOf(id, 0, id.length) & table.mask;
      for (var at = table.slots[slot]; at >= 0; at = table.slots[(slot = (slot + 1) & table.mask)]) {
        if (ids.starts[at + 1] - 1 - ids.starts[at] === id.length && ids.text.startsWith(id, ids.starts[at])) return at;
      }
      return undefined;
    },
    dates: data.dates,
    camera: data.camera,
    cameras: data.cameras,
    paths: data.paths || {},
    former: former,
  };
}
// `count` values joined by "/": the text, each value's start (and one past the end),
// and the value at a position; null when the text does not hold `count` values.
function splitJoined(text, count) {
  if (typeof text !== "string") return null;
  var starts = new Int32Array(count + 1);
  var at = 0;
  for (var i = 0; i < count; i++) {
    if (at > text.length) return null;
    starts[i] = at;
    var next = text.indexOf("/", at);
    at = (next < 0 ? text.length : next) + 1;
  }
  if (at !== text.length + 1 && !(count === 0 && text === "")) return null;
  starts[count] = text.length + 1;
  return {
    text: text,
    starts: starts,
    at: function (position) {
      return text.slice(starts[position], starts[position + 1] - 1);
    },
  };
}
// Open addressing over twice as many slots as ids, each slot a position or -1.
function idTable(ids, total) {
  var size = 2;
  while (size < total * 2) size *= 2;
  var slots = new Int32Array(size).fill(-1);
  var mask = size - 1;
  for (var at = 0; at < total; at++) {
    var slot = hashOf(ids.text, ids.starts[at], ids.starts[at + 1] - 1) & mask;
    while (slots[slot] >= 0) slot = (slot + 1) & mask;
    slots[slot] = at;
  }
  return { slots: slots, mask: mask };
}
// FNV-1a over the UTF-16 code units of text[from, to).
function hashOf(text, from, to) {
  var hash = 0x811c9dc5;
  for (var i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

