/* Step-through replay of an executed example (rules-example): plain JavaScript, no
   network. The record (a <script type="application/json">) gives the piles at the
   start and, for each move, the piles it changed; every position is rebuilt from it.
   Buttons, and the arrow keys, Home and End while the replay has focus. */
(function () {
  "use strict";

  function positions(record) {
    var frames = [record.start];
    record.steps.forEach(function (step) {
      var next = frames[frames.length - 1].slice();
      Object.keys(step.set).forEach(function (pile) { next[Number(pile)] = step.set[pile]; });
      frames.push(next);
    });
    return frames;
  }

  function cards(cell, pile) {
    cell.textContent = "";
    var items = typeof pile === "number" ? [pile ? pile + " face down" : "—"] : (pile.length ? pile : ["—"]);
    items.forEach(function (name, index) {
      var span = document.createElement("span");
      span.textContent = name;
      if (typeof pile !== "number" && pile.length) {
        span.className = "rules-card" + (/[♦♥]$/.test(name) ? " rules-red" : "");
      } else {
        span.className = typeof pile === "number" && pile ? "rules-back" : "rules-empty";
      }
      if (index) { cell.appendChild(document.createTextNode(" ")); }
      cell.appendChild(span);
    });
  }

  function setUp(widget) {
    var record = JSON.parse(widget.querySelector(".rules-replay-data").textContent);
    var frames = positions(record);
    var rows = widget.querySelectorAll("tr[data-pile]");
    var status = widget.querySelector(".rules-position");
    var listed = widget.parentNode.querySelectorAll(".rules-moves li");
    var at = 0;

    function show(index) {
      at = Math.max(0, Math.min(frames.length - 1, index));
      var changed = at ? record.steps[at - 1].set : {};
      rows.forEach(function (row) {
        var pile = Number(row.getAttribute("data-pile"));
        cards(row.querySelector("td"), frames[at][pile]);
        row.classList.toggle("rules-changed", Object.prototype.hasOwnProperty.call(changed, String(pile)));
      });
      var total = record.steps.length;
      status.textContent = at === 0 ? "Start: move 0 of " + total
        : "Move " + at + " of " + total + ": " + record.steps[at - 1].move
          + (at === total ? " — " + record.outcome_text : "");
      widget.setAttribute("data-position", String(at));
      listed.forEach(function (item, index) {  // the move just played, in the list of moves
        if (index === at - 1) { item.setAttribute("aria-current", "step"); } else { item.removeAttribute("aria-current"); }
      });
    }

    var actions = {
      first: function () { show(0); },
      previous: function () { show(at - 1); },
      next: function () { show(at + 1); },
      last: function () { show(frames.length - 1); }
    };
    Object.keys(actions).forEach(function (name) {
      widget.querySelector(".rules-" + name).addEventListener("click", actions[name]);
    });
    var keys = { ArrowRight: "next", ArrowLeft: "previous", Home: "first", End: "last" };
    widget.addEventListener("keydown", function (event) {
      var action = keys[event.key];
      if (!action || event.altKey || event.ctrlKey || event.metaKey) { return; }
      event.preventDefault();
      event.stopPropagation();  // the theme's arrow keys turn the page; inside the replay they step
      actions[action]();
    });
    widget.tabIndex = 0;
    widget.querySelector(".rules-replay-controls").hidden = false;
    show(0);
  }

  function start() { document.querySelectorAll(".rules-replay").forEach(setUp); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
