/* Play (rules-play): any numbered deal, played in the page by the edition's own engine.

   The page holds the first position of each game's default deal, as the engine shows it
   (play.py), so pressing Play draws the deal at once. The engine runs in a Web Worker
   (engine.js, play-worker.js: Pyodide, restored from the build's memory snapshot, running
   patience.session); it starts loading when the Play panel comes into view, after
   the service worker (play-sw.js) that keeps its files in the browser, and a move made
   before it is ready is played as soon as it is. A hint runs in a worker of its own, so it
   can be cancelled. Nothing shown names a card lying face down: the views come from
   patience.engine.visibility, and the pack's next card is turned up before it is placed.

   The URL and local storage keep the position (link.js), so a reload or a later visit
   goes on with it. What the page says of a position is worked out in moves.js. */

import { cardName, create } from "./board.js";
import { newEngine, startEngine } from "./engine.js";
import { MAX_DEAL, isDealNumber, linkTo, option, readLink, readSaved, savedText, setOption, storageKey } from "./link.js";
import {
  choices, endSaid, going, groups, hintPiles, hintSource, homeMove, isAction, listTitle, listed, movesFrom, movesSaid,
  nearest, numbered, outcome, packTargets, positionSaid, target, turnLine,
} from "./moves.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").OfferedMove} OfferedMove */
/** @typedef {import("./protocol.js").PlayPage} PlayPage */
/** @typedef {import("./protocol.js").Refusal} Refusal */
/** @typedef {import("./protocol.js").Hint} Hint */
/** @typedef {import("./engine.js").Site} Site */

const HOME_TAP = 500;  // ms between two clicks or taps that send a card home
const DRAG = 6;  // px the pointer moves before a press becomes a drag
const AFTER_DRAG = 2000;  // ms after a drag during which the next click is the drag's own
const SAFE_PAUSE = 250;  // ms between safe moves played for the reader
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
// Local storage, asked for at each use: where it is refused, the use fails, not the page.
const storage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
};

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) { made.className = className; }
  if (text !== undefined) { made.textContent = text; }
  return made;
}

function button(label, className, handler, title) {
  const made = element("button", className, label);
  made.type = "button";
  if (title) { made.title = title; made.setAttribute("aria-label", title); }
  made.addEventListener("click", handler);
  return made;
}

function pause(ms) { return new Promise((resolve) => { setTimeout(resolve, ms); }); }

