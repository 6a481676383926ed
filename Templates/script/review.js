// review: the one way to finish (issue 29). The tray's one primary, "Review & send to NAME"
// ("Review" when the gallery has no contact), opens a sheet with the picks large and in
// order, each with its note, the client's name and the note on the whole selection (the
// tray's own fields, moved into the sheet while it is open), and Send — or, with no
// contact, the selection file to download. Uses Data, Picks, Notes (the fields), Status
// and Send (whose button it holds).

var Review = (Proofsheet.review = (function () {
  var button = $("review");
  var sheet = $("review-sheet");
  var list = $("review-list");
  var count = $("review-count");
  var empty = $("review-empty");
  var about = $("about-picks");
  var aboutHome = about.parentNode;
  var aboutNext = about.nextSibling;
  var supported = typeof sheet.showModal === "function";

  function whom() {
    return Data.contact ? Data.contactName || Data.contact : "";
  }
  function label() {
    return whom() ? t("review.openTo", { name: whom() }) : t("review.open");
  }

  function item(pick, index) {
    var li = el("li", "review-item");
    var frame = el("span", "review-frame");
    var photo = Data.lookup(pick.id);
    var thumb = photo ? (photo.thumb2x.src || photo.thumb.src) : pick.thumb;
    if (thumb && !pick.missing) {
      var img = el("img");
      img.alt = "";
      img.src = src(thumb);
      if (photo) {
        img.width = photo.thumb.width;
        img.height = photo.thumb.height;
      }
      frame.appendChild(img);
    }
    var number = el("span", "review-number", String(index + 1));
    number.setAttribute("aria-hidden", "true");
    frame.appendChild(number);
    li.appendChild(frame);
    var text = el("p", "review-name", pick.name);
    li.appendChild(text);
    if (pick.note) li.appendChild(el("p", "review-note", pick.note));
    li.setAttribute("aria-label", pick.note ? t("review.itemNote", { n: index + 1, name: pick.name, note: pick.note }) : index + 1 + ". " + pick.name);
    return li;
  }
  function fill() {
    var records = Picks.records();
    while (list.firstChild) list.removeChild(list.firstChild);
    records.forEach(function (pick, index) {
      list.appendChild(item(pick, index));
    });
    empty.hidden = records.length > 0;
    count.textContent = Status.text(records.length);
  }

  function open() {
    if (!supported) return;
    fill();
    // The name and the note on the whole selection, where the client finishes.
    about.open = true;
    $("review-about").appendChild(about);
    if (!sheet.open) {
      document.documentElement.classList.add("review-open");
      sheet.showModal();
    }
    var first = $("send").hidden ? $("export-json") : $("send");
    (first.disabled ? $("review-close") : first).focus();
  }
  sheet.addEventListener("close", function () {
    document.documentElement.classList.remove("review-open");
    aboutHome.insertBefore(about, aboutNext);
    button.focus();
  });
  $("review-close").addEventListener("click", function () {
    sheet.close();
  });
  sheet.addEventListener("click", function (event) {
    if (event.target === sheet) sheet.close(); // the backdrop
  });
  button.addEventListener("click", open);

  // After Send.render: the sheet's primary is Send when there is a contact, else the download.
  function render(order) {
    button.textContent = label();
    button.disabled = order.length === 0;
    $("export-json").classList.toggle("primary", $("send").hidden);
    if (sheet.open) fill();
  }

  return { render: render, open: open, label: label };
})());
