// A passage's citation, made from the data file (edition/js/citation.js), without a page.
// (tests/browser/test_citing.py holds the page's citations to `patience cite` word for word.)
import assert from "node:assert/strict";
import { test } from "node:test";

import { TITLES, WRITERS, citationOf, isoDay } from "../../extensions/patience_sphinx/edition/js/citation.js";

const data = {
  urn: "urn:cts:test:book:",
  publication: { title: "The Edition", statement: "The Edition, ed. A. B", editors: "A. B & C. D", base: "https://e.example/",
                 version: "1.2", released: "2025-03-09" },
  book: { title: "Книга", original: "The Original (1874)", originalTitle: "The Original", originalPublisher: "P",
          originalPlace: "London", originalYear: 1874, family: "Author", given: "Lady", unknown: "Translator unknown.",
          noAddress: "No address yet.", kinds: { misread: "misreadings", gap: "gaps" } },
  passages: [
    ["g.1", "docs/g.html", [], [], "Game"],
    ["g.2", "docs/g.html", ["misread", "gap", "misread"], ["a word is doubtful. "], "Game"],
    ["g.3", "docs/g.html", [], [], "Game"],
  ],
};

test("a day is written YYYY-MM-DD", () => {
  assert.equal(isoDay(new Date(2025, 0, 5)), "2025-01-05");
});

test("a passage is cited by its URN, its address and the state of its text", () => {
  const cite = citationOf(data, "g.1", "2025-04-01");
  assert.equal(cite.label, "g.1");
  assert.equal(cite.urn, "urn:cts:test:book:g.1");
  assert.equal(cite.url, "https://e.example/docs/g.html#g.1");
  assert.equal(cite.key, "cadogan-ru:g.1");
  assert.equal(cite.title, "Game, passage g.1");
  assert.equal(cite.status, "Reading text established from an OCR witness.");
});

test("a range names its ends, counts its corrections by kind and gives its doubts", () => {
  const cite = citationOf(data, "g.1-g.3", "2025-04-01");
  assert.equal(cite.label, "g.1-g.3");
  assert.equal(cite.title, "Game, passages g.1\u2013g.3");
  assert.equal(cite.status, "Reading text established from an OCR witness; the text cited was corrected by the "
                            + "editors (3 corrections: gaps, misreadings); the reading is uncertain or conjectural: a word is doubtful.");
});

test("a reference the data does not hold, or a range the wrong way round, is no citation", () => {
  assert.equal(citationOf(data, "g.9", "2025-04-01"), null);
  assert.equal(citationOf(data, "g.3-g.1", "2025-04-01"), null);
});

test("without a published address the citation says so", () => {
  const cite = citationOf({ ...data, publication: { ...data.publication, base: "" } }, "g.1", "2025-04-01");
  assert.equal(cite.url, null);
  assert.equal(cite.note(false), "«Книга», anonymous Russian translation. Translator unknown. urn:cts:test:book:g.1. "
                                 + "No address yet. Reading text established from an OCR witness.");
});

test("each format writes the same facts", () => {
  const cite = citationOf(data, "g.1", "2025-04-01");
  assert.deepEqual(Object.keys(WRITERS), Object.keys(TITLES));
  assert.equal(WRITERS.text(cite, data), "Author, Lady (author of the original). \u201cGame, passage g.1\u201d. In The "
    + "Edition, ed. A. B. «Книга», anonymous Russian translation of The Original (1874). Translator unknown. "
    + "urn:cts:test:book:g.1. Reading text established from an OCR witness. https://e.example/docs/g.html#g.1 (accessed 2025-04-01).");
  const bibtex = WRITERS.bibtex(cite, data);
  assert.ok(bibtex.startsWith("@misc{cadogan-ru:g.1,\n  author = {Author, Lady},\n"));
  assert.ok(bibtex.includes("\n  month = mar,\n"));
  assert.ok(bibtex.includes("howpublished = {In The Edition, edited by A. B & C. D, version 1.2}"));
  assert.ok(WRITERS.biblatex(cite, data).includes("\n  editor = {{A. B & C. D}},\n"));
  const [item] = JSON.parse(WRITERS["csl-json"](cite, data));
  assert.deepEqual(item.issued, { "date-parts": [[2025, 3, 9]] });
  assert.deepEqual(item.accessed, { "date-parts": [[2025, 4, 1]] });
  assert.equal(item.URL, "https://e.example/docs/g.html#g.1");
  const ris = WRITERS.ris(cite, data).split("\n");
  assert.deepEqual([ris[0], ris.at(-3), ris.at(-2), ris.at(-1)],
                   ["TY  - CHAP", "UR  - https://e.example/docs/g.html#g.1", "Y2  - 2025/04/01", "ER  - "]);
});

test("BibTeX's braces and per cent signs in a field are escaped", () => {
  const odd = { ...data, publication: { ...data.publication, title: "50% {of} all" } };
  const cite = citationOf(odd, "g.1", "2025-04-01");
  assert.ok(WRITERS.bibtex(cite, odd).includes("howpublished = {In 50\\% \\{of\\} all, edited by"));
});
