// picks: the ordered selection and the limit, the one place that changes it

var Picks = (Proofsheet.picks = (function () {
  var order = [];
  var listeners = [];

  function isFull() {
    return Data.limit > 0 && order.length >= Data.limit;
  }
  function changed(reason) {
    var copy = order.slice();
    listeners.forEach(function (listener) {
      listener(copy, reason);
    });
  }
  return {
    list: function () {
      return order.slice();
    },
    count: function () {
      return order.length;
    },
    position: function (id) {
      return order.indexOf(id);
    },
    has: function (id) {
      return order.indexOf(id) >= 0;
    },
    isFull: isFull,
    onChange: function (listener) {
      listeners.push(listener);
    },
    // Appends a photo. With limit 1 it replaces the pick; otherwise a full selection
    // refuses it. Returns whether the photo is now picked.
    add: function (id) {
      if (!Data.byId[id]) return false;
      if (order.indexOf(id) >= 0) return true;
      if (Data.limit === 1) order = [];
      else if (isFull()) return false;
      order.push(id);
      changed("add");
      return true;
    },
    remove: function (id) {
      var at = order.indexOf(id);
      if (at < 0) return;
      order.splice(at, 1);
      changed("remove");
    },
    toggle: function (id) {
      if (order.indexOf(id) >= 0) {
        this.remove(id);
        return false;
      }
      return this.add(id);
    },
    moveTo: function (id, index) {
      var at = order.indexOf(id);
      if (at < 0) return;
      index = Math.max(0, Math.min(order.length - 1, index));
      if (index === at) return;
      order.splice(at, 1);
      order.splice(index, 0, id);
      changed("move");
    },
    clear: function () {
      if (!order.length) return;
      order = [];
      changed("clear");
    },
    // Replaces the selection with known, distinct ids, cut to the limit. Returns how
    // many were dropped by the limit (callers refuse over-limit files before this).
    replace: function (ids, reason) {
      var seen = Object.create(null);
      var next = [];
      ids.forEach(function (id) {
        if (typeof id === "string" && Data.byId[id] && !seen[id]) {
          seen[id] = true;
          next.push(id);
        }
      });
      var dropped = 0;
      if (Data.limit > 0 && next.length > Data.limit) {
        dropped = next.length - Data.limit;
        next = next.slice(0, Data.limit);
      }
      order = next;
      changed(reason || "replace");
      return dropped;
    },
  };
})());
