// notes: the client's words for the photographer (issue 13) — a note on any pick (in the
// tray and in the viewer), one on the whole selection, their name — and the
// photographer's message at the top of the page. Notes are untrusted text: capped,
// shown only with textContent and form values, kept with the picks (Picks, Store) and
// carried in the order file (OrderFile).

var Notes = (Proofsheet.notes = (function () {
  var MAX_NOTE = 2000; // characters, as collect caps them (OrderFile.maximumNoteLength)
  var MAX_BY = 200;
  var by = $("by");
  var selection = $("selection-note");
  var viewerField = $("viewer-note-field");
  var viewerNote = $("viewer-note");
  var open = Object.create(null); // pick ids whose tray note is shown while still empty

  // Text as kept: a string, CR LF as LF, no other control characters but tab and line
  // feed (one line for a name), at most `max` characters (code points, so never more
  // characters than collect counts).
  // Text as kept, cleaned as collect cleans it (UntrustedText): CR LF and CR as LF, tabs
  // as spaces, no other control characters; a name on one line; at most `max` characters
  // (code points, so never more characters than collect counts).
  function clean(value, max, oneLine) {
    if (typeof value !== "string") return "";
    var text = value.replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, "");
    if (oneLine) text = text.replace(/[\n\u2028\u2029]/g, " ");
    var chars = Array.from(text);
    return chars.length > max ? chars.slice(0, max).join("") : text;
  }
  // As written to an order file or a list: without blanks at either end.
  function trimmed(text) {
    return (text || "").replace(/^ +| +$/g, "");
  }

  function field(tag, className, label, max) {
    var node = el(tag, className);
    node.setAttribute("aria-label", label);
    node.maxLength = max;
    node.spellcheck = true;
    return node;
  }

  // The note under a pick in the tray: a field when it has a note or one was asked for.
  function trayNote(pick) {
    if (!pick.note && !open[pick.id]) return null;
    var area = field("textarea", "tray-note", t("note.on", { name: pick.name }), MAX_NOTE);
    area.rows = 2;
    area.placeholder = t("note.forPhotographer");
    area.value = pick.note || "";
    area.setAttribute("data-id", pick.id);
    area.setAttribute("data-action", "note");
    return area;
  }
  // ✎ while the pick has no note field; null once it has one.
  function noteButton(pick) {
    if (pick.note || open[pick.id]) return null;
    return pickControl("note-button", t("note.addOn", { name: pick.name }), t("note.add"), "note", pick.id);
  }
  // A click on ✎ shows the pick's note field and puts the caret in it.
  function openNote(id) {
    open[id] = true;
    Tray.render(Picks.list());
    var area = document.querySelector('textarea.tray-note[data-id="' + cssEscape(id) + '"]');
    if (area) area.focus();
  }

  $("tray-list").addEventListener("input", function (event) {
    var area = event.target;
    if (!area.classList || !area.classList.contains("tray-note")) return;
    Picks.setNote(area.getAttribute("data-id"), area.value);
  });
  by.maxLength = MAX_BY;
  selection.maxLength = MAX_NOTE;
  by.addEventListener("input", function () {
    Picks.setAbout({ by: by.value });
  });
  selection.addEventListener("input", function () {
    Picks.setAbout({ note: selection.value });
  });

  // The viewer's note: on the photo shown, once it is picked.
  var viewerId = null;
  viewerNote.maxLength = MAX_NOTE;
  viewerNote.addEventListener("input", function () {
    if (viewerId) Picks.setNote(viewerId, viewerNote.value);
  });
  function renderViewer(id) {
    viewerId = id;
    var pick = id ? Picks.get(id) : null;
    viewerField.hidden = !pick;
    if (!pick) return;
    viewerNote.setAttribute("aria-label", t("note.on", { name: pick.name }));
    if (document.activeElement !== viewerNote && viewerNote.value !== pick.note) viewerNote.value = pick.note || "";
  }

  // The fields follow the selection (an import, another tab), except the one being typed in.
  function render() {
    var about = Picks.about();
    if (document.activeElement !== by && by.value !== about.by) by.value = about.by;
    if (document.activeElement !== selection && selection.value !== about.note) selection.value = about.note;
    if (viewerId) renderViewer(viewerId);
  }

  // The photographer's instructions (build --message), at the top of the page. On a phone
  // the name and note fields start folded away unless they hold something, so the docked
  // tray keeps room for the picks.
  function showMessage() {
    var about = Picks.about();
    if (window.matchMedia && window.matchMedia("(max-width: 760px)").matches && !about.by && !about.note) $("about-picks").open = false;
    var message = $("message");
    message.textContent = Data.message;
    message.hidden = !Data.message;
  }

  return {
    MAX_NOTE: MAX_NOTE,
    MAX_BY: MAX_BY,
    clean: clean,
    trimmed: trimmed,
    trayNote: trayNote,
    noteButton: noteButton,
    openNote: openNote,
    isOpen: function (id) {
      return !!open[id];
    },
    renderViewer: renderViewer,
    render: render,
    showMessage: showMessage,
  };
})());
