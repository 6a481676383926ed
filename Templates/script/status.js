// status: the count, heard by screen readers

var Status = (Proofsheet.status = (function () {
  var status = $("status");
  var notice = $("notice");
  function text(count) {
    if (Data.limit === 0) return count + " picked";
    var base = count + " of " + Data.limit + " picked";
    if (count >= Data.limit) return base + (Data.limit === 1 ? " — picking another replaces it" : " — limit reached");
    return base;
  }
  return {
    render: function (order) {
      status.textContent = text(order.length);
    },
    // Messages: what an import found, what a refused action means.
    say: function (message, kind) {
      notice.textContent = message;
      notice.className = "notice" + (kind ? " " + kind : "");
    },
    flash: function (message) {
      this.say(message, "warn");
    },
    text: text,
  };
})());
