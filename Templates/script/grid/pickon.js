// pickon: picking on the photo — a tick of a photo's checkbox in the grid picks it or
// unpicks it, and a pick the limit refuses says so beside that photo, briefly (a bubble
// under its pick control, also a polite status for screen readers), not in the tray far
// from where the client looked. Uses Grid (its <main>), Picks, Data and Status.whyNot.

var PickOn = (Proofsheet.pickon = (function () {
  var bubble = el("p", "refusal");
  bubble.id = "refusal";
  bubble.setAttribute("role", "status");
  bubble.hidden = true;
  var timer = null;
  var SHOWN_MS = 4000;

  function hide() {
    clearTimeout(timer);
    bubble.hidden = true;
    bubble.textContent = "";
  }
  function refuse(box) {
    var cell = box.closest("li.photo");
    if (!cell) return;
    if (bubble.parentNode !== cell) cell.appendChild(bubble);
    bubble.textContent = Status.whyNot();
    bubble.hidden = false;
    // A box at the foot of the screen (or just above the phone's bar): its bubble, under
    // it, would be cut by the edge; the page moves the few pixels it needs to show it whole
    // (nothing when it is: "nearest", within the scroll padding the bar keeps).
    bubble.scrollIntoView({ block: "nearest", inline: "nearest" });
    clearTimeout(timer);
    timer = setTimeout(hide, SHOWN_MS);
  }

  // A box that cannot be picked does not tick: it says why, where the client is looking.
  Grid.main.addEventListener("click", function (event) {
    var box = event.target;
    if (!box || box.name !== "pick" || box.getAttribute("aria-disabled") !== "true") return;
    event.preventDefault();
    refuse(box);
  });
  Grid.main.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || box.name !== "pick" || !Data.photo(box.value)) return;
    if (box.checked) {
      if (!Picks.add(box.value)) {
        box.checked = false;
        refuse(box);
      }
    } else {
      Picks.remove(box.value);
    }
  });

  // The photo it was about went (its cell filled again for another): it goes too.
  return {
    forget: function (li) {
      if (bubble.parentNode === li) hide();
    },
  };
})());
