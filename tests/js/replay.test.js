// The replay's positions, rebuilt from the record (rules/js/replay.js), without a page.
import assert from "node:assert/strict";
import { test } from "node:test";

import { positionText, positions } from "../../extensions/patience_sphinx/rules/js/replay.js";

const record = {
  start: [3, [], ["A♣"]],
  steps: [
    { move: "3♦ stock → talon", set: { 0: 2, 1: ["3♦"] } },
    { move: "2♣ stock → foundation 1", set: { 0: 1, 2: ["A♣", "2♣"] } },
    { move: "3♦ talon → foundation 2", set: { 1: [] } },
  ],
  outcome_text: "lost: no legal move is left",
};

test("each position is the one before with the piles its move changed", () => {
  assert.deepEqual(positions(record), [
    [3, [], ["A♣"]],
    [2, ["3♦"], ["A♣"]],
    [1, ["3♦"], ["A♣", "2♣"]],
    [1, [], ["A♣", "2♣"]],
  ]);
});

test("rebuilding leaves the record as it was", () => {
  const copy = JSON.parse(JSON.stringify(record));
  positions(record);
  assert.deepEqual(record, copy);
});

test("a record without moves is its start alone", () => {
  assert.deepEqual(positions({ start: [5], steps: [] }), [[5]]);
});

test("the position is said with the move that reached it, and the outcome at the end", () => {
  assert.equal(positionText(record, 0), "Start: move 0 of 3");
  assert.equal(positionText(record, 2), "Move 2 of 3: 2♣ stock → foundation 1");
  assert.equal(positionText(record, 3), "Move 3 of 3: 3♦ talon → foundation 2 — lost: no legal move is left");
});
