/* Play's reading of a position (a View from the engine): which moves start from a pile,
   where a chosen card may go, the pile next to another on the board, and what the page
   says of it all. Plain functions of the data, without the page. */

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").OfferedMove} OfferedMove */
/** @typedef {import("./protocol.js").Place} Place */
/** @typedef {import("./protocol.js").Hint} Hint */

/** The moves that take a card of pile ``pile`` (either card of a pair).
    @param {View} view  @param {number} pile  @returns {OfferedMove[]} */
export function movesFrom(view, pile) {
  return view.moves.filter((move) => move.src === pile || (move.kind === "pair" && move.src2 === pile));
}

/** Where a move goes when its card is chosen on pile ``from``: its pile; for a pair, the partner's pile.
    @param {OfferedMove} move  @param {number} from */
export function target(move, from) {
  if (move.kind === "pair") { return move.src === from ? move.src2 : move.src; }
  return move.dst;
}

/** The moves of a card of pile ``src`` that go to pile ``dst``.
    @param {View} view  @param {number} src  @param {number} dst */
export function going(view, src, dst) {
  return movesFrom(view, src).filter((move) => target(move, src) === dst);
}

/** The move of pile ``index``'s card to a foundation, or null.
    @param {View} view  @param {Place[]} places  @param {number} index  @returns {?OfferedMove} */
export function homeMove(view, places, index) {
  return movesFrom(view, index).find((move) => move.kind === "move" && places[move.dst].role === "foundation")
    || null;
}

/** The move numbered ``n``, or undefined.  @param {View} view  @param {?number} n */
export function numbered(view, n) {
  return view.moves.find((move) => move.n === n);
}

/** Moves of one pile that move different cards (a pile whose every card is available):
    the reader chooses among them.  @param {OfferedMove[]} moves */
export function choices(moves) {
  return moves.filter((move, at, all) => all.some((other) => other.card !== move.card));
}

/** A move that is not a card's: dealing a row, or a redeal.  @param {OfferedMove} move */
export function isAction(move) {
  return move.kind === "deal_row" || move.kind === "redeal";
}

/** The pile nearest to pile ``index`` in ``direction`` ([dx, dy]), by the plate's places;
    null when there is none that way.
    @param {Place[]} places  @param {number} index  @param {number[]} direction  @returns {?number} */
export function nearest(places, index, direction) {
  const from = places[index];
  let best = null;
  let bestScore = Infinity;
  places.forEach((place, at) => {
    const dx = place.x - from.x;
    const dy = place.y - from.y;
    const along = dx * direction[0] + dy * direction[1];
    if (at === index || along <= 1) { return; }
    const across = Math.abs(dx * direction[1]) + Math.abs(dy * direction[0]);
    const score = along + 2 * across;
    if (score < bestScore) { best = at; bestScore = score; }
  });
  return best;
}

/** The legal moves, grouped by the pile they start from ("the stock" for a row dealt or a
    redeal), in the order of their first move; a group "stock" for turning up the pack's
    card when it may be turned.
    @param {View} view  @param {Place[]} places  @returns {{from: string, moves: OfferedMove[]}[]} */
export function groups(view, places) {
  const found = new Map();
  view.moves.forEach((move) => {
    const from = isAction(move) ? "the stock" : places[move.src].name;
    if (!found.has(from)) { found.set(from, []); }
    found.get(from).push(move);
  });
  if (view.turn && !found.has("stock")) { found.set("stock", []); }
  return Array.from(found, ([from, moves]) => ({ from, moves }));
}

/** A move as listed under the pile it starts from: without that pile's name.
    @param {OfferedMove} move  @param {string} from */
export function listed(move, from) {
  return move.kind === "move" ? move.text.replace(` ${from} `, " ") : move.text;
}

/** @param {View} view  @returns {"won" | "blocked" | "playing"} */
export function outcome(view) {
  return view.won ? "won" : view.blocked ? "blocked" : "playing";
}

/** "Deal 4, move 2, deal through the pack 2. To move: the first player."  @param {View} view */
export function turnLine(view) {
  let line = `Deal ${view.deal}, move ${view.played.length}${view.pass > 1 ? `, deal through the pack ${view.pass}` : ""}`;
  if (view.player !== null && view.player !== undefined) {
    line += `. To move: the ${view.player ? "second" : "first"} player`;
  }
  return line + (view.won ? ". Won: every card is on the foundations."
    : view.blocked ? ". Blocked: no legal move is left." : ".");
}

/** "3 legal moves, or turn up the stock's next card."  @param {View} view */
export function movesSaid(view) {
  const count = view.moves.length;
  if (!count && view.turn) { return "Turn up the stock's next card to play."; }
  return `${count} legal move${count === 1 ? "" : "s"}${view.turn ? ", or turn up the stock's next card." : "."}`;
}

/** The heading of the list of moves.  @param {View} view */
export function listTitle(view) {
  if (view.moves.length) { return `Legal moves (${view.moves.length}):`; }
  return view.turn ? "No move in sight: turn up the stock's next card." : "No legal move.";
}

/** What is said when nothing else is: the move just made (or the deal), and the moves now.
    @param {View} view */
export function positionSaid(view) {
  const made = view.played.length ? `Move ${view.played.length}: ${view.last}.` : `Deal ${view.deal}.`;
  return `${made} ${movesSaid(view)}`;
}

/** Said after anything else once the game is over.  @param {View} view */
export function endSaid(view) {
  if (view.won) { return " The game is won."; }
  return view.blocked ? " No legal move is left: the game is lost." : "";
}

/** The names of the piles the pack's turned-up card may go to, each once.
    @param {View} view  @param {Place[]} places */
export function packTargets(view, places) {
  const names = view.moves.filter((move) => move.src === 0 && move.kind === "move").map((move) => places[move.dst].name);
  return Array.from(new Set(names));
}

/** Who chose the hint's move, and what the solver found.  @param {Hint} hint */
export function hintSource(hint) {
  if (hint.source === "solver") {
    return `the solver's move: it knows every card, and found a way to win from here, ${hint.length} moves long`;
  }
  const found = hint.outcome === "lost" ? "; the solver shows that no line of play wins from here"
    : hint.outcome === "unknown" ? `; the solver found no win within ${hint.visited} positions` : "";
  return `the move of the edition's player, which sees only what you see${found}`;
}

/** The piles a hint points at: the pack (pile 0) to turn its card up, else its move's two
    piles (none if the move is not offered).  @param {View} view  @param {Hint} hint */
export function hintPiles(view, hint) {
  if (hint.turn) { return [0]; }
  const move = numbered(view, hint.n);
  return move ? [move.src, move.dst] : [];
}
