// send: the picks back to the photographer (issue 13), with no server. Where the browser
// can share files (the Web Share API, on phones) the order file is shared; elsewhere a
// mail to the gallery's contact (build --contact) opens, written for a person to read —
// a greeting, the numbered list with its notes (with named selections, every selection
// under its heading), a sign-off — with the machine line
// (title, count, gallery id) at the bottom; collect reads it as pasted, quoted or
// wrapped (docs/formats.md). A list too long for a mail link is sent in two steps the
// page shows first: save the file, then open the mail to attach it to. The mail's words are
// the page's language; its machine parts — the `# … — N picks — gallery ID` line, `# By:`,
// `Note:` — are the same in every language, for collect reads them (PastedListReader).

var Send = (Proofsheet.send = (function () {
  var button = $("send");
  var link = $("send-link");
  // Mail clients and browsers cut or refuse longer mailto: links; 1,800 keeps clear of
  // the shortest limits met in practice (older Outlook and Windows' 2,048).
  var MAX_URL = 1800;
  // Checked again here: the address becomes a link's recipient, so nothing but an address.
  var ADDRESS = /^[A-Za-z0-9.!#$'*+\/=^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
  var contact = ADDRESS.test(Data.contact) ? Data.contact : "";

  function subject(n) {
    var by = Notes.trimmed(Picks.about().by);
    var text = t("mail.subject", { title: Data.title.replace(/\s+/g, " "), n: n });
    return by ? t("mail.subjectFrom", { subject: text, name: by }) : text;
  }
  // RFC 6068: line breaks in a mailto body are CRLF (%0D%0A).
  function mailto(subjectText, lines) {
    return "mailto:" + contact + "?subject=" + encodeURIComponent(subjectText) + "&body=" + encodeURIComponent(lines.join("\r\n"));
  }
  function oneLine(text) {
    return String(text).replace(/\s*[\r\n]+\s*/g, " ").trim();
  }
  function greeting() {
    var name = oneLine(Data.contactName || "");
    return name ? t("mail.helloName", { name: name }) : t("mail.hello");
  }
  // The sign-off and the machine line, below the list or the words about the file.
  function ending(n, about) {
    var lines = ["", t("mail.thanks")];
    if (about.by) lines.push(oneLine(about.by));
    lines.push("", OrderFile.machineLine(n));
    if (about.by) lines.push("# By: " + oneLine(about.by));
    return lines.concat([""]);
  }
  // The mail: the selection's note above the list (collect reads a `Note:` there as the
  // selection's), each pick's note under it, as the plain-text list writes them. With
  // named selections, every selection under its heading ("Album (24 of 20–30):"), each
  // numbered from 1, as the plain-text list has them.
  function body(picks, about) {
    about = OrderFile.finished(about);
    var selections = Selections.active ? Selections.all() : [{ picks: picks }];
    var n = 0;
    selections.forEach(function (selection) {
      n += selection.picks.length;
    });
    var intro = t(Selections.active ? "mail.introNamed" : "mail.intro", { n: n, title: oneLine(Data.title) });
    var lines = [greeting(), "", intro, ""];
    if (about.note && oneLine(about.note)) lines.push("Note: " + oneLine(about.note), "");
    selections.forEach(function (selection, index) {
      if (index) lines.push("");
      if (Selections.active) lines.push(OrderFile.heading(selection));
      OrderFile.pickLines(selection.picks, lines);
    });
    return lines.concat(ending(n, about));
  }
  // The mail that goes with the file when the list is too long for a link.
  function attachmentBody(n, about, name) {
    about = OrderFile.finished(about);
    var lines = [greeting(), "", t("mail.attached", { n: n, title: oneLine(Data.title), file: name })];
    return lines.concat(ending(n, about));
  }
  // Opens a mail link as a click on a link does (the page stays where it is).
  function open(url) {
    link.href = url;
    link.click();
  }
  function orderFile() {
    var content = OrderFile.json(Picks.records(), Picks.about());
    var name = Actions.fileName("json");
    return { content: content, name: name, file: typeof File === "function" ? new File([content], name, { type: "application/json" }) : null };
  }
  function canShare(file) {
    try {
      return !!(file && navigator.canShare && navigator.share && navigator.canShare({ files: [file] }));
    } catch (error) {
      return false;
    }
  }

  function send() {
    var n = Selections.total();
    var order = orderFile();
    if (canShare(order.file)) {
      navigator.share({ files: [order.file], title: subject(n), text: subject(n) }).then(function () {
        Status.say(t("send.shared", { file: order.name, n: n }));
      }, function (error) {
        if (error && error.name === "AbortError") Status.say(t("send.cancelled"));
        else if (contact) mail(n);
        else Status.say(t("send.shareFailed", { error: error && error.message }), "error");
      });
      return;
    }
    mail(n);
  }
  function mail(n) {
    var url = mailto(subject(n), body(Picks.records(), Picks.about()));
    if (url && url.length <= MAX_URL) {
      open(url);
      Status.say(t("send.opened", { whom: Actions.whom(), n: n }));
      return;
    }
    steps.show(n);
  }

  // Too long for a mail link: the page says so first, then two steps, each a button —
  // save the file, then open the mail to attach it to. Nothing is downloaded or opened
  // before the client asks.
  var steps = (function () {
    var panel = $("send-steps");
    var save = $("send-save");
    var write = $("send-mail");
    var pending = null;
    function show(n) {
      pending = { n: n };
      write.disabled = true;
      panel.hidden = false;
      save.focus();
      Status.say(t("send.tooLong", { n: n, whom: Actions.whom() }), "warn");
    }
    function close() {
      reset();
      button.focus();
    }
    // The picks changed: the file saved for them is not the selection any more.
    function reset() {
      panel.hidden = true;
      pending = null;
    }
    save.addEventListener("click", function () {
      if (!pending) return;
      // Made now, so a note typed since Send is in it.
      var order = orderFile();
      pending.name = order.name;
      Actions.download(order.content, order.name, "application/json");
      write.disabled = false;
      write.focus();
      Status.say(t("send.saved", { file: order.name, whom: Actions.whom() }));
    });
    write.addEventListener("click", function () {
      if (!pending) return;
      var n = pending.n, name = pending.name;
      open(mailto(subject(n), attachmentBody(n, Picks.about(), name)));
      close();
      Status.say(t("send.openedAttach", { whom: Actions.whom(), address: contact, file: name }));
    });
    $("send-steps-close").addEventListener("click", close);
    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") close();
    });
    return { show: show, reset: reset };
  })();

  button.addEventListener("click", function () {
    Actions.whenFinal(send);
  });

  function render(order) {
    steps.reset();
    button.hidden = !contact;
    button.textContent = t("send.to", { name: Data.contactName || contact });
    button.disabled = Selections.total() === 0;
  }

  return { render: render, mailto: mailto, body: body, MAX_URL: MAX_URL };
})());
