// bar: on a phone the tray is one line at the foot of the screen (issue 29) — how many are
// picked of how many may be, and Review, which opens the review sheet where the picks are
// seen large, in order, and edited; More beside it. With nothing picked it says the limit.
// The bar is the tray's own button, shown by CSS only on narrow screens; the count stays
// announced by the tray's status line. Uses Data, Picks and Review.

var Bar = (Proofsheet.bar = (function () {
  var WORDS = {
    picked: "{count} of {limit} picked",
    pickedNoLimit: "{count} picked",
    review: "Review",
    pickUpTo: "Pick up to {limit}",
    pickOne: "Pick one photo",
    pickExactly: "Pick {limit}",
    pickBetween: "Pick {minimum} to {limit}",
    pickAtLeast: "Pick at least {minimum}",
    pickAny: "Pick the photos you like",
  };
  var bar = $("picks-bar");

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return String(values[key]);
    });
  }
  // What the bar says with nothing picked: what the gallery asks for.
  function ask() {
    var values = { limit: Data.limit, minimum: Data.minimum };
    if (Data.minimum && Data.limit) return fill(Data.minimum === Data.limit ? WORDS.pickExactly : WORDS.pickBetween, values);
    if (Data.minimum) return fill(WORDS.pickAtLeast, values);
    if (Data.limit === 1) return WORDS.pickOne;
    return Data.limit ? fill(WORDS.pickUpTo, values) : WORDS.pickAny;
  }
  function text(count) {
    if (!count) return ask();
    return fill(Data.limit ? WORDS.picked : WORDS.pickedNoLimit, { count: count, limit: Data.limit });
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
      bar.appendChild(part("bar-go", WORDS.review));
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
