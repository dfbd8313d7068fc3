/* Step-through replay of an executed example (rules-example), with no network. The
   record (a <script type="application/json">, example.py) gives the piles at the start
   and, for each move, the piles it changed; every position is rebuilt from it and drawn
   on the board (board.js, the plate's places). Buttons, the arrow keys, Home and End
   while the replay has focus, and the list of moves: each is a link
   (#example-GAME-N-mK) to the position after that move. */

import { create } from "./board.js";

/** @typedef {import("./protocol.js").Replay} Replay */
/** @typedef {import("./protocol.js").Pile} Pile */

/** Every position of the replay, the start first: each step's piles set on the one before.
    @param {Replay} record
    @returns {Pile[][]} */
export function positions(record) {
  const frames = [record.start];
  record.steps.forEach((step) => {
    const next = frames[frames.length - 1].slice();
    Object.keys(step.set).forEach((pile) => { next[Number(pile)] = step.set[pile]; });
    frames.push(next);
  });
  return frames;
}

/** What the replay says at position ``at`` (0: the start), the outcome after the last move.
    @param {Replay} record  @param {number} at */
export function positionText(record, at) {
  const total = record.steps.length;
  if (at === 0) { return `Start: move 0 of ${total}`; }
  return `Move ${at} of ${total}: ${record.steps[at - 1].move}${at === total ? ` — ${record.outcome_text}` : ""}`;
}

const KEYS = { ArrowRight: "next", ArrowLeft: "previous", Home: "first", End: "last" };

function setUp(widget, sheet) {
  const record = JSON.parse(widget.querySelector(".rules-replay-data").textContent);
  const frames = positions(record);
  const holder = widget.querySelector(".rules-board-cards");
  const board = create(holder, record.board, { interactive: false, sheet });
  holder.hidden = false;
  widget.querySelector(".rules-board").hidden = true;  // the table stays for other builders
  const status = widget.querySelector(".rules-position");
  const box = widget.parentNode;
  const listed = box.querySelectorAll(".rules-moves li");
  let at = 0;

  function show(index) {
    at = Math.max(0, Math.min(frames.length - 1, index));
    const changed = at ? record.steps[at - 1].set : {};
    board.show(frames[at]);
    board.piles.forEach((element, pile) => {
      element.classList.toggle("rules-changed", Object.prototype.hasOwnProperty.call(changed, String(pile)));
    });
    status.textContent = positionText(record, at);
    widget.setAttribute("data-position", String(at));
    listed.forEach((item, index) => {  // the move just played, in the list of moves
      if (index === at - 1) {
        item.setAttribute("aria-current", "step");
        const list = item.closest(".rules-moves");
        if (list.scrollHeight > list.clientHeight) {  // keep it in view without moving the page
          list.scrollTop = item.offsetTop - list.offsetTop - list.clientHeight / 2;
        }
      } else { item.removeAttribute("aria-current"); }
    });
  }

  const actions = {
    first: () => show(0),
    previous: () => show(at - 1),
    next: () => show(at + 1),
    last: () => show(frames.length - 1),
  };
  Object.keys(actions).forEach((name) => {
    widget.querySelector(`.rules-${name}`).addEventListener("click", actions[name]);
  });
  widget.addEventListener("keydown", (event) => {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) { return; }
    event.preventDefault();
    event.stopPropagation();  // the theme's arrow keys turn the page; inside the replay they step
    actions[action]();
  });
  box.querySelectorAll(".rules-moves a[data-step]").forEach((link) => {
    link.addEventListener("click", (event) => {
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
    const item = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    const target = item && box.contains(item) && item.matches(".rules-moves li") ? item.querySelector("a") : null;
    if (target) { show(Number(target.getAttribute("data-step"))); }
    return Boolean(target);
  }
  window.addEventListener("hashchange", follow);
  if (!follow()) { show(0); }
}

/** Every replay of the page, drawn with the card sheet at ``sheet``.
    @param {URL} sheet */
export function startReplays(sheet) {
  document.querySelectorAll(".rules-replay").forEach((widget) => setUp(widget, sheet));
}
