/* The search page's results land where the words are (loaded on search.html only, after
 * searchtools.js and language_data.js, whose Search and Stemmer it uses).
 *
 * A page of the text lists, under its result, each passage whose reading text, modern
 * transcription or English holds a word of the query, in either spelling (the words are
 * compared by their search keys: folded, then stemmed, as the index is made); each with a
 * snippet of that one layer and the words marked, linked to the passage. The page's own
 * link goes to its first such passage, and to the section of the first match on any other
 * page. Following a link marks the words found (Sphinx's highlighting, given the words as
 * the text spells them). Snippets never come from the OCR witness or the page's interface.
 */

const LAYERS = [["ed-reading", "Reading text"], ["ed-modern", "Modern"], ["ed-english", "English"]];
const INTERFACE = ".no-search, .ed-cell-label, .ed-tip, .headerlink, script, style, .ed-witness";
const BLOCKS = "p, div, li, dt, dd, td, th, h1, h2, h3, h4, h5, h6, pre, tr, section, br, blockquote, summary, details";
const WORD = /[\p{L}\p{N}_]+/gu;
const CONTEXT = 100;
const MOST_PASSAGES = 5;
let stemmer = null;

function keyOf(word) {
  stemmer = stemmer || new Stemmer();
  return stemmer.stemWord(word.toLowerCase());
}

/* Text with a space at every block's end, so that cells and paragraphs do not run together. */
function textOf(element) {
  const copy = element.cloneNode(true);
  copy.querySelectorAll(BLOCKS).forEach((block) => { block.append(" "); });
  return copy.textContent.replace(/\s+/g, " ").trim();
}

/* The words of ``text`` whose keys are among ``keys``, with their places. */
function matches(text, keys) {
  const found = [];
  for (const match of text.matchAll(WORD)) {
    if (keys.has(keyOf(match[0]))) { found.push({ start: match.index, end: match.index + match[0].length }); }
  }
  return found;
}

/* A window of ``text`` around its first match, the matched words marked. */
function snippet(text, found) {
  const start = Math.max(0, found[0].start - CONTEXT);
  const end = Math.min(text.length, found[0].end + CONTEXT * 1.4);
  const piece = document.createElement("span");
  piece.className = "ed-search-snippet";
  if (start > 0) { piece.append("… "); }
  let cursor = start;
  found.filter((m) => m.start >= start && m.end <= end).forEach((m) => {
    piece.append(text.slice(cursor, m.start));
    const mark = document.createElement("span");
    mark.className = "highlighted";
    mark.textContent = text.slice(m.start, m.end);
    piece.append(mark);
    cursor = m.end;
  });
  piece.append(text.slice(cursor, end) + (end < text.length ? " …" : ""));
  return piece;
}

function wordsFound(text, found) {
  return Array.from(new Set(found.map((m) => text.slice(m.start, m.end).toLowerCase())));
}

/* Each passage that holds a word of the query: its id, the first layer that does, the text. */
function passages(page, keys) {
  const found = [];
  page.querySelectorAll(".ed-row[id]").forEach((row) => {
    for (const [layer, label] of LAYERS) {
      const cell = row.querySelector(`.${layer} .ed-text`);
      if (!cell) { continue; }
      const text = textOf(cell);
      const places = matches(text, keys);
      if (places.length) {
        found.push({ id: row.id, label, lang: cell.getAttribute("lang") || "", text, places });
        return;
      }
    }
  });
  return found;
}

/* The nearest place with an anchor that holds ``block``: an element with an id around it,
 * or the term (``dt``) whose definition (``dd``) it is in. */
function anchorOf(block) {
  for (let node = block; node && node.nodeType === 1; node = node.parentElement) {
    if (node.id) { return node.id; }
    const term = node.tagName === "DD" && node.previousElementSibling;
    if (term && term.id) { return term.id; }
  }
  return "";
}

/* The first block of a page that is not the text holding a word of the query: its anchor, its text. */
function section(main, keys) {
  for (const block of main.querySelectorAll("p, li, dt, td, th, h1, h2, h3, h4, pre, summary")) {
    const text = textOf(block);
    const found = matches(text, keys);
    if (found.length) { return { id: anchorOf(block), text, places: found }; }
  }
  return null;
}

function followWith(link, words) {
  link.addEventListener("click", () => {
    try { localStorage.setItem("sphinx_highlight_terms", words.join(" ")); } catch { /* private mode */ }
  });
}

/* Once the summary stands in its result, point the result's own link where the words are. */
function retarget(summary, href, words) {
  queueMicrotask(() => {
    const link = summary.parentNode && summary.parentNode.querySelector("a");
    if (!link || !href) { return; }
    link.href = link.getAttribute("href").split("#")[0] + href;
    followWith(link, words);
  });
}

/* Sphinx's summary of a result (Search.makeSearchSummary, which this replaces). */
function makeSearchSummary(htmlText, keywords) {
  const page = new DOMParser().parseFromString(htmlText, "text/html");
  page.querySelectorAll(INTERFACE).forEach((node) => { node.remove(); });
  const keys = new Set(Array.from(keywords));
  const found = passages(page, keys);
  // A list of passages needs a block of its own; a snippet stays Sphinx's paragraph.
  const summary = document.createElement(found.length ? "div" : "p");
  summary.className = "context ed-search-summary";
  if (found.length) {
    const list = document.createElement("ul");
    list.className = "ed-search-passages";
    found.slice(0, MOST_PASSAGES).forEach((hit) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.className = "ed-search-passage";
      link.href = `#${hit.id}`; // made relative to the page by retargetPassages
      link.textContent = hit.id;
      followWith(link, wordsFound(hit.text, hit.places));
      const layer = document.createElement("span");
      layer.className = "ed-search-layer";
      layer.textContent = ` (${hit.label}) `;
      const text = snippet(hit.text, hit.places);
      if (hit.lang) { text.lang = hit.lang; }
      item.append(link, layer, text);
      list.append(item);
    });
    summary.append(list);
    if (found.length > MOST_PASSAGES) {
      const more = document.createElement("span");
      more.className = "ed-search-more";
      more.textContent = `and ${found.length - MOST_PASSAGES} more passages on this page`;
      summary.append(more);
    }
    retarget(summary, `#${found[0].id}`, wordsFound(found[0].text, found[0].places));
    queueMicrotask(() => { retargetPassages(summary); });
    return summary;
  }
  const main = page.querySelector('[role="main"]') || page.body;
  const hit = main && section(main, keys);
  if (!hit) {
    const text = main ? textOf(main) : "";
    summary.textContent = text.slice(0, 2 * CONTEXT) + (text.length > 2 * CONTEXT ? " …" : "");
    return summary;
  }
  summary.append(snippet(hit.text, hit.places));
  retarget(summary, hit.id ? `#${hit.id}` : "", wordsFound(hit.text, hit.places));
  return summary;
}

/* A passage's link goes to the result's page (known once the summary is in its result). */
function retargetPassages(summary) {
  const link = summary.parentNode && summary.parentNode.querySelector("a");
  if (!link) { return; }
  const page = link.getAttribute("href").split("#")[0];
  summary.querySelectorAll("a.ed-search-passage").forEach((passage) => {
    passage.href = page + passage.getAttribute("href");
  });
}

// Sphinx's search, with its stemmer, is on the page only where the search runs.
if (typeof Search !== "undefined" && typeof Stemmer !== "undefined") {
  Search.makeSearchSummary = makeSearchSummary;
}
