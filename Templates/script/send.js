// send: the picks back to the photographer (issue 13), with no server. Where the browser
// can share files (the Web Share API, on phones) the order file is shared; elsewhere a
// mail to the gallery's contact (build --contact) opens, its body the plain-text list that
// collect reads as pasted. A list too long for a mail link is downloaded instead, to be
// attached.

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
    return Data.title.replace(/\s+/g, " ") + " — " + n + " " + plural(n, "pick", "picks") + (by ? " from " + by : "");
  }
  function mailto(subjectText, body) {
    return "mailto:" + contact + "?subject=" + encodeURIComponent(subjectText) + "&body=" + encodeURIComponent(body);
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
    var n = Picks.count();
    var order = orderFile();
    if (canShare(order.file)) {
      navigator.share({ files: [order.file], title: subject(n), text: subject(n) }).then(function () {
        Status.say("Shared “" + order.name + "” with " + n + " " + plural(n, "pick", "picks") + ".");
      }, function (error) {
        if (error && error.name === "AbortError") Status.say("Not sent: sharing was cancelled. Your picks are unchanged.");
        else if (contact) mail(n, order);
        else Status.say("This browser could not share the order file (" + (error && error.message) + "); use Export order.", "error");
      });
      return;
    }
    mail(n, order);
  }
  function mail(n, order) {
    var name = Actions.whom();
    var url = mailto(subject(n), OrderFile.text(Picks.records(), Picks.about()));
    if (url.length <= MAX_URL) {
      open(url);
      Status.say("Opened a mail to " + name + " with your " + n + " " + plural(n, "pick", "picks") + ". Press Send in your mail program.");
      return;
    }
    Actions.download(order.content, order.name, "application/json");
    var by = Notes.trimmed(Picks.about().by);
    open(mailto(subject(n), "My " + n + " picks of " + Data.title + " (gallery " + Data.gallery + ") are in the attached file, “" + order.name + "”." + (by ? "\n\n" + by : "")));
    Status.say(
      "Your list is too long for a mail link, so “" + order.name + "” was downloaded: attach it to the mail to " + name +
        " (" + contact + ") that just opened.", "warn");
  }

  button.addEventListener("click", function () {
    Actions.whenFinal(send);
  });

  function render(order) {
    button.hidden = !contact;
    button.textContent = "Send to " + (Data.contactName || contact);
    button.disabled = order.length === 0;
  }

  return { render: render, mailto: mailto, MAX_URL: MAX_URL };
})());
