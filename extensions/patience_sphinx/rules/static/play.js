/* Play (rules-play): any numbered deal, played in the page by the edition's own engine.

   The page holds the first position of each game's default deal, as the engine shows it
   (play.py), so pressing Play draws the deal at once. The engine runs in a Web Worker
   (play-worker.js: Pyodide, restored from the build's memory snapshot, running
   patience.engine.session); it starts loading when the Play panel comes into view, after
   the service worker (play-sw.js) that keeps its files in the browser, and a move made
   before it is ready is played as soon as it is. A hint runs in a worker of its own, so it
   can be cancelled. Nothing shown names a card lying face down: the views come from
   patience.engine.visibility, and the pack's next card is turned up before it is placed.

   The URL holds the position: ?play=GAME&deal=N&moves=3.1.4 (each move its number in the
   player's order of the legal moves, as `patience play` numbers them); local storage holds
   the last game of the page, so a reload or a later visit goes on with it. */
(function () {
  "use strict";

  var STATIC = new URL(".", document.currentScript.src);
  var ROOT = new URL("..", STATIC);
  var MAX_DEAL = 999999999;
  var HOME_TAP = 500;  // ms between two clicks or taps that send a card home
  var DRAG = 6;  // px the pointer moves before a press becomes a drag
  var AFTER_DRAG = 2000;  // ms after a drag during which the next click is the drag's own
  var SAFE_PAUSE = 250;  // ms between safe moves played for the reader
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

  function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) { made.className = className; }
    if (text !== undefined) { made.textContent = text; }
    return made;
  }

  function button(label, className, handler, title) {
    var made = element("button", className, label);
    made.type = "button";
    if (title) { made.title = title; made.setAttribute("aria-label", title); }
    made.addEventListener("click", handler);
    return made;
  }

  /* ---- the engine, in a worker ---------------------------------------------------- */

  function Engine(game) {
    var self = this;
    this.calls = {};
    this.next = 0;
    this.worker = new Worker(new URL("play-worker.js", STATIC), { type: "module" });
    this.worker.onmessage = function (event) {
      var call = self.calls[event.data.id];
      delete self.calls[event.data.id];
      if (event.data.error) { call.reject(event.data.error); } else { call.resolve(event.data.value); }
    };
    this.worker.onerror = function (event) {
      event.preventDefault();
      self.fail({ message: "_static/play-worker.js could not be run (" + (event.message || "no reason given") + ")",
                  file: "_static/play-worker.js", advice: "reload the page" });
    };
    this.started = this.call("start", Boolean(navigator.serviceWorker && navigator.serviceWorker.controller), game);
  }

  Engine.prototype.call = function (op) {
    var args = Array.prototype.slice.call(arguments, 1);
    var self = this;
    return new Promise(function (resolve, reject) {
      var id = ++self.next;
      self.calls[id] = { resolve: resolve, reject: reject };
      self.worker.postMessage({ id: id, op: op, args: args });
    });
  };

  Engine.prototype.fail = function (problem) {
    var calls = this.calls;
    this.calls = {};
    Object.keys(calls).forEach(function (id) { calls[id].reject(problem); });
  };

  Engine.prototype.stop = function () {
    this.worker.terminate();
    this.fail({ message: "stopped", file: null, advice: null, stopped: true });
  };

  /* The service worker first (so that the engine's files are kept once fetched), then
     the engine; where there can be no service worker (a file, plain http elsewhere than
     this computer), the engine alone. */
  var starting = null;
  function startEngine(game) {
    if (starting) { return starting; }
    starting = keepFiles().then(function () {
      var engine = new Engine(game);
      return engine.started.then(function (info) { engine.info = info; return engine; }, function (problem) {
        engine.stop();
        starting = null;  // a failed start may be tried again
        throw problem;
      });
    });
    return starting;
  }

  function keepFiles() {
    if (location.protocol === "file:") {
      return Promise.reject({ message: "a page opened as a file cannot run the engine", file: null,
                              advice: "serve the built site (python3 -m http.server in its folder) and open it over http" });
    }
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return Promise.resolve(); }
    return navigator.serviceWorker.register(new URL("play-sw.js", ROOT).href).then(function (registration) {
      if (navigator.serviceWorker.controller) { return; }
      return new Promise(function (resolve) {  // it takes the page once it has the files
        navigator.serviceWorker.addEventListener("controllerchange", function () { keepPage(); resolve(); }, { once: true });
        var installing = registration.installing || registration.waiting;
        if (installing) {  // a file it could not fetch: it gives up, and the engine is loaded without it
          installing.addEventListener("statechange", function () { if (installing.state === "redundant") { resolve(); } });
        }
        setTimeout(resolve, 60000);
      });
    }).catch(function () { return undefined; });  // without it the engine still runs
  }

  /* The page's own files of _static/, fetched again through the service worker that now
     has the page, so that it keeps them too (from the browser's cache, mostly). */
  function keepPage() {
    performance.getEntriesByType("resource").forEach(function (entry) {
      var url = new URL(entry.name);
      if (url.href.indexOf(STATIC.href) === 0) { fetch(url.href).catch(function () { return null; }); }
    });
  }

  /* ---- what a link or the page's storage asks for ---------------------------------- */

  function problemWith(page, game, deal) {
    if (!own(page.games, game)) {
      return "The link asks for the game “" + game + "”, which this page does not play; it plays "
             + Object.keys(page.games).join(", ") + ".";
    }
    if (!/^\d{1,9}$/.test(deal)) { return "The link's deal “" + deal + "” is not a deal number (0 to " + MAX_DEAL + ")."; }
    return null;
  }

  /* {game, deal, moves, problems} from the URL, or null when it asks for nothing. */
  function readLink(page) {
    var params = new URLSearchParams(location.search);
    if (!params.has("play")) { return null; }
    var asked = { game: params.get("play"), deal: 0, moves: [], problems: [] };
    var problem = problemWith(page, asked.game, params.get("deal") || "0");
    if (problem) { asked.problems.push(problem); asked.game = null; return asked; }
    asked.deal = Number(params.get("deal") || "0");
    var moves = params.get("moves");
    if (moves) {
      var items = moves.split(".");
      for (var index = 0; index < items.length; index++) {
        if (!/^[1-9]\d{0,4}$/.test(items[index])) {
          asked.problems.push("The link's move " + (index + 1) + " (“" + items[index] + "”) is not a move number; "
                              + "played up to move " + index + ".");
          break;
        }
        asked.moves.push(Number(items[index]));
      }
    }
    return asked;
  }

  function storageKey(page) { return "patience-play:" + page.game; }

  /* The page's last game from local storage, checked as a link is; null if none or bad. */
  function readSaved(page) {
    var saved;
    try { saved = JSON.parse(localStorage.getItem(storageKey(page))); } catch (error) { return null; }
    if (!saved || typeof saved !== "object" || problemWith(page, String(saved.game), String(saved.deal))
        || !Array.isArray(saved.moves) || !saved.moves.every(function (n) { return Number.isInteger(n) && n > 0 && n < 1e5; })) {
      return null;
    }
    var piles = page.games[saved.game].board.piles.length;
    var view = saved.view && Array.isArray(saved.view.piles) && saved.view.piles.length === piles
      && Array.isArray(saved.view.moves) ? saved.view : null;
    return { game: saved.game, deal: Number(saved.deal), moves: saved.moves, turned: saved.turned === true, view: view,
             problems: [] };
  }

  function option(name, fallback) {
    try { var value = localStorage.getItem("patience-play-" + name); } catch (error) { return fallback; }
    return value === null ? fallback : value === "true";
  }

  function setOption(name, value) {
    try { localStorage.setItem("patience-play-" + name, String(value)); } catch (error) { /* private mode */ }
  }

  /* ---- the player --------------------------------------------------------------- */

  function Player(box) {
    this.box = box;
    this.page = JSON.parse(box.querySelector(".rules-play-data").textContent);
    this.status = box.querySelector(".rules-play-status");
    this.status.textContent = "";
    this.start = box.querySelector(".rules-play-button");
    this.queue = Promise.resolve();
    this.selected = null;
    this.view = null;
    this.draggedAt = null;  // when the last drag ended, until the click that follows it
    var self = this;
    this.start.addEventListener("click", function () { self.begin(null); });
    addSkipLink(box);
    var asked = readLink(this.page);
    if (asked && asked.game) {
      this.begin(asked);
    } else if (asked) {
      this.say(asked.problems.join(" "), true);
    } else if ("IntersectionObserver" in window) {  // the engine loads once Play comes into view
      var watcher = new IntersectionObserver(function (entries) {
        if (entries.some(function (entry) { return entry.isIntersecting; })) {
          watcher.disconnect();
          startEngine(self.page.game).catch(function () { return null; });  // said when Play is pressed
        }
      }, { rootMargin: "600px" });
      watcher.observe(box);
    }
  }

  Player.prototype.randomDeal = function () { return Math.floor(Math.random() * 1000000); };

  Player.prototype.say = function (message, problem) {
    this.status.textContent = message;
    this.status.classList.toggle("rules-play-problem", Boolean(problem));
  };

  /* Play pressed (``asked``: null) or a link opened: the deal on the board at once, from
     the page (the default deal's first position) or from storage, then from the engine. */
  Player.prototype.begin = function (asked) {
    if (this.panel) { return; }
    this.pressed = performance.now();
    var saved = asked ? null : readSaved(this.page);
    var first = this.page.games[this.page.game].first;
    var at = asked || saved || { game: this.page.game, deal: first.deal, moves: [], turned: false, problems: [],
                                 view: first };
    this.build();
    this.newBoard(at.game);
    if (at.view) {
      this.show(at.view, saved ? "Your last game here, deal " + saved.deal + " at move " + saved.moves.length
                                 + ": the engine is starting." : null, {});
    } else {
      this.say("Dealing deal " + at.deal + "…");
    }
    this.box.setAttribute("data-shown", String(Math.round(performance.now() - this.pressed)));
    document.body.classList.add("rules-playing");
    this.panel.scrollIntoView({ block: "start", behavior: "instant" });
    this.focusPile(this.roving || 0);
    this.open(at.game, at.deal, at.moves, at.turned, at.problems, saved ? "resumed" : null);
  };

  /* Deal ``deal`` of ``game`` in the engine and play ``moves``; the board follows. */
  Player.prototype.open = function (game, deal, moves, turned, problems, how) {
    var self = this;
    return this.run(function (engine) {
      return engine.call("open", game, deal, moves, turned || false).then(function (answer) {
        var said = problems.concat(answer.problem ? ["The link's " + answer.problem + "."] : []);
        if (!self.box.hasAttribute("data-ready")) {
          self.box.setAttribute("data-ready", String(Math.round(performance.now() - self.pressed)));
        }
        var message = said.length ? said.join(" ") : how === "resumed"
          ? "Your last game here: deal " + deal + " at move " + moves.length + ". Random or Deal for another." : null;
        self.show(answer.view, message, { problem: said.length > 0 });
        return self.playSafe();
      });
    });
  };

  /* Runs ``task(engine)`` once the engine is ready and the calls before it are done. */
  Player.prototype.run = function (task) {
    var self = this;
    this.box.setAttribute("data-busy", "true");
    this.waiting.hidden = Boolean(this.engine);
    this.queue = this.queue.then(function () {
      return startEngine(self.game).then(function (engine) {
        self.engine = engine;
        self.waiting.hidden = true;
        self.box.setAttribute("data-engine", engine.info.snapshot ? "snapshot" : "started");
        self.box.setAttribute("data-phases", JSON.stringify(engine.info.phases));
        return task(engine);
      });
    }).catch(function (problem) { self.failed(problem); }).then(function () {
      return new Promise(function (done) { setTimeout(done, 0); });  // after the URL and storage are kept
    }).then(function () {
      self.box.removeAttribute("data-busy");
    });
    return this.queue;
  };

  Player.prototype.failed = function (problem) {
    this.waiting.hidden = true;
    if (problem && problem.stopped) { return; }
    if (!this.engine || problem.file) {
      this.box.setAttribute("data-engine", "failed");
      this.say("Play cannot start: " + (problem.message || problem) + "."
               + (problem.advice ? " What to do: " + problem.advice + "." : "")
               + " The rules and the example replay above work without it.", true);
      return;
    }
    this.say("The engine refused: " + (problem.message || problem) + ".", true);
  };

  /* The controls, the board's box and the lists, made once. */
  Player.prototype.build = function () {
    var self = this;
    this.start.hidden = true;
    var panel = this.panel = element("div", "rules-play-panel");
    this.box.insertBefore(panel, this.status);
    var bar = element("div", "rules-play-bar");
    var games = Object.keys(this.page.games);
    var gameLabel = element("label", "rules-play-field", "Game ");
    this.gameSelect = element("select", "rules-play-game");
    games.forEach(function (id) {
      var choice = element("option", "", self.page.games[id].title);
      choice.value = id;
      self.gameSelect.appendChild(choice);
    });
    gameLabel.appendChild(this.gameSelect);
    gameLabel.hidden = games.length < 2;
    var dealLabel = element("label", "rules-play-field", "Deal ");
    this.dealInput = element("input", "rules-play-deal");
    this.dealInput.type = "number";
    this.dealInput.min = "0";
    this.dealInput.max = String(MAX_DEAL);
    this.dealInput.inputMode = "numeric";
    dealLabel.appendChild(this.dealInput);
    this.dealInput.addEventListener("keydown", function (event) { if (event.key === "Enter") { self.dealAgain(false); } });
    this.hintButton = button("Hint", "rules-play-hint", function () { self.hint(); }, "Suggest a move");
    this.cancelButton = button("Cancel", "rules-play-cancel", function () { self.cancelHint(); }, "Stop looking for a hint");
    this.cancelButton.hidden = true;
    bar.append(gameLabel, dealLabel,
      button("Deal", "rules-play-new", function () { self.dealAgain(false); }, "Deal the numbered deal"),
      button("Random", "rules-play-random", function () { self.dealAgain(true); }, "Deal a deal chosen at random"),
      this.undoButton = button("Undo", "rules-play-undo", function () { self.step("undo"); }, "Take back the last move"),
      this.redoButton = button("Redo", "rules-play-redo", function () { self.step("redo"); }, "Play again the move taken back"),
      button("Restart", "rules-play-restart", function () { self.step("restart"); }, "Back to the start of this deal"),
      this.hintButton, this.cancelButton);
    var safeLabel = element("label", "rules-play-field rules-play-safe-label");
    this.safeBox = element("input", "rules-play-safe");
    this.safeBox.type = "checkbox";
    this.safeBox.checked = option("safe", false);
    this.safeBox.addEventListener("change", function () {
      setOption("safe", self.safeBox.checked);
      if (self.safeBox.checked) { self.run(function () { return self.playSafe(); }); }
    });
    safeLabel.append(this.safeBox, document.createTextNode(" Play safe moves for me"));
    this.safeWhy = element("span", "rules-play-safe-why");
    this.waiting = element("span", "rules-play-waiting", "Starting the engine…");
    this.waiting.setAttribute("role", "note");
    var options = element("div", "rules-play-options");
    options.append(safeLabel, this.safeWhy, this.waiting);
    this.turn = element("p", "rules-play-turn");
    var head = this.head = element("div", "rules-play-head");
    head.append(bar, options, this.turn, this.status);
    this.boardBox = element("div", "rules-play-board");
    this.boardBox.setAttribute("role", "group");
    this.boardBox.setAttribute("aria-label", "The board: arrow keys move between the piles; Enter chooses a pile, "
                               + "then where its card goes; F sends its card to a foundation; Escape cancels");
    this.boardBox.addEventListener("keydown", function (event) { self.boardKey(event); });
    this.actions = element("div", "rules-play-actions");
    this.why = element("div", "rules-play-why");
    var listBox = element("div", "rules-play-list");
    var listHead = element("div", "rules-play-list-head");
    this.listTitle = element("p", "rules-play-list-title");
    this.whyToggle = button("Show the clauses", "rules-play-why-toggle", function () { self.toggleWhy(); });
    this.whyToggle.setAttribute("aria-pressed", "false");
    listHead.append(this.listTitle, this.whyToggle);
    this.list = element("ul", "rules-play-moves");
    listBox.append(listHead, this.list);
    var commandBox = element("div", "rules-play-command");
    var commandLabel = element("label", "", "In a terminal: ");
    this.command = element("input", "rules-play-command-line");
    this.command.readOnly = true;
    commandLabel.appendChild(this.command);
    commandBox.append(commandLabel, button("Copy", "rules-play-copy", function () { self.copy(); },
                                           "Copy the command line that reaches this position"));
    panel.append(head, this.actions, this.boardBox, this.why, listBox, commandBox);
    this.box.classList.add("rules-play-on");
  };

  /* A new board for ``game`` (its plate), wired for pointer and keyboard. */
  Player.prototype.newBoard = function (game) {
    var self = this;
    this.game = game;
    this.info = this.page.games[game];
    this.selected = null;
    var table = element("div");
    this.boardBox.textContent = "";
    this.boardBox.appendChild(table);
    this.board = window.PatienceBoard.create(table, this.info.board, true);
    this.board.piles.forEach(function (pile, index) {
      pile.tabIndex = -1;
      pile.addEventListener("click", function () {  // not the click that ends a drag, on whichever pile it lands
        var ending = self.draggedAt !== null && performance.now() - self.draggedAt < AFTER_DRAG;
        self.draggedAt = null;
        if (!ending) { self.pick(index); }
      });
      pile.addEventListener("pointerdown", function (event) { self.press(event, index); });
      pile.addEventListener("focus", function () { self.rove(index); });
    });
    this.rove(0);
    this.gameSelect.value = game;
    var unsafe = this.info.unsafe || [];
    this.safeBox.disabled = unsafe.length > 0;
    this.safeWhy.textContent = unsafe.length ? "(never in this game: " + unsafe.join("; ") + ")" : "";
  };

  /* ---- drawing the position ------------------------------------------------------- */

  /* Redraw from the engine's ``view``; ``message`` (or the move just played) is announced;
     ``how.move``: the piles a move went between (its card is animated there). */
  Player.prototype.show = function (view, message, how) {
    how = how || {};
    var self = this;
    var before = how.move ? this.rect(how.move.src) : null;
    var before2 = how.move && how.move.kind === "pair" ? this.rect(how.move.src2) : null;
    this.view = view;
    this.selected = null;
    this.actionsChoice = [];
    this.board.show(view.piles, view.next);
    this.board.piles.forEach(function (pile) {
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
    var outcome = view.won ? "won" : view.blocked ? "blocked" : "playing";
    this.box.setAttribute("data-outcome", outcome);
    var turn = "Deal " + view.deal + ", move " + view.played.length + (view.pass > 1 ? ", deal through the pack " + view.pass : "");
    if (view.player != null) { turn += ". To move: the " + (view.player ? "second" : "first") + " player"; }
    turn += view.won ? ". Won: every card is on the foundations." : view.blocked ? ". Blocked: no legal move is left." : ".";
    this.turn.textContent = turn;
    this.command.value = view.command;
    this.dealInput.value = String(view.deal);
    this.why.textContent = "";
    var played = how.played;
    if (played && view.played.length) {
      var line = element("p", "rules-play-last", (how.safe ? "Played for you (a safe move): " : "Move " + view.played.length + ": ")
                         + view.last + ", allowed by ");
      line.appendChild(this.clauseLinks(played.reasons));
      line.appendChild(document.createTextNode("."));
      this.why.appendChild(line);
      if (message === null || message === undefined) { message = line.textContent; }
    }
    this.remember(view);
    if (message === null || message === undefined) {
      message = view.played.length ? "Move " + view.played.length + ": " + view.last + "." : "Deal " + view.deal + ".";
      message += " " + this.movesSaid(view);
    }
    if (view.won) { message += " The game is won."; } else if (view.blocked) { message += " No legal move is left: the game is lost."; }
    this.say(message, how.problem);
    window.setTimeout(function () { self.box.setAttribute("data-drawn", String(view.played.length)); }, 0);
  };

  Player.prototype.movesSaid = function (view) {
    var count = view.moves.length;
    if (!count && view.turn) { return "Turn up the stock's next card to play."; }
    return count + " legal move" + (count === 1 ? "" : "s") + (view.turn ? ", or turn up the stock's next card." : ".");
  };

  Player.prototype.rect = function (pile) {
    var face = this.board.piles[pile] && this.board.piles[pile].querySelector(".rules-face");
    return face ? face.getBoundingClientRect() : null;
  };

  /* The card now on ``pile`` comes from where ``from`` was (not when motion is reduced). */
  Player.prototype.fly = function (from, pile) {
    var face = this.board.piles[pile] && this.board.piles[pile].querySelector(".rules-face");
    if (!from || !face || reduced.matches || !face.animate) { return; }
    var to = face.getBoundingClientRect();
    var flight = face.animate([{ transform: "translate(" + (from.left - to.left) + "px, " + (from.top - to.top) + "px)", zIndex: 5 },
                               { transform: "none", zIndex: 5 }], { duration: 220, easing: "ease-out" });
    // On its way the card lies over other piles: a press there is theirs, not this pile's.
    face.classList.add("rules-flying");
    function landed() { face.classList.remove("rules-flying"); }
    flight.addEventListener("finish", landed);
    flight.addEventListener("cancel", landed);
  };

  Player.prototype.flip = function (pile) {
    var face = this.board.piles[pile].querySelector(".rules-face");
    if (!face || reduced.matches || !face.animate) { return; }
    face.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: 200, easing: "ease-out" });
  };

  /* Buttons for what is not a card's move (deal a row, redeal, turn up the pack's card),
     and the cards offered when a choice of one pile's cards is to be made. */
  Player.prototype.renderActions = function () {
    var self = this;
    this.actions.textContent = "";
    (this.actionsChoice || []).forEach(function (move) {
      self.actions.appendChild(button(move.text, "rules-play-choice", function () { self.play(move); }));
    });
    if (this.view.turn) {
      this.actions.appendChild(button("Turn up the next card", "rules-play-turn-up", function () { self.turnUp(); },
                                      "Turn up the next card of the stock"));
    }
    this.view.moves.forEach(function (move) {
      if (move.kind === "deal_row" || move.kind === "redeal") {
        self.actions.appendChild(button(move.kind === "redeal" ? "Redeal" : "Deal a row", "rules-play-" + move.kind,
                                        function () { self.play(move); }, move.text));
      }
    });
  };

  /* The legal moves, grouped by the pile they start from; each move's clauses on demand. */
  Player.prototype.renderMoves = function () {
    var self = this;
    var view = this.view;
    var focused = this.list.contains(document.activeElement) ? document.activeElement.getAttribute("data-n") : null;
    this.list.textContent = "";
    var groups = {};
    var order = [];
    view.moves.forEach(function (move) {
      var from = move.kind === "deal_row" || move.kind === "redeal" ? "the stock" : self.info.board.piles[move.src].name;
      if (!own(groups, from)) { groups[from] = []; order.push(from); }
      groups[from].push(move);
    });
    if (view.turn && !own(groups, "stock")) { groups.stock = []; order.push("stock"); }
    order.forEach(function (from) {
      var group = element("li", "rules-play-group");
      group.appendChild(element("span", "rules-play-from", from + ":"));
      var items = element("ul", "rules-play-group-moves");
      groups[from].forEach(function (move) {
        var item = element("li");
        item.setAttribute("data-n", String(move.n));
        var shown = move.kind === "move" ? move.text.replace(" " + from + " ", " ") : move.text;
        var choose = button(shown, "rules-play-move", function () { self.play(move); }, move.text);
        choose.setAttribute("data-n", String(move.n));
        item.appendChild(choose);
        if (self.showingWhy) { item.appendChild(self.whyOf(move)); }  // else made when asked for: a move draws less
        items.appendChild(item);
      });
      if (from === "stock" && view.turn) {
        var turning = element("li");
        turning.appendChild(button("turn up the next card", "rules-play-move rules-play-turn-move",
                                   function () { self.turnUp(); }, "Turn up the next card of the stock"));
        items.appendChild(turning);
      }
      group.appendChild(items);
      self.list.appendChild(group);
    });
    if (focused) {
      var again = this.list.querySelector('button[data-n="' + focused + '"]') || this.list.querySelector("button");
      if (again) { again.focus(); }
    }
    this.listTitle.textContent = view.moves.length ? "Legal moves (" + view.moves.length + "):"
      : view.turn ? "No move in sight: turn up the stock's next card." : "No legal move.";
  };

  Player.prototype.toggleWhy = function () {
    this.showingWhy = !this.showingWhy;
    this.whyToggle.setAttribute("aria-pressed", String(this.showingWhy));
    this.whyToggle.textContent = this.showingWhy ? "Hide the clauses" : "Show the clauses";
    var self = this;
    this.list.querySelectorAll("li[data-n]").forEach(function (item) {
      var why = item.querySelector(".rules-play-why-move");
      if (why) { why.hidden = !self.showingWhy; return; }
      var n = Number(item.getAttribute("data-n"));
      var move = self.view.moves.filter(function (m) { return m.n === n; })[0];
      if (self.showingWhy && move) { item.appendChild(self.whyOf(move)); }
    });
  };

  /* "allowed by" and the links to the clauses that allow ``move``. */
  Player.prototype.whyOf = function (move) {
    var why = element("span", "rules-play-why-move", " allowed by ");
    why.appendChild(this.clauseLinks(move.reasons));
    return why;
  };

  Player.prototype.clauseLinks = function (ids) {
    var info = this.info;
    var span = element("span", "rules-play-reasons");
    ids.forEach(function (id, index) {
      if (index) { span.appendChild(document.createTextNode(", ")); }
      var clause = info.clauses[id];
      if (!clause) { span.appendChild(element("code", "", id)); return; }
      var link = element("a", "rules-play-clause");
      link.href = "#" + clause.anchor;
      link.title = clause.says;
      link.appendChild(element("code", "", clause.name));
      span.appendChild(link);
    });
    return span;
  };

  /* The passages the clause formalizes, as its block on this page links them. */
  Player.prototype.passages = function (id) {
    var clause = this.info.clauses[id];
    var block = clause && document.getElementById(clause.anchor);
    var provenance = block && block.querySelector(".rules-provenance");
    if (!provenance) { return null; }
    var line = element("span", "rules-play-passages");
    Array.prototype.forEach.call(provenance.childNodes, function (node) { line.appendChild(node.cloneNode(true)); });
    return line;
  };

  /* ---- moves -------------------------------------------------------------------- */

  Player.prototype.play = function (move, safe) {
    var self = this;
    this.clearHint();
    return this.run(function (engine) {
      return engine.call("play", move.n).then(function (answer) {
        self.show(answer.view, null, { move: answer.move, played: move, safe: safe });
        return safe ? null : self.playSafe();
      });
    });
  };

  /* With the option on, the safe moves of the position, one after another. */
  Player.prototype.playSafe = function () {
    var self = this;
    if (!this.safeBox.checked || this.safeBox.disabled || !this.engine) { return Promise.resolve(); }
    return this.engine.call("safe").then(function (answer) {
      var move = answer.safe && self.view.moves.filter(function (m) { return m.n === answer.safe; })[0];
      if (!move) { return null; }
      return new Promise(function (resolve) { setTimeout(resolve, reduced.matches ? 0 : SAFE_PAUSE); }).then(function () {
        return self.engine.call("play", move.n);
      }).then(function (played) {
        self.show(played.view, null, { move: played.move, played: move, safe: true });
        return self.playSafe();
      });
    });
  };

  Player.prototype.turnUp = function () {
    var self = this;
    this.clearHint();
    return this.run(function (engine) {
      return engine.call("turn").then(function (answer) {
        var view = answer.view;
        var places = {};
        view.moves.filter(function (m) { return m.src === 0 && m.kind === "move"; }).forEach(function (m) {
          places[self.info.board.piles[m.dst].name] = true;
        });
        var names = Object.keys(places);
        self.show(view, answer.done ? "Turned up: " + window.PatienceBoard.cardName(view.next) + ", the stock's next card. "
                  + (names.length ? "It may go to " + names.join(", ") + "." : "It can go nowhere.") : null, { turned: answer.done });
        if (answer.done) { self.select(0, true); }
      });
    });
  };

  Player.prototype.step = function (name) {
    var self = this;
    this.clearHint();
    return this.run(function (engine) {
      return engine.call(name).then(function (answer) {
        var view = answer.view;
        if (name === "undo") {
          self.show(view, answer.done ? "Taken back: " + answer.undone + "." : "Nothing to undo.");
        } else if (name === "redo") {
          self.show(view, answer.done ? null : "Nothing to redo.");
        } else {
          self.show(view, "Back to the start of deal " + view.deal + ".");
        }
      });
    });
  };

  Player.prototype.dealAgain = function (random) {
    var deal = random ? this.randomDeal() : this.dealInput.value.trim();
    if (!/^\d{1,9}$/.test(String(deal))) {
      this.say("“" + deal + "” is not a deal number (0 to " + MAX_DEAL + ").", true);
      return;
    }
    var game = this.gameSelect.value;
    if (!own(this.page.games, game)) { return; }
    this.clearHint();
    if (game !== this.game) { this.newBoard(game); }
    var first = this.info.first;
    if (Number(deal) === first.deal) { this.show(first, "Deal " + deal + " dealt. " + this.movesSaid(first)); }
    var self = this;
    this.run(function (engine) {
      return engine.call("open", game, Number(deal), [], false).then(function (answer) {
        self.show(answer.view, "Deal " + deal + " dealt. " + self.movesSaid(answer.view));
        return self.playSafe();
      });
    });
  };

  /* ---- choosing with the pointer and the keyboard -------------------------------- */

  Player.prototype.movesFrom = function (pile) {
    return this.view.moves.filter(function (move) {
      return move.src === pile || (move.kind === "pair" && move.src2 === pile);
    });
  };

  /* Where a move goes when its card is chosen: its pile; for a pair, the partner's pile. */
  Player.prototype.target = function (move, from) {
    if (move.kind === "pair") { return move.src === from ? move.src2 : move.src; }
    return move.dst;
  };

  /* A click, tap or Enter on pile ``index``: choose it, or send the chosen card there; two
     taps on one pile send its card to a foundation. */
  Player.prototype.pick = function (index) {
    var now = performance.now();
    var twice = this.lastTap && this.lastTap.index === index && now - this.lastTap.time < HOME_TAP;
    this.lastTap = { index: index, time: now };
    if (twice && this.homeMove(index)) { this.home(index); return; }
    var view = this.view;
    if (this.selected === null) {
      if (index === 0 && view.turn) { this.turnUp(); return; }
      var from = this.movesFrom(index);
      if (from.length === 1 && from[0].kind === "turn_up") { this.play(from[0]); return; }
      var pile = view.piles[index];
      if (!from.length && (typeof pile === "number" ? !(index === 0 && view.next) : !pile.length)) {
        this.say(this.info.board.piles[index].name + ": no card here can be played now.");
        return;
      }
      this.select(index);
      return;
    }
    if (index === this.selected) { this.select(null); return; }
    this.drop(this.selected, index);
  };

  /* The chosen card (of pile ``src``) put on pile ``dst``: played, or refused with why. The
     pack's card is turned up on the way (in the same call to the engine). */
  Player.prototype.drop = function (src, dst) {
    var self = this;
    var turning = src === 0 && this.view.turn;
    this.select(null);
    var going = turning ? [] : this.going(src, dst);
    if (going.length === 1) { this.play(going[0]); return; }
    if (going.length > 1) { this.offer(going); return; }
    this.run(function (engine) {
      var turned = !turning ? Promise.resolve() : engine.call("turn").then(function (answer) {
        self.show(answer.view, null, { turned: answer.done });
      });
      return turned.then(function () {
        var move = self.going(src, dst)[0];
        if (move) {
          return engine.call("play", move.n).then(function (answer) {
            self.show(answer.view, null, { move: answer.move, played: move });
            return self.playSafe();
          });
        }
        return engine.call("attempt", src, dst).then(function (answer) {
          self.show(answer.view, null, {});
          if (answer.result.played) { return self.playSafe(); }
          self.refuse(answer.result);
        });
      });
    });
  };

  Player.prototype.going = function (src, dst) {
    var self = this;
    return this.movesFrom(src).filter(function (move) { return self.target(move, src) === dst; });
  };

  Player.prototype.homeMove = function (index) {
    var piles = this.info.board.piles;
    return this.movesFrom(index).filter(function (move) {
      return move.kind === "move" && piles[move.dst].role === "foundation";
    })[0] || null;
  };

  /* Two clicks or taps in a row (a double-click), or F: the pile's card to a foundation that takes it. */
  Player.prototype.home = function (index) {
    var move = this.homeMove(index);
    if (move) { this.play(move); return; }
    if (index === 0 && this.view.turn) { this.turnUp(); return; }
    this.say(this.info.board.piles[index].name + ": no foundation takes its card now.");
  };

  Player.prototype.select = function (index, quiet) {
    var self = this;
    this.selected = index;
    var targets = index === null ? [] : this.movesFrom(index).map(function (move) { return self.target(move, index); });
    this.board.piles.forEach(function (pile, pileIndex) {
      pile.classList.toggle("rules-selected", pileIndex === index);
      pile.classList.toggle("rules-target", targets.indexOf(pileIndex) >= 0);
      pile.setAttribute("aria-pressed", pileIndex === index ? "true" : "false");
    });
    this.offer(index === null ? [] : this.movesFrom(index).filter(function (move, at, all) {
      return all.some(function (other) { return other.card !== move.card; });  // several cards of one pile
    }), true);
    if (index !== null && !quiet) {
      var names = targets.map(function (pile) { return self.info.board.piles[pile].name; });
      this.say("Chosen: " + this.info.board.piles[index].name + ". "
               + (names.length ? "It may go to " + names.join(", ") + "." : "No legal move takes it; try one to see why."));
    }
  };

  /* Several moves fit the choice (a pile whose every card is available): one button each. */
  Player.prototype.offer = function (moves, quiet) {
    this.actionsChoice = moves;
    this.renderActions();
    if (moves.length && !quiet) { this.actions.querySelector(".rules-play-choice").focus(); }
  };

  Player.prototype.refuse = function (result) {
    this.why.textContent = "";
    var line = element("p", "rules-play-refusal");
    line.appendChild(document.createTextNode("Not allowed: " + (result.move || "that move") + ". "));
    if (result.clause) {
      line.appendChild(document.createTextNode("The clause "));
      line.appendChild(this.clauseLinks([result.clause]));
      line.appendChild(document.createTextNode(" forbids it: "));
    }
    line.appendChild(document.createTextNode(result.reason + "."));
    var passages = result.clause && this.passages(result.clause);
    if (passages) {
      line.appendChild(document.createTextNode(" "));
      line.appendChild(passages);
    }
    this.why.appendChild(line);
    this.say(line.textContent, true);
  };

  /* Dragging a card: pressed on a pile, moved a few pixels, let go on another. */
  Player.prototype.press = function (event, index) {
    this.draggedAt = null;  // a new press: its click is its own
    if (event.button !== 0 || !this.view) { return; }
    var pile = this.board.piles[index];
    var face = pile.querySelector(".rules-face");
    var draggable = pile.getAttribute("data-top") || (index === 0 && this.view.turn);
    if (!draggable || !face) { return; }
    var self = this;
    var start = { x: event.clientX, y: event.clientY };
    var ghost = null;
    function move(moving) {
      var dx = moving.clientX - start.x, dy = moving.clientY - start.y;
      if (!ghost && Math.abs(dx) + Math.abs(dy) < DRAG) { return; }
      if (!ghost) {
        ghost = face.cloneNode(true);
        var box = face.getBoundingClientRect();
        ghost.classList.add("rules-ghost");
        ghost.style.width = box.width + "px";
        ghost.style.height = box.height + "px";
        ghost.style.left = box.left + "px";
        ghost.style.top = box.top + "px";
        document.body.appendChild(ghost);
        face.classList.add("rules-lifted");
        self.select(index);
      }
      ghost.style.transform = "translate(" + dx + "px, " + dy + "px)";
      var edge = 40;  // near the controls at the top, or the window's bottom, the page scrolls under the card
      var top = self.head.getBoundingClientRect().bottom;
      if (moving.clientY < top + edge) { window.scrollBy(0, -12); } else if (moving.clientY > innerHeight - edge) { window.scrollBy(0, 12); }
    }
    function up(released) {
      pile.removeEventListener("pointermove", move);
      pile.removeEventListener("pointerup", up);
      pile.removeEventListener("pointercancel", up);
      if (!ghost) { return; }
      ghost.remove();
      face.classList.remove("rules-lifted");
      self.draggedAt = performance.now();
      var under = released.type === "pointerup" ? document.elementFromPoint(released.clientX, released.clientY) : null;
      var target = under && under.closest(".rules-play .rules-pile");
      var dst = target ? Number(target.getAttribute("data-pile")) : index;
      if (dst === index) { self.select(null); return; }
      self.drop(index, dst);
    }
    pile.setPointerCapture(event.pointerId);
    pile.addEventListener("pointermove", move);
    pile.addEventListener("pointerup", up);
    pile.addEventListener("pointercancel", up);
  };

  /* One pile of the board is in the tab order; the arrow keys move between them. */
  Player.prototype.rove = function (index) {
    this.roving = index;
    this.board.piles.forEach(function (pile, at) { pile.tabIndex = at === index ? 0 : -1; });
  };

  Player.prototype.focusPile = function (index) {
    this.rove(index);
    this.board.piles[index].focus({ preventScroll: true });
  };

  Player.prototype.boardKey = function (event) {
    var pile = event.target.closest && event.target.closest(".rules-pile");
    if (event.key === "Escape") { this.select(null); return; }
    if (!pile) { return; }
    var index = Number(pile.getAttribute("data-pile"));
    var direction = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (direction) {
      event.preventDefault();
      var next = this.nearest(index, direction);
      if (next !== null) { this.focusPile(next); }
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      this.focusPile(event.key === "Home" ? 0 : this.board.piles.length - 1);
    } else if (event.key === "f" || event.key === "F") {
      event.preventDefault();
      this.home(index);
    }
  };

  /* The pile nearest to pile ``index`` in ``direction`` ([dx, dy]), by the plate's places. */
  Player.prototype.nearest = function (index, direction) {
    var places = this.info.board.piles;
    var from = places[index];
    var best = null, bestScore = Infinity;
    places.forEach(function (place, at) {
      var dx = place.x - from.x, dy = place.y - from.y;
      var along = dx * direction[0] + dy * direction[1];
      if (at === index || along <= 1) { return; }
      var across = Math.abs(dx * direction[1]) + Math.abs(dy * direction[0]);
      var score = along + 2 * across;
      if (score < bestScore) { best = at; bestScore = score; }
    });
    return best;
  };

  /* ---- the hint, in a worker of its own so that it can be cancelled -------------- */

  Player.prototype.hint = function () {
    var self = this;
    var view = this.view;
    if (!view) { return; }
    this.clearHint();
    this.say("Looking for a move… (Cancel stops it.)");
    this.hintButton.hidden = true;
    this.cancelButton.hidden = false;
    var thinker = this.thinker = this.thinker || new Engine(this.game);
    var asked = this.askedHint = {};
    thinker.started.then(function () {
      return thinker.call("open", self.game, view.deal, view.played, Boolean(view.next));
    }).then(function () { return thinker.call("hint"); }).then(function (answer) {
      if (self.askedHint !== asked) { return; }
      self.showHint(answer.hint);
    }, function (problem) {
      if (self.askedHint !== asked || problem.stopped) { return; }
      self.say("No hint: " + (problem.message || problem) + ".", true);
    }).then(function () {
      if (self.askedHint === asked) { self.hintButton.hidden = false; self.cancelButton.hidden = true; }
    });
  };

  Player.prototype.cancelHint = function () {
    if (this.thinker) { this.thinker.stop(); this.thinker = null; }
    this.askedHint = null;
    this.hintButton.hidden = false;
    this.cancelButton.hidden = true;
    this.hintButton.focus();
    this.say("Hint cancelled.");
  };

  Player.prototype.clearHint = function () {
    this.board.piles.forEach(function (pile) { pile.classList.remove("rules-hint"); });
    this.list.querySelectorAll(".rules-hint").forEach(function (item) { item.classList.remove("rules-hint"); });
  };

  Player.prototype.showHint = function (hint) {
    if (hint.n == null && !hint.turn) { this.say(hint.text); return; }
    var source = hint.source === "solver"
      ? "the solver's move: it knows every card, and found a way to win from here, " + hint.length + " moves long"
      : "the move of the edition's player, which sees only what you see"
        + (hint.outcome === "lost" ? "; the solver shows that no line of play wins from here"
           : hint.outcome === "unknown" ? "; the solver found no win within " + hint.visited + " positions" : "");
    var piles = [0];
    if (!hint.turn) {
      var move = this.view.moves.filter(function (m) { return m.n === hint.n; })[0];
      piles = move ? [move.src, move.dst] : [];
      var item = this.list.querySelector('li[data-n="' + hint.n + '"]');
      if (item) { item.classList.add("rules-hint"); }
    }
    var board = this.board;
    piles.forEach(function (pile) { if (board.piles[pile]) { board.piles[pile].classList.add("rules-hint"); } });
    this.box.setAttribute("data-hint", hint.source);
    this.say("Hint: " + hint.text + " (" + source + ").");
  };

  /* ---- the position kept: the URL and local storage -------------------------------- */

  Player.prototype.remember = function (view) {
    var self = this;
    var waiting = this.remembering;
    this.remembering = view;
    if (!waiting) { setTimeout(function () { self.keep(self.remembering); self.remembering = null; }, 0); }
  };

  /* (In a task of its own, after the board is drawn: the page is not held up by it.) */
  Player.prototype.keep = function (view) {
    var url = new URL(location.href);
    url.searchParams.set("play", this.game);
    url.searchParams.set("deal", String(view.deal));
    if (view.played.length) { url.searchParams.set("moves", view.played.join(".")); } else { url.searchParams.delete("moves"); }
    history.replaceState(null, "", url.href);
    try {
      localStorage.setItem(storageKey(this.page), JSON.stringify({ game: this.game, deal: view.deal, moves: view.played,
                                                                  turned: Boolean(view.next), view: view }));
    } catch (error) { /* storage full or refused: the URL still holds the position */ }
  };

  Player.prototype.copy = function () {
    this.command.select();
    var self = this;
    var done = function () { self.say("Copied: " + self.command.value); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(this.command.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  };

  /* A link at the top of the page to the Play panel, for the keyboard. */
  function addSkipLink(box) {
    var link = element("a", "rules-play-skip", "Skip to Play");
    link.href = "#" + box.id;
    link.addEventListener("click", function (event) {
      event.preventDefault();
      box.scrollIntoView({ block: "start" });
      var target = box.querySelector(".rules-play-button:not([hidden])") || box.querySelector(".rules-pile[tabindex='0']");
      if (target) { target.focus({ preventScroll: true }); }
    });
    var theme = document.querySelector(".skip-to-content");
    if (theme && theme.parentNode) { theme.parentNode.insertBefore(link, theme.nextSibling); } else { document.body.insertBefore(link, document.body.firstChild); }
  }

  function start() {
    document.querySelectorAll(".rules-play").forEach(function (box) { box.player = new Player(box); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