class Player {
  /** @param {HTMLElement} box  @param {Site} site  @param {URL} sheet */
  constructor(box, site, sheet) {
    this.box = box;
    this.site = site;
    this.sheet = sheet;
    /** @type {PlayPage} */
    this.page = JSON.parse(box.querySelector(".rules-play-data").textContent);
    this.status = box.querySelector(".rules-play-status");
    this.status.textContent = "";
    this.playButton = box.querySelector(".rules-play-button");
    this.queue = Promise.resolve();
    this.selected = null;
    /** @type {?View} */
    this.view = null;
    this.draggedAt = null;  // when the last drag ended, until the click that follows it
    this.playButton.addEventListener("click", () => this.begin(null));
    addSkipLink(box);
    const asked = readLink(location.search, this.page);
    if (asked && asked.game) {
      this.begin(asked);
    } else if (asked) {
      this.say(asked.problems.join(" "), true);
    } else if ("IntersectionObserver" in window) {  // the engine loads once Play comes into view
      const watcher = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          watcher.disconnect();
          startEngine(this.site, this.page.game).catch(() => null);  // said when Play is pressed
        }
      }, { rootMargin: "600px" });
      watcher.observe(box);
    }
  }

  say(message, problem) {
    this.status.textContent = message;
    this.status.classList.toggle("rules-play-problem", Boolean(problem));
  }

  /* Play pressed (``asked``: null) or a link opened: the deal on the board at once, from
     the page (the default deal's first position) or from storage, then from the engine. */
  begin(asked) {
    if (this.panel) { return; }
    this.pressed = performance.now();
    const saved = asked ? null : readSaved(storage, this.page);
    const first = this.page.games[this.page.game].first;
    const at = asked || saved || { game: this.page.game, deal: first.deal, moves: [], turned: false, problems: [],
                                   view: first };
    this.build();
    this.newBoard(at.game);
    if (at.view) {
      this.show(at.view, saved ? `Your last game here, deal ${saved.deal} at move ${saved.moves.length}: `
                                 + "the engine is starting." : null, {});
    } else {
      this.say(`Dealing deal ${at.deal}…`);
    }
    this.box.setAttribute("data-shown", String(Math.round(performance.now() - this.pressed)));
    document.body.classList.add("rules-playing");
    this.panel.scrollIntoView({ block: "start", behavior: "instant" });
    this.focusPile(this.roving || 0);
    this.open(at.game, at.deal, at.moves, at.turned, at.problems, saved ? "resumed" : null);
  }

  /* Deal ``deal`` of ``game`` in the engine and play ``moves``; the board follows. */
  open(game, deal, moves, turned, problems, how) {
    return this.run((engine) => engine.call("open", game, deal, moves, turned || false).then((answer) => {
      const said = problems.concat(answer.problem ? [`The link's ${answer.problem}.`] : []);
      if (!this.box.hasAttribute("data-ready")) {
        this.box.setAttribute("data-ready", String(Math.round(performance.now() - this.pressed)));
      }
      const message = said.length ? said.join(" ") : how === "resumed"
        ? `Your last game here: deal ${deal} at move ${moves.length}. Random or Deal for another.` : null;
      this.show(answer.view, message, { problem: said.length > 0 });
      return this.playSafe();
    }));
  }

  /* Runs ``task(engine)`` once the engine is ready and the calls before it are done. */
  run(task) {
    this.box.setAttribute("data-busy", "true");
    this.waiting.hidden = Boolean(this.engine);
    this.queue = this.queue.then(() => startEngine(this.site, this.game).then((engine) => {
      this.engine = engine;
      this.waiting.hidden = true;
      this.box.setAttribute("data-engine", engine.info.snapshot ? "snapshot" : "started");
      this.box.setAttribute("data-phases", JSON.stringify(engine.info.phases));
      return task(engine);
    })).catch((problem) => this.failed(problem))
      .then(() => pause(0))  // after the URL and storage are kept
      .then(() => { this.box.removeAttribute("data-busy"); });
    return this.queue;
  }

  failed(problem) {
    this.waiting.hidden = true;
    if (problem && problem.stopped) { return; }
    if (!this.engine || problem.file) {
      this.box.setAttribute("data-engine", "failed");
      this.say(`Play cannot start: ${problem.message || problem}.${problem.advice ? ` What to do: ${problem.advice}.` : ""}`
               + " The rules and the example replay above work without it.", true);
      return;
    }
    this.say(`The engine refused: ${problem.message || problem}.`, true);
  }

  /* The controls, the board's box and the lists, made once. */
  build() {
    this.playButton.hidden = true;
    const panel = this.panel = element("div", "rules-play-panel");
    this.box.insertBefore(panel, this.status);
    this.head = element("div", "rules-play-head");
    this.head.append(this.buildBar(), this.buildOptions(), this.turnText = element("p", "rules-play-turn"), this.status);
    this.boardBox = element("div", "rules-play-board");
    this.boardBox.setAttribute("role", "group");
    this.boardBox.setAttribute("aria-label", "The board: arrow keys move between the piles; Enter chooses a pile, "
                               + "then where its card goes; F sends its card to a foundation; Escape cancels");
    this.boardBox.addEventListener("keydown", (event) => this.boardKey(event));
    this.actions = element("div", "rules-play-actions");
    this.why = element("div", "rules-play-why");
    panel.append(this.head, this.actions, this.boardBox, this.why, this.buildList(), this.buildCommand());
    this.box.classList.add("rules-play-on");
  }

  buildBar() {
    const bar = element("div", "rules-play-bar");
    const games = Object.keys(this.page.games);
    const gameLabel = element("label", "rules-play-field", "Game ");
    this.gameSelect = element("select", "rules-play-game");
    games.forEach((id) => {
      const choice = element("option", "", this.page.games[id].title);
      choice.value = id;
      this.gameSelect.appendChild(choice);
    });
    gameLabel.appendChild(this.gameSelect);
    gameLabel.hidden = games.length < 2;
    const dealLabel = element("label", "rules-play-field", "Deal ");
    this.dealInput = element("input", "rules-play-deal");
    this.dealInput.type = "number";
    this.dealInput.min = "0";
    this.dealInput.max = String(MAX_DEAL);
    this.dealInput.inputMode = "numeric";
    dealLabel.appendChild(this.dealInput);
    this.dealInput.addEventListener("keydown", (event) => { if (event.key === "Enter") { this.dealAgain(false); } });
    this.hintButton = button("Hint", "rules-play-hint", () => this.hint(), "Suggest a move");
    this.cancelButton = button("Cancel", "rules-play-cancel", () => this.cancelHint(), "Stop looking for a hint");
    this.cancelButton.hidden = true;
    bar.append(gameLabel, dealLabel,
      button("Deal", "rules-play-new", () => this.dealAgain(false), "Deal the numbered deal"),
      button("Random", "rules-play-random", () => this.dealAgain(true), "Deal a deal chosen at random"),
      this.undoButton = button("Undo", "rules-play-undo", () => this.step("undo"), "Take back the last move"),
      this.redoButton = button("Redo", "rules-play-redo", () => this.step("redo"), "Play again the move taken back"),
      button("Restart", "rules-play-restart", () => this.step("restart"), "Back to the start of this deal"),
      this.hintButton, this.cancelButton);
    return bar;
  }

  buildOptions() {
    const safeLabel = element("label", "rules-play-field rules-play-safe-label");
    this.safeBox = element("input", "rules-play-safe");
    this.safeBox.type = "checkbox";
    this.safeBox.checked = option(storage, "safe", false);
    this.safeBox.addEventListener("change", () => {
      setOption(storage, "safe", this.safeBox.checked);
      if (this.safeBox.checked) { this.run(() => this.playSafe()); }
    });
    safeLabel.append(this.safeBox, document.createTextNode(" Play safe moves for me"));
    this.safeWhy = element("span", "rules-play-safe-why");
    this.waiting = element("span", "rules-play-waiting", "Starting the engine…");
    this.waiting.setAttribute("role", "note");
    const options = element("div", "rules-play-options");
    options.append(safeLabel, this.safeWhy, this.waiting);
    return options;
  }

  buildList() {
    const listBox = element("div", "rules-play-list");
    const listHead = element("div", "rules-play-list-head");
    this.listTitle = element("p", "rules-play-list-title");
    this.whyToggle = button("Show the clauses", "rules-play-why-toggle", () => this.toggleWhy());
    this.whyToggle.setAttribute("aria-pressed", "false");
    listHead.append(this.listTitle, this.whyToggle);
    this.list = element("ul", "rules-play-moves");
    listBox.append(listHead, this.list);
    return listBox;
  }

  buildCommand() {
    const commandBox = element("div", "rules-play-command");
    const commandLabel = element("label", "", "In a terminal: ");
    this.command = element("input", "rules-play-command-line");
    this.command.readOnly = true;
    commandLabel.appendChild(this.command);
    commandBox.append(commandLabel, button("Copy", "rules-play-copy", () => this.copy(),
                                           "Copy the command line that reaches this position"));
    return commandBox;
  }

  /* A new board for ``game`` (its plate), wired for pointer and keyboard. */
  newBoard(game) {
    this.game = game;
    this.info = this.page.games[game];
    this.selected = null;
    const table = element("div");
    this.boardBox.textContent = "";
    this.boardBox.appendChild(table);
    this.board = create(table, this.info.board, { interactive: true, sheet: this.sheet });
    this.board.piles.forEach((pile, index) => {
      pile.tabIndex = -1;
      pile.addEventListener("click", () => {  // not the click that ends a drag, on whichever pile it lands
        const ending = this.draggedAt !== null && performance.now() - this.draggedAt < AFTER_DRAG;
        this.draggedAt = null;
        if (!ending) { this.pick(index); }
      });
      pile.addEventListener("pointerdown", (event) => this.press(event, index));
      pile.addEventListener("focus", () => this.rove(index));
    });
    this.rove(0);
    this.gameSelect.value = game;
    const unsafe = this.info.unsafe || [];
    this.safeBox.disabled = unsafe.length > 0;
    this.safeWhy.textContent = unsafe.length ? `(never in this game: ${unsafe.join("; ")})` : "";
  }

  /* ---- drawing the position ------------------------------------------------------- */

  /* Redraw from the engine's ``view``; ``message`` (or the move just played) is announced;
     ``how.move``: the piles a move went between (its card is animated there). */
  show(view, message, how = {}) {
    const before = how.move ? this.rect(how.move.src) : null;
    const before2 = how.move && how.move.kind === "pair" ? this.rect(how.move.src2) : null;
    this.view = view;
    this.selected = null;
    this.actionsChoice = [];
    this.board.show(view.piles, view.next);
    this.board.piles.forEach((pile) => {
      pile.classList.remove("rules-selected", "rules-target", "rules-hint");
      pile.setAttribute("aria-pressed", "false");
    });
    if (how.move) {
      this.fly(before, how.move.dst);
      if (before2) { this.fly(before2, how.move.dst2); }
    }
    if (how.turned) { this.flip(0); }
    this.renderActions();
    this.renderMoves();
    this.undoButton.disabled = !view.played.length;
    this.redoButton.disabled = !view.redo;
    this.box.setAttribute("data-outcome", outcome(view));
    this.turnText.textContent = turnLine(view);
    this.command.value = view.command;
    this.dealInput.value = String(view.deal);
    this.why.textContent = "";
    let said = message;
    if (how.played && view.played.length) {
      const line = element("p", "rules-play-last", `${how.safe ? "Played for you (a safe move): "
        : `Move ${view.played.length}: `}${view.last}, allowed by `);
      line.appendChild(this.clauseLinks(how.played.reasons));
      line.appendChild(document.createTextNode("."));
      this.why.appendChild(line);
      if (said === null || said === undefined) { said = line.textContent; }
    }
    this.remember(view);
    if (said === null || said === undefined) { said = positionSaid(view); }
    this.say(said + endSaid(view), how.problem);
    window.setTimeout(() => { this.box.setAttribute("data-drawn", String(view.played.length)); }, 0);
  }

  rect(pile) {
    const face = this.board.piles[pile] && this.board.piles[pile].querySelector(".rules-face");
    return face ? face.getBoundingClientRect() : null;
  }

  /* The card now on ``pile`` comes from where ``from`` was (not when motion is reduced). */
  fly(from, pile) {
    const face = this.board.piles[pile] && this.board.piles[pile].querySelector(".rules-face");
    if (!from || !face || reduced.matches || !face.animate) { return; }
    const to = face.getBoundingClientRect();
    const flight = face.animate([{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)`, zIndex: 5 },
                                 { transform: "none", zIndex: 5 }], { duration: 220, easing: "ease-out" });
    // On its way the card lies over other piles: a press there is theirs, not this pile's.
    face.classList.add("rules-flying");
    const landed = () => face.classList.remove("rules-flying");
    flight.addEventListener("finish", landed);
    flight.addEventListener("cancel", landed);
  }

  flip(pile) {
    const face = this.board.piles[pile].querySelector(".rules-face");
    if (!face || reduced.matches || !face.animate) { return; }
    face.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: 200, easing: "ease-out" });
  }

  /* Buttons for what is not a card's move (deal a row, redeal, turn up the pack's card),
     and the cards offered when a choice of one pile's cards is to be made. */
  renderActions() {
    this.actions.textContent = "";
    (this.actionsChoice || []).forEach((move) => {
      this.actions.appendChild(button(move.text, "rules-play-choice", () => this.play(move)));
    });
    if (this.view.turn) {
      this.actions.appendChild(button("Turn up the next card", "rules-play-turn-up", () => this.turnUp(),
                                      "Turn up the next card of the stock"));
    }
    this.view.moves.filter(isAction).forEach((move) => {
      this.actions.appendChild(button(move.kind === "redeal" ? "Redeal" : "Deal a row", `rules-play-${move.kind}`,
                                      () => this.play(move), move.text));
    });
  }

  /* The legal moves, grouped by the pile they start from; each move's clauses on demand. */
  renderMoves() {
    const view = this.view;
    const focused = this.list.contains(document.activeElement) ? document.activeElement.getAttribute("data-n") : null;
    this.list.textContent = "";
    groups(view, this.info.board.piles).forEach(({ from, moves }) => {
      const group = element("li", "rules-play-group");
      group.appendChild(element("span", "rules-play-from", `${from}:`));
      const items = element("ul", "rules-play-group-moves");
      moves.forEach((move) => {
        const item = element("li");
        item.setAttribute("data-n", String(move.n));
        const choose = button(listed(move, from), "rules-play-move", () => this.play(move), move.text);
        choose.setAttribute("data-n", String(move.n));
        item.appendChild(choose);
        if (this.showingWhy) { item.appendChild(this.whyOf(move)); }  // else made when asked for: a move draws less
        items.appendChild(item);
      });
      if (from === "stock" && view.turn) {
        const turning = element("li");
        turning.appendChild(button("turn up the next card", "rules-play-move rules-play-turn-move",
                                   () => this.turnUp(), "Turn up the next card of the stock"));
        items.appendChild(turning);
      }
      group.appendChild(items);
      this.list.appendChild(group);
    });
    if (focused) {
      const again = this.list.querySelector(`button[data-n="${focused}"]`) || this.list.querySelector("button");
      if (again) { again.focus(); }
    }
    this.listTitle.textContent = listTitle(view);
  }

  toggleWhy() {
    this.showingWhy = !this.showingWhy;
    this.whyToggle.setAttribute("aria-pressed", String(this.showingWhy));
    this.whyToggle.textContent = this.showingWhy ? "Hide the clauses" : "Show the clauses";
    this.list.querySelectorAll("li[data-n]").forEach((item) => {
      const why = item.querySelector(".rules-play-why-move");
      if (why) { why.hidden = !this.showingWhy; return; }
      const move = numbered(this.view, Number(item.getAttribute("data-n")));
      if (this.showingWhy && move) { item.appendChild(this.whyOf(move)); }
    });
  }

  /* "allowed by" and the links to the clauses that allow ``move``. */
  whyOf(move) {
    const why = element("span", "rules-play-why-move", " allowed by ");
    why.appendChild(this.clauseLinks(move.reasons));
    return why;
  }

  clauseLinks(ids) {
    const span = element("span", "rules-play-reasons");
    ids.forEach((id, index) => {
      if (index) { span.appendChild(document.createTextNode(", ")); }
      const clause = this.info.clauses[id];
      if (!clause) { span.appendChild(element("code", "", id)); return; }
      const link = element("a", "rules-play-clause");
      link.href = `#${clause.anchor}`;
      link.title = clause.says;
      link.appendChild(element("code", "", clause.name));
      span.appendChild(link);
    });
    return span;
  }

  /* The passages the clause formalizes, as its block on this page links them. */
  passages(id) {
    const clause = this.info.clauses[id];
    const block = clause && document.getElementById(clause.anchor);
    const provenance = block && block.querySelector(".rules-provenance");
    if (!provenance) { return null; }
    const line = element("span", "rules-play-passages");
    provenance.childNodes.forEach((node) => line.appendChild(node.cloneNode(true)));
    return line;
  }

  /* ---- moves -------------------------------------------------------------------- */

  play(move, safe) {
    this.clearHint();
    return this.run((engine) => engine.call("play", move.n).then((answer) => {
      this.show(answer.view, null, { move: answer.move, played: move, safe });
      return safe ? null : this.playSafe();
    }));
  }

  /* With the option on, the safe moves of the position, one after another. */
  playSafe() {
    if (!this.safeBox.checked || this.safeBox.disabled || !this.engine) { return Promise.resolve(); }
    return this.engine.call("safe").then((answer) => {
      const move = answer.safe && numbered(this.view, answer.safe);
      if (!move) { return null; }
      return pause(reduced.matches ? 0 : SAFE_PAUSE).then(() => this.engine.call("play", move.n)).then((played) => {
        this.show(played.view, null, { move: played.move, played: move, safe: true });
        return this.playSafe();
      });
    });
  }

  turnUp() {
    this.clearHint();
    return this.run((engine) => engine.call("turn").then((answer) => {
      const view = answer.view;
      const names = packTargets(view, this.info.board.piles);
      this.show(view, answer.done ? `Turned up: ${cardName(view.next)}, the stock's next card. ${
                 names.length ? `It may go to ${names.join(", ")}.` : "It can go nowhere."}` : null, { turned: answer.done });
      if (answer.done) { this.select(0, true); }
    }));
  }

  step(name) {
    this.clearHint();
    return this.run((engine) => engine.call(name).then((answer) => {
      const view = answer.view;
      if (name === "undo") {
        this.show(view, answer.done ? `Taken back: ${answer.undone}.` : "Nothing to undo.");
      } else if (name === "redo") {
        this.show(view, answer.done ? null : "Nothing to redo.");
      } else {
        this.show(view, `Back to the start of deal ${view.deal}.`);
      }
    }));
  }

  dealAgain(random) {
    const deal = random ? String(Math.floor(Math.random() * 1000000)) : this.dealInput.value.trim();
    if (!isDealNumber(deal)) {
      this.say(`“${deal}” is not a deal number (0 to ${MAX_DEAL}).`, true);
      return;
    }
    const game = this.gameSelect.value;
    if (!Object.prototype.hasOwnProperty.call(this.page.games, game)) { return; }
    this.clearHint();
    if (game !== this.game) { this.newBoard(game); }
    const first = this.info.first;
    if (Number(deal) === first.deal) { this.show(first, `Deal ${deal} dealt. ${movesSaid(first)}`); }
    this.run((engine) => engine.call("open", game, Number(deal), [], false).then((answer) => {
      this.show(answer.view, `Deal ${deal} dealt. ${movesSaid(answer.view)}`);
      return this.playSafe();
    }));
  }

  /* ---- choosing with the pointer and the keyboard -------------------------------- */

  /* A click, tap or Enter on pile ``index``: choose it, or send the chosen card there; two
     taps on one pile send its card to a foundation. */
  pick(index) {
    const now = performance.now();
    const twice = this.lastTap && this.lastTap.index === index && now - this.lastTap.time < HOME_TAP;
    this.lastTap = { index, time: now };
    if (twice && homeMove(this.view, this.info.board.piles, index)) { this.home(index); return; }
    const view = this.view;
    if (this.selected === null) {
      if (index === 0 && view.turn) { this.turnUp(); return; }
      const from = movesFrom(view, index);
      if (from.length === 1 && from[0].kind === "turn_up") { this.play(from[0]); return; }
      const pile = view.piles[index];
      if (!from.length && (typeof pile === "number" ? !(index === 0 && view.next) : !pile.length)) {
        this.say(`${this.info.board.piles[index].name}: no card here can be played now.`);
        return;
      }
      this.select(index);
      return;
    }
    if (index === this.selected) { this.select(null); return; }
    this.drop(this.selected, index);
  }

  /* The chosen card (of pile ``src``) put on pile ``dst``: played, or refused with why. The
     pack's card is turned up on the way (in the same call to the engine). */
  drop(src, dst) {
    const turning = src === 0 && this.view.turn;
    this.select(null);
    const moves = turning ? [] : going(this.view, src, dst);
    if (moves.length === 1) { this.play(moves[0]); return; }
    if (moves.length > 1) { this.offer(moves); return; }
    this.run((engine) => {
      const turned = !turning ? Promise.resolve() : engine.call("turn").then((answer) => {
        this.show(answer.view, null, { turned: answer.done });
      });
      return turned.then(() => {
        const move = going(this.view, src, dst)[0];
        if (move) {
          return engine.call("play", move.n).then((answer) => {
            this.show(answer.view, null, { move: answer.move, played: move });
            return this.playSafe();
          });
        }
        return engine.call("attempt", src, dst).then((answer) => {
          this.show(answer.view, null, {});
          if (answer.result.played) { return this.playSafe(); }
          this.refuse(answer.result);
          return undefined;
        });
      });
    });
  }

  /* Two clicks or taps in a row (a double-click), or F: the pile's card to a foundation that takes it. */
  home(index) {
    const move = homeMove(this.view, this.info.board.piles, index);
    if (move) { this.play(move); return; }
    if (index === 0 && this.view.turn) { this.turnUp(); return; }
    this.say(`${this.info.board.piles[index].name}: no foundation takes its card now.`);
  }

  select(index, quiet) {
    this.selected = index;
    const targets = index === null ? [] : movesFrom(this.view, index).map((move) => target(move, index));
    this.board.piles.forEach((pile, pileIndex) => {
      pile.classList.toggle("rules-selected", pileIndex === index);
      pile.classList.toggle("rules-target", targets.includes(pileIndex));
      pile.setAttribute("aria-pressed", pileIndex === index ? "true" : "false");
    });
    this.offer(index === null ? [] : choices(movesFrom(this.view, index)), true);
    if (index !== null && !quiet) {
      const names = targets.map((pile) => this.info.board.piles[pile].name);
      this.say(`Chosen: ${this.info.board.piles[index].name}. ${
                names.length ? `It may go to ${names.join(", ")}.` : "No legal move takes it; try one to see why."}`);
    }
  }

  /* Several moves fit the choice (a pile whose every card is available): one button each. */
  offer(moves, quiet) {
    this.actionsChoice = moves;
    this.renderActions();
    if (moves.length && !quiet) { this.actions.querySelector(".rules-play-choice").focus(); }
  }

  /** @param {Refusal} result */
  refuse(result) {
    this.why.textContent = "";
    const line = element("p", "rules-play-refusal");
    line.appendChild(document.createTextNode(`Not allowed: ${result.move || "that move"}. `));
    if (result.clause) {
      line.appendChild(document.createTextNode("The clause "));
      line.appendChild(this.clauseLinks([result.clause]));
      line.appendChild(document.createTextNode(" forbids it: "));
    }
    line.appendChild(document.createTextNode(`${result.reason}.`));
    const passages = result.clause && this.passages(result.clause);
    if (passages) {
      line.appendChild(document.createTextNode(" "));
      line.appendChild(passages);
    }
    this.why.appendChild(line);
    this.say(line.textContent, true);
  }

  /* Dragging a card: pressed on a pile, moved a few pixels, let go on another. */
  press(event, index) {
    this.draggedAt = null;  // a new press: its click is its own
    if (event.button !== 0 || !this.view) { return; }
    const pile = this.board.piles[index];
    const face = pile.querySelector(".rules-face");
    const draggable = pile.getAttribute("data-top") || (index === 0 && this.view.turn);
    if (!draggable || !face) { return; }
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    const move = (moving) => {
      const dx = moving.clientX - start.x;
      const dy = moving.clientY - start.y;
      if (!ghost && Math.abs(dx) + Math.abs(dy) < DRAG) { return; }
      if (!ghost) {
        ghost = face.cloneNode(true);
        const box = face.getBoundingClientRect();
        ghost.classList.add("rules-ghost");
        ghost.style.width = `${box.width}px`;
        ghost.style.height = `${box.height}px`;
        ghost.style.left = `${box.left}px`;
        ghost.style.top = `${box.top}px`;
        document.body.appendChild(ghost);
        face.classList.add("rules-lifted");
        this.select(index);
      }
      ghost.style.transform = `translate(${dx}px, ${dy}px)`;
      const edge = 40;  // near the controls at the top, or the window's bottom, the page scrolls under the card
      const top = this.head.getBoundingClientRect().bottom;
      if (moving.clientY < top + edge) { window.scrollBy(0, -12); } else if (moving.clientY > innerHeight - edge) { window.scrollBy(0, 12); }
    };
    const up = (released) => {
      pile.removeEventListener("pointermove", move);
      pile.removeEventListener("pointerup", up);
      pile.removeEventListener("pointercancel", up);
      if (!ghost) { return; }
      ghost.remove();
      face.classList.remove("rules-lifted");
      this.draggedAt = performance.now();
      const under = released.type === "pointerup" ? document.elementFromPoint(released.clientX, released.clientY) : null;
      const landing = under && under.closest(".rules-play .rules-pile");
      const dst = landing ? Number(landing.getAttribute("data-pile")) : index;
      if (dst === index) { this.select(null); return; }
      this.drop(index, dst);
    };
    pile.setPointerCapture(event.pointerId);
    pile.addEventListener("pointermove", move);
    pile.addEventListener("pointerup", up);
    pile.addEventListener("pointercancel", up);
  }

  /* One pile of the board is in the tab order; the arrow keys move between them. */
  rove(index) {
    this.roving = index;
    this.board.piles.forEach((pile, at) => { pile.tabIndex = at === index ? 0 : -1; });
  }

  focusPile(index) {
    this.rove(index);
    this.board.piles[index].focus({ preventScroll: true });
  }

  boardKey(event) {
    const pile = event.target.closest && event.target.closest(".rules-pile");
    if (event.key === "Escape") { this.select(null); return; }
    if (!pile) { return; }
    const index = Number(pile.getAttribute("data-pile"));
    const direction = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (direction) {
      event.preventDefault();
      const next = nearest(this.info.board.piles, index, direction);
      if (next !== null) { this.focusPile(next); }
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      this.focusPile(event.key === "Home" ? 0 : this.board.piles.length - 1);
    } else if (event.key === "f" || event.key === "F") {
      event.preventDefault();
      this.home(index);
    }
  }

  /* ---- the hint, in a worker of its own so that it can be cancelled -------------- */

  hint() {
    const view = this.view;
    if (!view) { return; }
    this.clearHint();
    this.say("Looking for a move… (Cancel stops it.)");
    this.hintButton.hidden = true;
    this.cancelButton.hidden = false;
    const thinker = this.thinker = this.thinker || newEngine(this.site, this.game);
    const asked = this.askedHint = {};
    thinker.started.then(() => thinker.call("open", this.game, view.deal, view.played, Boolean(view.next)))
      .then(() => thinker.call("hint")).then((answer) => {
        if (this.askedHint !== asked) { return; }
        this.showHint(answer.hint);
      }, (problem) => {
        if (this.askedHint !== asked || problem.stopped) { return; }
        this.say(`No hint: ${problem.message || problem}.`, true);
      }).then(() => {
        if (this.askedHint === asked) { this.hintButton.hidden = false; this.cancelButton.hidden = true; }
      });
  }

  cancelHint() {
    if (this.thinker) { this.thinker.stop(); this.thinker = null; }
    this.askedHint = null;
    this.hintButton.hidden = false;
    this.cancelButton.hidden = true;
    this.hintButton.focus();
    this.say("Hint cancelled.");
  }

  clearHint() {
    this.board.piles.forEach((pile) => pile.classList.remove("rules-hint"));
    this.list.querySelectorAll(".rules-hint").forEach((item) => item.classList.remove("rules-hint"));
  }

  /** @param {Hint} hint */
  showHint(hint) {
    if ((hint.n === null || hint.n === undefined) && !hint.turn) { this.say(hint.text); return; }
    if (!hint.turn) {
      const item = this.list.querySelector(`li[data-n="${hint.n}"]`);
      if (item) { item.classList.add("rules-hint"); }
    }
    hintPiles(this.view, hint).forEach((pile) => {
      if (this.board.piles[pile]) { this.board.piles[pile].classList.add("rules-hint"); }
    });
    this.box.setAttribute("data-hint", hint.source);
    this.say(`Hint: ${hint.text} (${hintSource(hint)}).`);
  }

  /* ---- the position kept: the URL and local storage -------------------------------- */

  remember(view) {
    const waiting = this.remembering;
    this.remembering = view;
    if (!waiting) { setTimeout(() => { this.keep(this.remembering); this.remembering = null; }, 0); }
  }

  /* (In a task of its own, after the board is drawn: the page is not held up by it.) */
  keep(view) {
    history.replaceState(null, "", linkTo(location.href, this.game, view));
    try {
      localStorage.setItem(storageKey(this.page), savedText(this.game, view));
    } catch { /* storage full or refused: the URL still holds the position */ }
  }

  copy() {
    this.command.select();
    const done = () => this.say(`Copied: ${this.command.value}`);
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(this.command.value).then(done, () => { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  }
}

/* A link at the top of the page to the Play panel, for the keyboard. */
function addSkipLink(box) {
  const link = element("a", "rules-play-skip", "Skip to Play");
  link.href = `#${box.id}`;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    box.scrollIntoView({ block: "start" });
    const focus = box.querySelector(".rules-play-button:not([hidden])") || box.querySelector(".rules-pile[tabindex='0']");
    if (focus) { focus.focus({ preventScroll: true }); }
  });
  const theme = document.querySelector(".skip-to-content");
  if (theme && theme.parentNode) {
    theme.parentNode.insertBefore(link, theme.nextSibling);
  } else {
    document.body.insertBefore(link, document.body.firstChild);
  }
}

/** Every Play box of the page.  @param {Site} site  @param {URL} sheet */
export function startPlayers(site, sheet) {
  document.querySelectorAll(".rules-play").forEach((box) => new Player(box, site, sheet));
}
