// The position kept in the link and in local storage (rules/js/link.js), without a page.
import assert from "node:assert/strict";
import { describe as group, test } from "node:test";

import {
  isDealNumber, linkTo, option, problemWith, readLink, readSaved, savedText, setOption, storageKey,
} from "../../extensions/patience_sphinx/rules/js/link.js";

const first = { deal: 1, piles: [[], [], []], moves: [], played: [] };
const page = {
  game: "napoleon",
  games: {
    napoleon: { title: "Napoleon", board: { piles: [{}, {}, {}] }, first },
    "napoleon:twelve": { title: "Twelve", board: { piles: [{}, {}, {}] }, first },
  },
};

/** A stand-in for local storage: a map, or one that refuses every use (private mode). */
function storage(entries = {}) {
  const kept = new Map(Object.entries(entries));
  return { getItem: (key) => (kept.has(key) ? kept.get(key) : null), setItem: (key, value) => kept.set(key, value), kept };
}
const refused = { getItem() { throw new Error("refused"); }, setItem() { throw new Error("refused"); } };

group("a link", () => {
  test("asks for nothing without ?play", () => {
    assert.equal(readLink("?deal=3", page), null);
  });

  test("names a game, a deal and its moves", () => {
    assert.deepEqual(readLink("?play=napoleon%3Atwelve&deal=42&moves=3.1.12", page),
                     { game: "napoleon:twelve", deal: 42, moves: [3, 1, 12], problems: [] });
    assert.deepEqual(readLink("?play=napoleon", page), { game: "napoleon", deal: 0, moves: [], problems: [] });
  });

  test("to a game the page does not play, or a bad deal, is refused and said", () => {
    const other = readLink("?play=sultan&deal=1", page);
    assert.equal(other.game, null);
    assert.deepEqual(other.problems,
                     ["The link asks for the game “sultan”, which this page does not play; it plays napoleon, napoleon:twelve."]);
    assert.deepEqual(readLink("?play=napoleon&deal=-1", page).problems,
                     ["The link's deal “-1” is not a deal number (0 to 999999999)."]);
    assert.equal(readLink("?play=napoleon&deal=1234567890", page).game, null);
  });

  test("is played up to its first bad move, which is said", () => {
    const asked = readLink("?play=napoleon&deal=2&moves=4.0.5", page);
    assert.deepEqual(asked.moves, [4]);
    assert.deepEqual(asked.problems, ["The link's move 2 (“0”) is not a move number; played up to move 1."]);
    assert.deepEqual(readLink("?play=napoleon&moves=123456", page).moves, []);
  });

  test("is written for a position, the moves dropped at the start of a deal", () => {
    const view = { deal: 7, played: [2, 10, 1] };
    const href = linkTo("https://site.example/docs/games/napoleon.html?x=1#play-napoleon", "napoleon:twelve", view);
    assert.equal(href, "https://site.example/docs/games/napoleon.html?x=1&play=napoleon%3Atwelve&deal=7&moves=2.10.1#play-napoleon");
    assert.equal(new URL(linkTo(href, "napoleon", { deal: 0, played: [] })).search, "?x=1&play=napoleon&deal=0");
    assert.deepEqual(readLink(new URL(href).search, page), { game: "napoleon:twelve", deal: 7, moves: [2, 10, 1], problems: [] });
  });

  test("a deal number is 1 to 9 digits", () => {
    assert.deepEqual(["0", "999999999", "1e3", "", " 1", "1234567890"].map(isDealNumber), [true, true, false, false, false, false]);
    assert.equal(problemWith(page, "napoleon", "12"), null);
  });
});

group("the page's last game in local storage", () => {
  const view = { deal: 5, piles: [[], 3, ["A♣"]], moves: [], played: [1, 2], next: "4♠" };

  test("is read back as it was kept", () => {
    const kept = storage({ [storageKey(page)]: savedText("napoleon", view) });
    assert.equal(storageKey(page), "patience-play:napoleon");
    assert.deepEqual(readSaved(kept, page), { game: "napoleon", deal: 5, moves: [1, 2], turned: true, view, problems: [] });
  });

  test("keeps its moves but not a view of another board", () => {
    const bad = { ...view, piles: [[]] };
    const kept = storage({ [storageKey(page)]: savedText("napoleon", bad) });
    assert.equal(readSaved(kept, page).view, null);
  });

  test("is nothing when absent, unreadable, refused, for another game, or with bad moves", () => {
    const key = storageKey(page);
    assert.equal(readSaved(storage(), page), null);
    assert.equal(readSaved(storage({ [key]: "{not json" }), page), null);
    assert.equal(readSaved(refused, page), null);
    assert.equal(readSaved(storage({ [key]: savedText("sultan", view) }), page), null);
    assert.equal(readSaved(storage({ [key]: JSON.stringify({ game: "napoleon", deal: 1, moves: [0] }) }), page), null);
    assert.equal(readSaved(storage({ [key]: JSON.stringify({ game: "napoleon", deal: 1, moves: "1.2" }) }), page), null);
  });

  test("holds the reader's options, which fall back where storage is refused", () => {
    const kept = storage();
    assert.equal(option(kept, "safe", false), false);
    setOption(kept, "safe", true);
    assert.equal(kept.kept.get("patience-play-safe"), "true");
    assert.equal(option(kept, "safe", false), true);
    assert.equal(option(refused, "safe", true), true);
    assert.doesNotThrow(() => setOption(refused, "safe", true));
  });
});
