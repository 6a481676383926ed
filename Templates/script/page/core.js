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
// A button on a pick in a list (the tray, the review sheet, a note's ✎): its action and
// the pick's id ride on it, for one click handler on the list (Tray.onPickButtons).
function pickControl(className, label, text, action, id) {
  var b = el("button", className, text);
  b.type = "button";
  b.setAttribute("aria-label", label);
  b.setAttribute("data-action", action);
  b.setAttribute("data-id", id);
  return b;
}
// A value inside a CSS selector's quotes ('[data-id="…"]').
function cssEscape(value) {
  return window.CSS && CSS.escape ? CSS.escape(value) : value.replace(/["\\]/g, "\\$&");
}

// The page's words: the one language the site carries (build --lang), in index.html as
// Templates/words/LANG.json holds it (docs/page.md). t("count.picks", { n: 3 }) → "3 picks":
// a word's `{name}` placeholders filled, its plural form chosen by Intl.PluralRules for `n`
// (its "other" form when the table has not the one asked for); numbers written as the
// language writes them (English keeps bare digits, as its pages always had).
var LANG = document.documentElement.lang || "en";
var WORDS = (function () {
  try {
    return JSON.parse($("proofsheet-words").textContent) || {};
  } catch (error) {
    return {};
  }
})();
var pluralRules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(LANG) : null;
var numberFormat = LANG !== "en" && window.Intl && Intl.NumberFormat ? new Intl.NumberFormat(LANG) : null;
function num(n) {
  return numberFormat ? numberFormat.format(n) : String(n);
}
function t(key, values) {
  var word = WORDS[key];
  if (word === undefined) return key;
  values = values || {};
  if (typeof word === "object") {
    var form = pluralRules ? pluralRules.select(values.n) : values.n === 1 ? "one" : "other";
    word = word[form] || word.other;
  }
  return word.replace(/\{(\w+)\}/g, function (whole, name) {
    var value = values[name];
    if (value === undefined || value === null) return whole;
    return typeof value === "number" ? num(value) : String(value);
  });
}
