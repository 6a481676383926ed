// focus: where keyboard focus goes. A skip link to the tray and one back to the photo the
// viewer was at; and on phones, where the tray is docked over the bottom of the page, the
// page keeps room for it (its height, measured) and focus never lands under it.

var Focus = (Proofsheet.focus = (function () {
  var tray = $("tray");
  var root = document.documentElement;
  var lastPhoto = null; // the control in the grid that last had focus

  // The tray is docked (phones) when it does not reach the top of the window.
  function docked() {
    return !tray.hidden && tray.getBoundingClientRect().top > 0;
  }
  // The page's bottom padding and scroll padding follow the docked tray's height.
  function measure() {
    var height = docked() ? Math.ceil(tray.getBoundingClientRect().height) : 0;
    root.style.setProperty("--tray-block", height + "px");
  }
  if (window.ResizeObserver) new ResizeObserver(measure).observe(tray);
  window.addEventListener("resize", measure);

  // After the browser has scrolled a newly focused control into view (scroll-padding does
  // this where the engine honours it for focus), one that is still under the docked tray
  // is scrolled above it.
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (Grid.main.contains(target) && target !== Grid.main) lastPhoto = target;
    if (tray.contains(target) || target.closest("dialog")) return;
    window.requestAnimationFrame(function () {
      if (document.activeElement !== target || !docked()) return;
      var top = tray.getBoundingClientRect().top;
      var box = target.getBoundingClientRect();
      if (box.bottom > top - 4) window.scrollBy(0, box.bottom - top + 12);
    });
  });

  // "Back to the photos": to the photo last focused, if it is still drawn.
  $("skip-back").addEventListener("click", function (event) {
    event.preventDefault();
    var target = lastPhoto && document.contains(lastPhoto) ? lastPhoto : Grid.main;
    target.focus();
  });
  // "Skip to your picks": to the tray, without changing the address.
  $("skip-tray").addEventListener("click", function (event) {
    event.preventDefault();
    tray.focus();
  });

  return { measure: measure };
})());
