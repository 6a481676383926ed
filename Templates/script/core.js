// core: the one global name, and small DOM helpers every other file uses.
//
// The page script is these files joined, in the order TemplateSet.scriptFiles gives, inside
// one function (the generator adds it and "use strict"): no modules and no network, so it
// runs from file:// in any browser. The files share the function's scope; the only name
// the page adds to window is `Proofsheet`. Every string that came from the library is put
// in the page with textContent, never as HTML.

var Proofsheet = (window.Proofsheet = {});

function $(id) {
  return document.getElementById(id);
}
function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
// A file name as text a narrow column can wrap between its parts ("IMG_20190704_" /
// "183512.jpg") rather than inside one: a <wbr> after each "_", "-" and space and before
// the extension's dot. A name with spaces keeps its extension on its last word ("Sunset
// over the" / "water.jpg", not "Sunset over the water" / ".jpg"). Its textContent is the name.
function breakableName(node, name) {
  node.textContent = "";
  var parts = name.match(/[^_\-. ]+[_\- ]*|\.+[^_\-. ]*[_\- ]*|[_\- ]+/g) || [name];
  if (parts.length > 1 && name.indexOf(" ") >= 0 && parts[parts.length - 1].charAt(0) === ".") parts.push(parts.splice(-2).join(""));
  parts.forEach(function (part, index) {
    if (index > 0) node.appendChild(document.createElement("wbr"));
    node.appendChild(document.createTextNode(part));
  });
  return node;
}
// Relative image paths from the manifest, percent-encoded segment by segment.
function src(path) {
  return path.split("/").map(encodeURIComponent).join("/");
}
function plural(n, one, many) {
  return n === 1 ? one : many;
}
