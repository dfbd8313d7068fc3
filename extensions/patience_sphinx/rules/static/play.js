/* Play (rules-play): any numbered deal, played in the page by the edition's own engine.
   Nothing is loaded until the reader presses Play (or opens a link that holds a
   position); then Pyodide, the engine's runtime and the compiled game come from this
   site's _static folder (bundle.py) and patience.engine.session runs the deal.
   The URL holds the position: ?play=GAME&deal=N&moves=3.1.4 (each move its number in
   the list of legal moves, as `patience play` numbers them). */
(function () {
  "use strict";

  var STATIC = new URL(".", document.currentScript.src);
  var MAX_DEAL = 999999999;
  var runtime = null;  // the promise of {pyodide, session module, manifest}, once per page

  function fetchOk(url, options) {
    return fetch(url, options).then(function (response) {
      if (!response.ok) { throw new Error(url.pathname + " is missing (" + response.status + ")"); }
      return response;
    });
  }

  function loadRuntime() {
    if (runtime) { return runtime; }
    runtime = (async function () {
      if (location.protocol === "file:") {
        throw new Error("a page opened as a file cannot load it; serve the built site "
                        + "(python3 -m http.server in its folder) and open it over http");
      }
      var manifest = await (await fetchOk(new URL("play/manifest.json", STATIC), { cache: "no-cache" })).json();
      if (!manifest.pyodide) { throw new Error("the Pyodide runtime was not installed when this site was built"); }
      if (!manifest.engine) { throw new Error("the engine's runtime was not built into this site"); }
      var module = await import(new URL("pyodide/pyodide.mjs", STATIC).href);
      var pyodide = await module.loadPyodide({ indexURL: new URL("pyodide/", STATIC).href, packages: [] });
      var engine = await (await fetchOk(new URL("play/engine.zip?v=" + manifest.engine, STATIC))).arrayBuffer();
      pyodide.unpackArchive(engine, "zip", { extractDir: "/engine" });
      pyodide.runPython("import sys\nsys.path.insert(0, '/engine')");
      return { pyodide: pyodide, session: pyodide.pyimport("patience.engine.session"), manifest: manifest };
    })();
    runtime.catch(function () { runtime = null; });  // a failed start may be tried again
    return runtime;
  }

  function toJs(result) {
    if (result && typeof result.toJs === "function") {
      var value = result.toJs({ dict_converter: Object.fromEntries });
      result.destroy();
      return value;
    }
    return result;
  }

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

  /* What a link asks for, checked: {game, deal, moves, problems}. */
  function readLink(page) {
    var params = new URLSearchParams(location.search);
    if (!params.has("play")) { return null; }
    var asked = { game: params.get("play"), deal: 0, moves: [], problems: [] };
    if (!page.games[asked.game]) {
      asked.problems.push("The link asks for the game “" + asked.game + "”, which this page does not play; it plays "
                          + Object.keys(page.games).join(", ") + ".");
      asked.game = null;
      return asked;
    }
    var deal = params.get("deal") || "0";
    if (!/^\d{1,9}$/.test(deal)) {
      asked.problems.push("The link's deal “" + deal + "” is not a deal number (0 to " + MAX_DEAL + ").");
      asked.game = null;
      return asked;
    }
    asked.deal = Number(deal);
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

  function Player(box) {
    this.box = box;
    this.page = JSON.parse(box.querySelector(".rules-play-data").textContent);
    this.status = box.querySelector(".rules-play-status");
    this.status.textContent = "";
    this.start = box.querySelector(".rules-play-button");
    this.selected = null;
    this.session = null;
    var self = this;
    this.start.addEventListener("click", function () { self.open(self.page.game, self.randomDeal(), [], []); });
    var asked = readLink(this.page);
    if (asked) {
      if (asked.game) {
        this.open(asked.game, asked.deal, asked.moves, asked.problems);
      } else {
        this.say(asked.problems.join(" "), true);
      }
    }
  }

  Player.prototype.randomDeal = function () { return Math.floor(Math.random() * 1000000); };

  Player.prototype.say = function (message, problem) {
    this.status.textContent = message;
    this.status.classList.toggle("rules-play-problem", Boolean(problem));
  };

  Player.prototype.open = async function (game, deal, moves, problems) {
    this.start.disabled = true;
    var started = performance.now();
    this.say("Loading the engine: Python and the rules of the game, from this site (the first time, about 14 MB)…");
    try {
      var loaded = await loadRuntime();
      var version = loaded.manifest.games[game];
      if (!version) { throw new Error("the game " + game + " was not built into this site"); }
      var data = await (await fetchOk(new URL("play/games/" + game.replace(":", "-") + ".json?v=" + version,
                                              STATIC))).text();
      this.runtime = loaded;
      this.build();
      this.newDeal(game, deal, data);
      var problem = toJs(this.session.replay(moves));
      problems = problems.concat(problem ? ["The link's " + problem + "."] : []);
      this.box.setAttribute("data-ready", String(Math.round(performance.now() - started)));
      this.panel.scrollIntoView({ block: "start", behavior: "instant" });
      this.refresh(problems.length ? problems.join(" ") : null, Boolean(problems.length));
    } catch (error) {
      this.start.disabled = false;
      this.say("Play cannot start: " + error.message + ". The rules and the example replay above work without it.",
               true);
    }
  };

  Player.prototype.newDeal = function (game, deal, data) {
    if (this.session) { this.session.destroy(); }
    this.game = game;
    this.info = this.page.games[game];
    this.data = data || this.data;
    this.session = this.runtime.session.open_session(this.data, deal);
    this.selected = null;
    var table = element("div");
    this.boardBox.textContent = "";
    this.boardBox.appendChild(table);
    this.board = window.PatienceBoard.create(table, this.info.board, true);
    var self = this;
    this.board.piles.forEach(function (pile, index) {
      pile.addEventListener("click", function () { self.pick(index); });
    });
    this.gameSelect.value = game;
    this.dealInput.value = String(deal);
  };

  /* The controls, the board and the panel, made once. */
  Player.prototype.build = function () {
    if (this.panel) { return; }
    var self = this;
    this.start.hidden = true;
    var panel = this.panel = element("div", "rules-play-panel");
    var bar = element("div", "rules-play-bar");
    var gameLabel = element("label", "", "Game ");
    this.gameSelect = element("select", "rules-play-game");
    Object.keys(this.page.games).forEach(function (id) {
      var option = element("option", "", self.page.games[id].title);
      option.value = id;
      self.gameSelect.appendChild(option);
    });
    gameLabel.appendChild(this.gameSelect);
    gameLabel.hidden = Object.keys(this.page.games).length < 2;
    var dealLabel = element("label", "", "Deal ");
    this.dealInput = element("input", "rules-play-deal");
    this.dealInput.type = "number";
    this.dealInput.min = "0";
    this.dealInput.max = String(MAX_DEAL);
    dealLabel.appendChild(this.dealInput);
    this.dealInput.addEventListener("keydown", function (event) { if (event.key === "Enter") { self.dealAgain(false); } });
    bar.append(gameLabel, dealLabel,
      button("Deal", "rules-play-new", function () { self.dealAgain(false); }, "Deal the numbered deal"),
      button("Random", "rules-play-random", function () { self.dealAgain(true); }, "Deal a deal chosen at random"),
      this.undoButton = button("Undo", "rules-play-undo", function () { self.act("undo"); }, "Take back the last move"),
      this.redoButton = button("Redo", "rules-play-redo", function () { self.act("redo"); }, "Play again the move taken back"),
      button("Restart", "rules-play-restart", function () { self.act("restart"); }, "Back to the start of this deal"),
      button("Hint", "rules-play-hint", function () { self.hint(); }, "Suggest a move"));
    this.turn = element("p", "rules-play-turn");
    var main = element("div", "rules-play-main");
    this.boardBox = element("div", "rules-play-board");
    this.boardBox.setAttribute("role", "group");
    this.boardBox.setAttribute("aria-label", "The board: choose a pile, then where its card goes (Escape: cancel)");
    this.boardBox.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { self.select(null); }
    });
    var side = element("div", "rules-play-side");
    this.actions = element("div", "rules-play-actions");
    this.why = element("div", "rules-play-why");
    var listBox = element("div", "rules-play-list");
    this.listTitle = element("p", "rules-play-list-title");
    this.list = element("ol", "rules-play-moves");
    listBox.append(this.listTitle, this.list);
    var commandBox = element("div", "rules-play-command");
    var commandLabel = element("label", "", "In a terminal: ");
    this.command = element("input", "rules-play-command-line");
    this.command.readOnly = true;
    commandLabel.appendChild(this.command);
    commandBox.append(commandLabel, button("Copy", "rules-play-copy", function () { self.copy(); },
                                           "Copy the command line that reaches this position"));
    side.append(this.actions, this.why, listBox, commandBox);
    main.append(this.boardBox, side);
    this.box.insertBefore(panel, this.status);
    panel.append(bar, this.turn, this.status, main);  // the announcements stay in view, above the board
  };

  Player.prototype.dealAgain = function (random) {
    var deal = random ? this.randomDeal() : this.dealInput.value.trim();
    if (!/^\d{1,9}$/.test(String(deal))) {
      this.say("“" + deal + "” is not a deal number (0 to " + MAX_DEAL + ").", true);
      return;
    }
    var game = this.gameSelect.value;
    var self = this;
    if (game !== this.game) {
      fetchOk(new URL("play/games/" + game.replace(":", "-") + ".json?v=" + this.runtime.manifest.games[game], STATIC))
        .then(function (response) { return response.text(); })
        .then(function (data) { self.newDeal(game, Number(deal), data); self.refresh("Deal " + deal + " dealt."); })
        .catch(function (error) { self.say("The game cannot be loaded: " + error.message, true); });
      return;
    }
    this.newDeal(game, Number(deal));
    this.refresh("Deal " + deal + " dealt.");
  };

  Player.prototype.act = function (name) {
    var done = toJs(this.session[name]());
    var view = this.view;
    if (name === "undo") {
      this.refresh(done === false ? "Nothing to undo." : "Taken back: " + view.last + ".");
    } else if (name === "redo") {
      this.refresh(done === false ? "Nothing to redo." : null);
    } else {
      this.refresh("Back to the start of deal " + view.deal + ".");
    }
  };

  Player.prototype.play = function (number) {
    this.playing = this.view.moves[number - 1];  // its reasons are shown once it is played
    try {
      this.session.play(number);
    } catch (error) {
      this.refresh("The engine refused the move: " + error.message, true);
      return;
    }
    this.refresh(null);
  };

  /* A click or Enter on pile ``index``: choose it, or send the chosen card there. */
  Player.prototype.pick = function (index) {
    var view = this.view;
    if (this.selected === null) {
      var from = this.movesFrom(index);
      if (from.length === 1 && from[0].kind === "turn_up") { this.play(from[0].n); return; }
      var pile = view.piles[index];
      if (!from.length && (typeof pile === "number" || !pile.length)) {
        this.say(this.info.board.piles[index].name + ": no card here can be played now.");
        return;
      }
      this.select(index);
      return;
    }
    if (index === this.selected) { this.select(null); return; }
    var self = this;
    var going = this.movesFrom(this.selected).filter(function (move) { return self.target(move) === index; });
    if (going.length === 1) { this.play(going[0].n); return; }
    if (going.length > 1) { this.offer(going); return; }
    var result = toJs(this.session.attempt(this.selected, index));
    this.select(null);
    if (result.played) { this.refresh(null); return; }
    this.refuse(result);
  };

  Player.prototype.movesFrom = function (pile) {
    return this.view.moves.filter(function (move) {
      return move.src === pile || (move.kind === "pair" && move.src2 === pile);
    });
  };

  /* Where a move goes when its card is chosen: its pile; for a pair, the partner's pile. */
  Player.prototype.target = function (move) {
    if (move.kind === "pair") { return move.src === this.selected ? move.src2 : move.src; }
    return move.dst;
  };

  Player.prototype.select = function (index) {
    var self = this;
    this.selected = index;
    var targets = index === null ? [] : this.movesFrom(index).map(function (move) { return self.target(move); });
    this.board.piles.forEach(function (pile, pileIndex) {
      pile.classList.toggle("rules-selected", pileIndex === index);
      pile.classList.toggle("rules-target", targets.indexOf(pileIndex) >= 0);
      pile.setAttribute("aria-pressed", pileIndex === index ? "true" : "false");
    });
    this.offer(index === null ? [] : this.movesFrom(index).filter(function (move, at, all) {
      return all.some(function (other) { return other.card !== move.card; });  // several cards of one pile
    }));
    if (index !== null) {
      var names = targets.map(function (pile) { return self.info.board.piles[pile].name; });
      this.say("Chosen: " + this.info.board.piles[index].name + ". "
               + (names.length ? "It may go to " + names.join(", ") + "." : "No legal move takes it; try one to see why."));
    }
  };

  /* Several moves fit the choice (a pile whose every card is available): one button each. */
  Player.prototype.offer = function (moves) {
    this.actionsChoice = moves;
    this.renderActions();
    if (moves.length) { this.actions.querySelector(".rules-play-choice").focus(); }
  };

  Player.prototype.renderActions = function () {
    var self = this;
    this.actions.textContent = "";
    (this.actionsChoice || []).forEach(function (move) {
      self.actions.appendChild(button(move.text, "rules-play-choice", function () { self.play(move.n); }));
    });
    this.view.moves.forEach(function (move) {  // the moves that are not a card's: deal a row, redeal
      if (move.kind === "deal_row" || move.kind === "redeal") {
        self.actions.appendChild(button(move.kind === "redeal" ? "Redeal" : "Deal a row", "rules-play-" + move.kind,
                                        function () { self.play(move.n); }, move.text));
      }
    });
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
    this.why.appendChild(line);
    this.say(line.textContent, true);
  };

  Player.prototype.hint = function () {
    this.say("Looking for a move…");
    var self = this;
    setTimeout(function () {  // let the message show before the search holds the page
      var hint = toJs(self.session.hint());
      if (hint.n == null) { self.say(hint.text); return; }
      var move = self.view.moves[hint.n - 1];
      var source = hint.source === "solver"
        ? "the solver found a way to win from here, " + hint.length + " moves long"
        : "the move of the edition's player, which looks only at face-up cards; the solver "
          + (hint.outcome === "lost" ? "shows that no line of play wins from here"
                                     : "found no way to win within " + hint.visited + " positions");
      self.select(null);
      self.board.piles.forEach(function (pile, index) {
        pile.classList.toggle("rules-hint", index === move.src || index === move.dst);
      });
      var item = self.list.querySelector('li[data-n="' + hint.n + '"]');
      if (item) { item.classList.add("rules-hint"); }
      self.say("Hint: " + hint.text + " (" + source + ").");
    }, 30);
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

  /* Redraw from the engine's view; ``message`` (or the move just played) is announced. */
  Player.prototype.refresh = function (message, problem) {
    var self = this;
    var view = this.view = toJs(this.session.view());
    this.selected = null;
    this.actionsChoice = [];
    this.board.show(view.piles);
    this.board.piles.forEach(function (pile) {
      pile.classList.remove("rules-selected", "rules-target", "rules-hint");
      pile.setAttribute("aria-pressed", "false");
    });
    this.renderActions();
    var focused = this.list.contains(document.activeElement)
      ? Array.prototype.indexOf.call(this.list.children, document.activeElement.closest("li")) : -1;
    this.list.textContent = "";
    view.moves.forEach(function (move) {
      var item = element("li");
      item.setAttribute("data-n", String(move.n));
      item.appendChild(button(move.text, "rules-play-move", function () { self.play(move.n); }));
      item.appendChild(document.createTextNode(" "));
      var why = element("span", "rules-play-why-move", "allowed by ");
      why.appendChild(self.clauseLinks(move.reasons));
      item.appendChild(why);
      self.list.appendChild(item);
    });
    if (focused >= 0 && this.list.children.length) {
      this.list.children[Math.min(focused, this.list.children.length - 1)].querySelector("button").focus();
    }
    this.listTitle.textContent = view.moves.length ? "Legal moves (" + view.moves.length + "):" : "No legal move.";
    this.undoButton.disabled = !view.played.length;
    this.redoButton.disabled = !view.redo;
    var outcome = view.won ? "won" : view.blocked ? "blocked" : "playing";
    this.box.setAttribute("data-outcome", outcome);
    var turn = "Deal " + view.deal + ", move " + view.played.length + (view.pass > 1 ? ", deal through the pack " + view.pass : "");
    if (view.player != null) { turn += ". To move: the " + (view.player ? "second" : "first") + " player"; }
    turn += view.won ? ". Won: every card is on the foundations." : view.blocked ? ". Blocked: no legal move is left." : ".";
    this.turn.textContent = turn;
    this.command.value = view.command;
    this.why.textContent = "";
    var played = this.playing;
    this.playing = null;
    if (played && view.played.length && view.last === played.text) {
      var line = element("p", "rules-play-last", "Move " + view.played.length + ": " + view.last + ", allowed by ");
      line.appendChild(this.clauseLinks(played.reasons));
      line.appendChild(document.createTextNode("."));
      this.why.appendChild(line);
      if (message === null || message === undefined) { message = line.textContent; }
    }
    this.remember(view);
    if (message === null || message === undefined) {
      message = view.played.length ? "Move " + view.played.length + ": " + view.last + "." : "Deal " + view.deal + ".";
      message += " " + view.moves.length + " legal move" + (view.moves.length === 1 ? "" : "s") + ".";
    }
    if (view.won) { message += " The game is won."; } else if (view.blocked) { message += " No legal move is left: the game is lost."; }
    this.say(message, problem);
  };

  /* The position in the URL, so it can be shared and cited. */
  Player.prototype.remember = function (view) {
    var url = new URL(location.href);
    url.searchParams.set("play", this.game);
    url.searchParams.set("deal", String(view.deal));
    if (view.played.length) { url.searchParams.set("moves", view.played.join(".")); } else { url.searchParams.delete("moves"); }
    history.replaceState(null, "", url.href);
  };

  function start() {
    document.querySelectorAll(".rules-play").forEach(function (box) { box.player = new Player(box); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
