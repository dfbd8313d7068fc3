// Play's reading of a position (rules/js/moves.js): which moves start from a pile, where a
// chosen card may go, the pile next to another, and what the page says; without a page.
import assert from "node:assert/strict";
import { describe as group, test } from "node:test";

import {
  choices, endSaid, going, groups, hintPiles, hintSource, homeMove, isAction, listTitle, listed, movesFrom, movesSaid,
  nearest, numbered, outcome, packTargets, positionSaid, target, turnLine,
} from "../../extensions/patience_sphinx/rules/js/moves.js";

// The pack (0), a talon (1), two foundations (2, 3) and two tableau piles (4, 5), on a plate.
const places = [
  { name: "stock", role: "stock", x: 0, y: 0 },
  { name: "talon", role: "talon", x: 70, y: 0 },
  { name: "foundation 1", role: "foundation", x: 200, y: 0 },
  { name: "foundation 2", role: "foundation", x: 270, y: 0 },
  { name: "tableau 1", role: "tableau", x: 200, y: 100 },
  { name: "tableau 2", role: "tableau", x: 270, y: 100 },
];

function move(n, kind, src, dst, extra = {}) {
  return { n, kind, src, dst, text: `5♥ ${places[src].name} → ${places[dst].name}`, reasons: ["r"], ...extra };
}

const view = {
  game: "test", deal: 4, pass: 1, piles: [20, ["3♦"], ["A♣"], [], ["2♣", "5♥"], ["K♠"]], next: null, turn: true,
  moves: [
    move(1, "move", 1, 4, { card: 13 }),
    move(2, "move", 4, 2, { card: 2 }),
    move(3, "move", 4, 5, { card: 2 }),
    move(4, "pair", 1, 1, { src2: 5, dst2: 2, card: 13, card2: 40 }),
    move(5, "deal_row", 0, 4),
  ],
  played: [2, 1], redo: 0, last: "5♥ talon → tableau 1", player: null, won: false, blocked: false, command: "c",
};

group("the moves of a pile", () => {
  test("are those that take one of its cards, a pair's second card too", () => {
    assert.deepEqual(movesFrom(view, 1).map((m) => m.n), [1, 4]);
    assert.deepEqual(movesFrom(view, 5).map((m) => m.n), [4]);
    assert.deepEqual(movesFrom(view, 3), []);
  });

  test("go to their pile; a pair, to the partner's pile", () => {
    assert.equal(target(view.moves[0], 1), 4);
    assert.equal(target(view.moves[3], 1), 5);
    assert.equal(target(view.moves[3], 5), 1);
    assert.deepEqual(going(view, 4, 5).map((m) => m.n), [3]);
    assert.deepEqual(going(view, 1, 5).map((m) => m.n), [4]);
    assert.deepEqual(going(view, 5, 4), []);
  });

  test("home: the card's move to a foundation, if any", () => {
    assert.equal(homeMove(view, places, 4).n, 2);
    assert.equal(homeMove(view, places, 1), null);  // a pair is not a card sent home
  });

  test("a choice among cards only where the moves move different cards", () => {
    assert.deepEqual(choices(movesFrom(view, 4)), []);  // both move the 2♣
    assert.deepEqual(choices(movesFrom(view, 1)).map((m) => m.n), []);
    const several = [move(1, "move", 4, 2, { card: 2 }), move(2, "move", 4, 3, { card: 30 })];
    assert.deepEqual(choices(several).map((m) => m.n), [1, 2]);
  });

  test("a row dealt and a redeal are not a card's moves", () => {
    assert.deepEqual(view.moves.map(isAction), [false, false, false, false, true]);
    assert.equal(numbered(view, 3), view.moves[2]);
    assert.equal(numbered(view, 9), undefined);
  });
});

