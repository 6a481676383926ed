// status: the count, heard by screen readers; what stands in the way of an export; messages.

var Status = (Proofsheet.status = (function () {
  var status = $("status");
  var notice = $("notice");
  var reviewNotice = $("review-notice");
  var problemsLine = $("problems");
  var WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

  function words(n) {
    return n < WORDS.length ? WORDS[n] : String(n);
  }
  function text(count) {
    if (Data.minimum) return minimumText(count);
    if (Data.limit === 0) return count + " picked";
    var base = count + " of " + Data.limit + " picked";
    if (count > Data.limit) return base + " — " + (count - Data.limit) + " over the limit";
    if (count === Data.limit) return base + (Data.limit === 1 ? " — picking another replaces it" : " — limit reached");
    return base;
  }
  // With build --min: "Pick at least 20 (up to 30) — 12 picked".
  function minimumText(count) {
    var limit = Data.limit;
    var ask = limit === Data.minimum ? "Pick " + limit : "Pick at least " + Data.minimum + (limit ? " (up to " + limit + ")" : "");
    var base = ask + " — " + count + " picked";
    if (limit && count > limit) return base + " — " + (count - limit) + " over the limit";
    if (limit && count === limit) return base + " — limit reached";
    if (count >= Data.minimum) return base + " — ready to send";
    return base;
  }
  function names(records) {
    var shown = records.slice(0, 5).map(function (r) {
      return r.name;
    });
    var more = records.length > 5 ? " and " + (records.length - 5) + " more" : "";
    return shown.join(", ") + more;
  }
  // One sentence per problem, saying what to do: "2 picks are over the new limit of 30 —
  // remove two." "IMG_0042.jpg is no longer in this gallery — remove it."
  function problemText(problems) {
    var parts = [];
    if (problems.over) {
      var which = Picks.madeUnder() !== Data.limit ? "the new limit" : "the limit";
      parts.push(
        (problems.over === 1 ? "1 pick is" : problems.over + " picks are") + " over " + which + " of " + Data.limit +
          " — remove " + words(problems.over) + "."
      );
    }
    var gone = problems.missing;
    if (gone.length === 1) parts.push(gone[0].name + " is no longer in this gallery — remove it.");
    else if (gone.length > 1) parts.push(gone.length + " picks are no longer in this gallery (" + names(gone) + ") — remove them.");
    return parts.join(" ");
  }
  return {
    render: function (order) {
      status.textContent = text(order.length);
      var problems = problemText(Picks.problems());
      if (problemsLine.textContent !== problems) problemsLine.textContent = problems;
      problemsLine.hidden = !problems;
    },
    // Messages: what an import found, what a refused action means.
    // Said in the tray, and in the review sheet too (where Send and the download are).
    say: function (message, kind) {
      notice.textContent = message;
      notice.className = "notice" + (kind ? " " + kind : "");
      reviewNotice.textContent = message;
      reviewNotice.className = notice.className;
    },
    flash: function (message) {
      this.say(message, "warn");
    },
    // Why nothing more can be picked now (the description of each box that cannot be
    // picked), and the same said aloud when one is pressed.
    whyNot: function () {
      var problems = Picks.problems();
      if (problems.over || problems.missing.length) return "Not picked: " + problemText(problems);
      return Data.limit + " of " + Data.limit + " picked — limit reached. Unpick one first.";
    },
    refused: function () {
      this.say(this.whyNot(), "warn");
    },
    problemText: function () {
      return problemText(Picks.problems());
    },
    text: text,
    words: words,
    names: names,
  };
})());
