// proofsheet picker (initial version): picks in order with a limit.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("proofsheet-data").textContent);
  var limit = data.options.limit;
  var order = [];
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input[name="pick"]'));
  var status = document.getElementById("status");
  function render() {
    boxes.forEach(function (box) {
      var position = order.indexOf(box.value);
      box.checked = position >= 0;
      box.disabled = limit > 1 && position < 0 && order.length >= limit;
      box.closest(".photo").querySelector(".badge").textContent = position >= 0 ? String(position + 1) : "";
    });
    status.textContent = limit === 0 ? order.length + " picked" :
      order.length + " of " + limit + " picked" + (order.length >= limit ? " — limit reached" : "");
  }
  boxes.forEach(function (box) {
    box.addEventListener("change", function () {
      var position = order.indexOf(box.value);
      if (box.checked && position < 0) {
        if (limit === 1) order = [];
        if (limit === 0 || order.length < limit) order.push(box.value);
      } else if (!box.checked && position >= 0) {
        order.splice(position, 1);
      }
      render();
    });
  });
  render();
})();
