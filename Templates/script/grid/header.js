// header: the page's quiet header below the cover (issue 29). On a wide screen the
// controls (search, album, sort, picked only) are one slim row beside the title; on a
// phone they fold behind one search button, a disclosure (aria-expanded) that opens them
// with the caret in the search field. The button shows a mark while something narrows
// what the grid shows, so a folded search is never a surprise. Uses Browse's elements only
// through the DOM.

var Header = (Proofsheet.header = (function () {
  var top = $("top");
  var toggle = $("find-toggle");
  var search = $("search");
  var albumFilter = $("album-filter");
  var pickedOnly = $("picked-only");

  toggle.setAttribute("aria-label", t("header.toggle"));

  function isOpen() {
    return toggle.getAttribute("aria-expanded") === "true";
  }
  function setOpen(open) {
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    top.classList.toggle("find-open", open);
  }
  // The button is there only where the controls fold (CSS hides it on a wide screen).
  function folding() {
    return toggle.getClientRects().length > 0;
  }

  toggle.addEventListener("click", function () {
    setOpen(!isOpen());
    if (isOpen()) search.focus();
  });
  // Esc from a control closes them and goes back to the button, on a phone; in the search
  // field it first clears what was typed, as the field does by itself.
  top.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !isOpen() || !folding() || event.target === toggle) return;
    if (event.target === search && search.value) return;
    event.preventDefault();
    setOpen(false);
    toggle.focus();
  });

  function narrowed() {
    return !!search.value.trim() || albumFilter.value !== "*" || pickedOnly.checked;
  }
  function mark() {
    toggle.classList.toggle("narrowed", narrowed());
  }
  search.addEventListener("input", mark);
  albumFilter.addEventListener("change", mark);
  pickedOnly.addEventListener("change", mark);

  return { setOpen: setOpen, isOpen: isOpen, mark: mark };
})());
