// The board's reading of piles and places (rules/js/board.js), without a page.
import assert from "node:assert/strict";
import { describe as group, test } from "node:test";

import { cardName, describe, faceOf, isRed, leastWidth, sheetPlace } from "../../extensions/patience_sphinx/rules/js/board.js";

const talon = { name: "talon 2", role: "talon", x: 0, y: 0, area: "talon", any: false };

group("a card's code", () => {
  test("names the card without its pack", () => {
    assert.equal(cardName("7♣/2"), "7♣");
    assert.equal(cardName("10♥"), "10♥");
  });

  test("is red for diamonds and hearts only", () => {
    assert.deepEqual(["A♦/1", "K♥", "Q♠/2", "10♣"].map(isRed), [true, true, false, false]);
  });

  test("places the card on the sheet by rank (column) and suit (row); the back is row 4", () => {
    assert.deepEqual(sheetPlace("A♣/1"), { col: 0, row: 0 });
    assert.deepEqual(sheetPlace("10♥"), { col: 9, row: 2 });
    assert.deepEqual(sheetPlace("K♠/2"), { col: 12, row: 3 });
    assert.deepEqual(sheetPlace(null), { col: 0, row: 4 });
  });
});

group("a pile", () => {
  test("face up shows its top card and its number of cards", () => {
    assert.deepEqual(faceOf(["2♣", "7♦/2"]), { count: 2, top: "7♦/2", kind: "card" });
    assert.deepEqual(faceOf([]), { count: 0, top: null, kind: "space" });
  });

  test("face down shows a card's back, or the card turned up on it", () => {
    assert.deepEqual(faceOf(30), { count: 30, top: null, kind: "down" });
    assert.deepEqual(faceOf(30, "5♠"), { count: 30, top: "5♠", kind: "card" });
    assert.deepEqual(faceOf(0, null), { count: 0, top: null, kind: "space" });
  });

  test("is said in words for a screen reader, never naming a card face down", () => {
    assert.equal(describe(talon, ["2♣", "7♦/2"]), "talon 2: 7♦ on top, 2 cards");
    assert.equal(describe(talon, ["Q♠/1"]), "talon 2: Q♠");
    assert.equal(describe(talon, []), "talon 2: empty");
    assert.equal(describe(talon, 1), "talon 2: 1 card face down");
    assert.equal(describe(talon, 12), "talon 2: 12 cards face down");
    assert.equal(describe(talon, 12, "3♥/2"), "talon 2: 12 cards face down, the top one turned up: 3♥");
    assert.equal(describe(talon, 0), "talon 2: empty");
  });
});

group("the board's least width", () => {
  const board = (labels) => ({ width: 600, height: 400, card: [52, 74], piles: [], labels });

  test("keeps a card at least 28 CSS px wide", () => {
    assert.equal(leastWidth(board([]), []), Math.ceil(28.2 * 600 / 52));
  });

  test("keeps two labels of one line apart, at the size they are written at", () => {
    // 100 units apart, 60 px wide each, 6 px between: 0.66 px per unit of a 600-unit plate
    const wide = board([{ x: 100, y: 50, en: "a", ru: "а" }, { x: 200, y: 60, en: "b", ru: "б" }]);
    assert.equal(leastWidth(wide, [60, 60]), Math.ceil(600 * 0.66));
    assert.equal(leastWidth(wide, [60, 40]), Math.ceil(600 * 0.56));
  });

  test("never asks more than the labels at full size, nor for labels on other lines", () => {
    const narrow = board([{ x: 100, y: 50, en: "a", ru: "а" }, { x: 101, y: 50, en: "b", ru: "б" }]);
    assert.equal(leastWidth(narrow, [500, 500]), Math.ceil(600 * 11 / 12));
    const apart = board([{ x: 100, y: 50, en: "a", ru: "а" }, { x: 110, y: 80, en: "b", ru: "б" }]);
    assert.equal(leastWidth(apart, [500, 500]), Math.ceil(28.2 * 600 / 52));
  });
});
