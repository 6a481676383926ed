// bar: on a phone the tray is one line at the foot of the screen (issue 29) — how many are
// picked of how many may be, and Review, which opens the review sheet where the picks are
// seen large, in order, and edited; More beside it. With nothing picked it says the limit.
// The bar is the tray's own button, shown by CSS only on narrow screens; the count stays
// announced by the tray's status line. Uses Data, Picks and Review.

var Bar = (Proofsheet.bar = (function () {
  var bar = $("picks-bar");

  // What the bar says with nothing picked: what the gallery asks for.
  function ask() {
    if (Data.minimum && Data.limit) {
      if (Data.minimum === Data.limit) return Data.limit === 1 ? t("bar.pickOne") : t("bar.pickExactly", { n: Data.limit });
      return t("bar.pickBetween", { min: Data.minimum, max: Data.limit });
    }
    if (Data.minimum) return t("bar.pickAtLeast", { n: Data.minimum });
    if (Data.limit === 1) return t("bar.pickOne");
    return Data.limit ? t("bar.pickUpTo", { n: Data.limit }) : t("bar.pickAny");
  }
  function text(count) {
    if (!count) return ask();
    return t(Data.limit ? "status.of" : "status.picked", { n: count, limit: Data.limit });
  }
  // "6 of 10 picked · Review ›": the separator and the arrow are drawn, not read.
  function part(className, content, hidden) {
    var span = el("span", className, content);
    if (hidden) span.setAttribute("aria-hidden", "true");
    return span;
  }

  function render(order) {
    var count = order.length;
    while (bar.firstChild) bar.removeChild(bar.firstChild);
    bar.appendChild(part("bar-count", text(count)));
    if (count) {
      bar.appendChild(part("bar-dot", " · ", true));
      bar.appendChild(part("bar-go", t("review.open")));
      bar.appendChild(part("bar-arrow", " ›", true));
    }
    bar.classList.toggle("has-picks", count > 0);
    bar.classList.toggle("over", Data.limit > 0 && count > Data.limit);
  }

  bar.addEventListener("click", function () {
    Review.open(bar);
  });

  return { render: render, text: text };
})());