group("the list of moves", () => {
  test("is grouped by the pile each starts from, a row dealt under the stock, turning up last", () => {
    assert.deepEqual(groups(view, places).map((g) => [g.from, g.moves.map((m) => m.n)]), [
      ["talon", [1, 4]], ["tableau 1", [2, 3]], ["the stock", [5]], ["stock", []],
    ]);
    assert.deepEqual(groups({ ...view, turn: false }, places).map((g) => g.from), ["talon", "tableau 1", "the stock"]);
  });

  test("names a move without the pile it is listed under", () => {
    assert.equal(listed(view.moves[1], "tableau 1"), "5♥ → foundation 1");
    assert.equal(listed(view.moves[3], "talon"), "5♥ talon → talon");  // a pair is named whole
    assert.equal(listed({ ...view.moves[4], text: "deal a row" }, "the stock"), "deal a row");
  });

  test("is headed by its count, or by what to do when it is empty", () => {
    assert.equal(listTitle(view), "Legal moves (5):");
    assert.equal(listTitle({ ...view, moves: [] }), "No move in sight: turn up the stock's next card.");
    assert.equal(listTitle({ ...view, moves: [], turn: false }), "No legal move.");
  });
});

group("what the page says of a position", () => {
  test("the moves there are", () => {
    assert.equal(movesSaid(view), "5 legal moves, or turn up the stock's next card.");
    assert.equal(movesSaid({ ...view, moves: [view.moves[0]], turn: false }), "1 legal move.");
    assert.equal(movesSaid({ ...view, moves: [] }), "Turn up the stock's next card to play.");
    assert.equal(positionSaid(view), "Move 2: 5♥ talon → tableau 1. 5 legal moves, or turn up the stock's next card.");
    assert.equal(positionSaid({ ...view, played: [], turn: false }), "Deal 4. 5 legal moves.");
  });

  test("the deal, the move, the pass through the pack, whose turn, the outcome", () => {
    assert.equal(turnLine(view), "Deal 4, move 2.");
    assert.equal(turnLine({ ...view, pass: 2, player: 1 }), "Deal 4, move 2, deal through the pack 2. To move: the second player.");
    assert.equal(turnLine({ ...view, player: 0, won: true }), "Deal 4, move 2. To move: the first player. Won: every card is on the foundations.");
    assert.equal(turnLine({ ...view, blocked: true }), "Deal 4, move 2. Blocked: no legal move is left.");
    assert.deepEqual([view, { ...view, won: true }, { ...view, blocked: true }].map(outcome), ["playing", "won", "blocked"]);
    assert.deepEqual([view, { ...view, won: true }, { ...view, blocked: true }].map(endSaid),
                     ["", " The game is won.", " No legal move is left: the game is lost."]);
  });

  test("where the pack's turned-up card may go, each pile once", () => {
    const turned = { ...view, next: "9♦/1", moves: [move(1, "move", 0, 4), move(2, "move", 0, 4), move(3, "move", 0, 2),
                                                    move(4, "turn_up", 0, 1)] };
    assert.deepEqual(packTargets(turned, places), ["tableau 1", "foundation 1"]);
  });
});

group("a hint", () => {
  test("says who chose its move, and what the solver found", () => {
    assert.equal(hintSource({ source: "solver", length: 7 }),
                 "the solver's move: it knows every card, and found a way to win from here, 7 moves long");
    assert.equal(hintSource({ source: "player", outcome: null }), "the move of the edition's player, which sees only what you see");
    assert.equal(hintSource({ source: "player", outcome: "lost" }),
                 "the move of the edition's player, which sees only what you see; the solver shows that no line of play wins from here");
    assert.equal(hintSource({ source: "player", outcome: "unknown", visited: 2000 }),
                 "the move of the edition's player, which sees only what you see; the solver found no win within 2000 positions");
  });

  test("points at its move's piles, or at the pack to turn its card up", () => {
    assert.deepEqual(hintPiles(view, { n: 2, text: "", source: "player" }), [4, 2]);
    assert.deepEqual(hintPiles(view, { n: null, turn: true, text: "", source: "player" }), [0]);
    assert.deepEqual(hintPiles(view, { n: 9, text: "", source: "player" }), []);
  });
});

group("the nearest pile", () => {
  test("is the one ahead in the arrow's direction, a pile across counting double", () => {
    assert.equal(nearest(places, 2, [1, 0]), 3);
    assert.equal(nearest(places, 2, [0, 1]), 4);
    assert.equal(nearest(places, 5, [-1, 0]), 4);
    assert.equal(nearest(places, 4, [0, -1]), 2);
    assert.equal(nearest(places, 1, [-1, 0]), 0);
  });

  test("is none at the board's edge", () => {
    assert.equal(nearest(places, 0, [-1, 0]), null);
    assert.equal(nearest(places, 5, [0, 1]), null);
  });
});
