// status: the count, heard by screen readers; what stands in the way of an export; messages.

var Status = (Proofsheet.status = (function () {
  var status = $("status");
  var notice = $("notice");
  var reviewNotice = $("review-notice");
  var problemsLine = $("problems");
  var NUMBER_WORDS = t("numbers.words").split(" ");

  // "two" for 2, up to ten; digits beyond.
  function words(n) {
    return n < NUMBER_WORDS.length ? NUMBER_WORDS[n] : num(n);
  }
  // `rule`: { limit, min } of a named selection not shown; the shown one's by default.
  function text(count, rule) {
    var limit = rule ? rule.limit : Data.limit;
    var minimum = rule ? rule.min : Data.minimum;
    if (minimum) return minimumText(count, limit, minimum);
    if (limit === 0) return t("status.picked", { n: count });
    var base = t("status.of", { n: count, limit: limit });
    if (count > limit) return t("status.over", { text: base, n: count - limit });
    if (count === limit) return t(limit === 1 ? "status.replaces" : "status.limitReached", { text: base });
    return base;
  }
  // With build --min: "Pick at least 20 (up to 30) — 12 picked".
  function minimumText(count, limit, minimum) {
    var values = { n: count, min: minimum, limit: limit };
    var base = t(limit === minimum ? "status.askExact" : limit ? "status.askRange" : "status.askAtLeast", values);
    if (limit && count > limit) return t("status.over", { text: base, n: count - limit });
    if (limit && count === limit) return t("status.limitReached", { text: base });
    if (count >= minimum) return t("status.ready", { text: base });
    return base;
  }
  function names(records) {
    var shown = records.slice(0, 5).map(function (r) {
      return r.name;
    }).join(", ");
    return records.length > 5 ? t("status.andMore", { list: shown, n: records.length - 5 }) : shown;
  }
  // One sentence per problem, saying what to do: "2 picks are over the new limit of 30 —
  // remove two." "IMG_0042.jpg is no longer in this gallery — remove it."
  function problemText(problems) {
    var parts = [];
    if (problems.over) {
      var key = Picks.madeUnder() !== Data.limit ? "problem.overNew" : "problem.over";
      parts.push(t(key, { n: problems.over, limit: Data.limit, count: words(problems.over) }));
    }
    var gone = problems.missing;
    if (gone.length === 1) parts.push(t("problem.gone", { name: gone[0].name }));
    else if (gone.length > 1) parts.push(t("problem.goneMany", { n: gone.length, names: names(gone) }));
    return parts.join(" ");
  }
  return {
    render: function (order) {
      var said = text(order.length);
      // With named selections the count says whose it is: "Album: 12 of 30 picked".
      if (Selections.active) said = t("selections.named", { name: Selections.list[Selections.current()].name, text: said });
      status.textContent = said;
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
      if (problems.over || problems.missing.length) return t("refusal.notPicked", { problems: problemText(problems) });
      return t("refusal.limit", { limit: Data.limit });
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
