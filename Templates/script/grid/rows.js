// rows: the justified layout of a view — each group's photos in rows at their own aspect
// ratio, every row as wide as the grid, no photo cropped or letterboxed. Uses Data.shapes
// (the photos' shapes, known for the whole gallery from index.html, so a row never changes
// height when its chunk arrives); used by grid.js, which draws only the rows near the
// screen.
//
// A row takes photos until, scaled to fill the width, it would be no taller than the
// target height; it ends before the last one taken when that leaves it nearer the target.
// A group's last row keeps the target height (left-aligned) rather than being blown up.

var Rows = (Proofsheet.rows = (function () {
  var ratios = decode(Data.shapes, Data.total);

  // Each photo's width / height from the page data's shapes (PageData.shapes); 3:2 for any
  // the data does not give. Kept between 1:5 and 6:1, so a stray panorama cannot make a
  // row a sliver.
  function decode(shapes, total) {
    var out = new Float32Array(total).fill(1.5);
    if (!shapes || !Array.isArray(shapes.ratios) || typeof shapes.of !== "string") return out;
    var width = shapes.width === 2 ? 2 : 1;
    if (shapes.of.length !== total * width) return out;
    var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    var value = new Int16Array(128).fill(-1);
    for (var c = 0; c < 64; c++) value[ALPHABET.charCodeAt(c)] = c;
    var known = shapes.ratios.map(function (thousandths) {
      return typeof thousandths === "number" && thousandths > 0 ? Math.min(6, Math.max(0.2, thousandths / 1000)) : 1.5;
    });
    for (var at = 0, k = 0; at < total; at++, k += width) {
      var index = width === 2 ? value[shapes.of.charCodeAt(k) & 127] * 64 + value[shapes.of.charCodeAt(k + 1) & 127] : value[shapes.of.charCodeAt(k) & 127];
      if (index >= 0 && index < known.length) out[at] = known[index];
    }
    return out;
  }
  function ratio(position) {
    return ratios[position];
  }
  // The target row height for a grid width: large photos on a wide screen (about 230 px
  // at 1280, three rows and more to a screen), two or three to a row on a phone.
  function targetHeight(width) {
    if (width < 600) return Math.max(150, Math.round(width * 0.45));
    return Math.min(280, Math.max(200, Math.round(width * 0.185)));
  }

  // Lays out one group of `count` items (`at(i)` its position in the gallery) at `width`,
  // with `gap` between photos and rows: { rows, starts (first item of each row, and count
  // at the end), tops, heights, height }.
  function layout(count, at, width, gap) {
    var target = targetHeight(width);
    var starts = [0];
    var heights = [];
    var i = 0;
    while (i < count) {
      var sum = 0;
      var n = 0;
      var height = target;
      var closed = false;
      while (i + n < count) {
        var shape = ratio(at(i + n));
        var next = (width - n * gap) / (sum + shape);
        if (n > 0 && next <= target) {
          // Ends with this photo, or before it: whichever row is nearer the target.
          if (target - next <= height - target) {
            sum += shape;
            n += 1;
            height = next;
          }
          closed = true;
          break;
        }
        sum += shape;
        n += 1;
        height = next;
      }
      if (!closed) height = Math.min(height, target); // the group's last row
      heights.push(height);
      i += n;
      starts.push(i);
    }
    var tops = new Float64Array(heights.length);
    var y = 0;
    for (var r = 0; r < heights.length; r++) {
      tops[r] = y;
      y += heights[r] + gap;
    }
    return {
      rows: heights.length,
      starts: Int32Array.from(starts),
      tops: tops,
      heights: Float64Array.from(heights),
      height: heights.length ? y - gap : 0,
    };
  }

  // The first row whose bottom is below y (rows.rows when none).
  function rowAt(rows, y) {
    var low = 0;
    var high = rows.rows;
    while (low < high) {
      var mid = (low + high) >> 1;
      if (rows.tops[mid] + rows.heights[mid] <= y) low = mid + 1;
      else high = mid;
    }
    return low;
  }
  // The row that holds item i.
  function rowOf(rows, i) {
    var low = 0;
    var high = rows.rows - 1;
    while (low < high) {
      var mid = (low + high + 1) >> 1;
      if (rows.starts[mid] <= i) low = mid;
      else high = mid - 1;
    }
    return low;
  }
  // The boxes of a row's photos: [left, width] each, in whole pixels, the row's last
  // photo ending at the grid's edge (a short last row where its photos end).
  function boxes(rows, r, at, width, gap) {
    var from = rows.starts[r];
    var to = rows.starts[r + 1];
    var height = rows.heights[r];
    var out = [];
    var x = 0;
    var full = r < rows.rows - 1 || Math.abs(sumWidth(from, to, at, height, gap) - width) < 1;
    for (var i = from; i < to; i++) {
      var left = Math.round(x);
      x += ratio(at(i)) * height;
      var right = full && i === to - 1 ? width : Math.round(x);
      out.push([left, right - left]);
      x += gap;
    }
    return out;
  }
  function sumWidth(from, to, at, height, gap) {
    var sum = 0;
    for (var i = from; i < to; i++) sum += ratio(at(i)) * height;
    return sum + (to - from - 1) * gap;
  }

  return { ratio: ratio, layout: layout, rowAt: rowAt, rowOf: rowOf, boxes: boxes, targetHeight: targetHeight };
})());
