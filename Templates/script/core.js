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
// Relative image paths from the manifest, percent-encoded segment by segment.
function src(path) {
  return path.split("/").map(encodeURIComponent).join("/");
}
function plural(n, one, many) {
  return n === 1 ? one : many;
}
