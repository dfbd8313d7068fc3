/* Step-through replay of an executed example (rules-example): plain JavaScript, no
   network. The record (a <script type="application/json">) gives the piles at the
   start and, for each move, the piles it changed; every position is rebuilt from it
   and drawn on the board (board.js, the plate's places). Buttons, the arrow keys,
   Home and End while the replay has focus, and the list of moves: each is a link
   (#example-GAME-N-mK) to the position after that move. */
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

  function setUp(widget) {
    var record = JSON.parse(widget.querySelector(".rules-replay-data").textContent);
    var frames = positions(record);
    var holder = widget.querySelector(".rules-board-cards");
    var board = window.PatienceBoard.create(holder, record.board, false);
    holder.hidden = false;
    widget.querySelector(".rules-board").hidden = true;  // the table stays for other builders
    var status = widget.querySelector(".rules-position");
    var box = widget.parentNode;
    var listed = box.querySelectorAll(".rules-moves li");
    var at = 0;

    function show(index) {
      at = Math.max(0, Math.min(frames.length - 1, index));
      var changed = at ? record.steps[at - 1].set : {};
      board.show(frames[at]);
      board.piles.forEach(function (element, pile) {
        element.classList.toggle("rules-changed", Object.prototype.hasOwnProperty.call(changed, String(pile)));
      });
      var total = record.steps.length;
      status.textContent = at === 0 ? "Start: move 0 of " + total
        : "Move " + at + " of " + total + ": " + record.steps[at - 1].move
          + (at === total ? " — " + record.outcome_text : "");
      widget.setAttribute("data-position", String(at));
      listed.forEach(function (item, index) {  // the move just played, in the list of moves
        if (index === at - 1) {
          item.setAttribute("aria-current", "step");
          var list = item.closest(".rules-moves");
          if (list.scrollHeight > list.clientHeight) {  // keep it in view without moving the page
            list.scrollTop = item.offsetTop - list.offsetTop - list.clientHeight / 2;
          }
        } else { item.removeAttribute("aria-current"); }
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
    box.querySelectorAll(".rules-moves a[data-step]").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        history.replaceState(null, "", link.getAttribute("href"));
        show(Number(link.getAttribute("data-step")));
        widget.scrollIntoView({ block: "nearest" });
        widget.focus({ preventScroll: true });
      });
    });
    widget.tabIndex = 0;
    widget.querySelector(".rules-replay-controls").hidden = false;
    function follow() {  // a link to a move (#example-GAME-N-mK), on load and on the way back and forth
      // by id, not a selector built from the address: a fragment with " or ] must not throw
      var item = location.hash ? document.getElementById(location.hash.slice(1)) : null;
      var target = item && box.contains(item) && item.matches(".rules-moves li") ? item.querySelector("a") : null;
      if (target) { show(Number(target.getAttribute("data-step"))); }
      return Boolean(target);
    }
    window.addEventListener("hashchange", follow);
    if (!follow()) { show(0); }
  }

  function start() { document.querySelectorAll(".rules-replay").forEach(setUp); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
