/* The edition's pages: the reader's layers, notes and terms opened in place, cite
   panels, URN and range addresses; what it needs beyond the page it reads from
   _static/edition-data.js, on demand. The build bundles it, with citation.js, into one
   classic script (_static/edition.js), so that a page opened from a disk runs it too. */

import { TITLES, WRITERS, citationOf, isoDay } from "./citation.js";

const STORE = "edition.layers";
const LAYERS = [
  ["witness", "Witness (OCR)"],
  ["reading", "Reading text"],
  ["modern", "Modern spelling"],
  ["english", "English"],
];
const MARKS = [
  ["apparatus", "Corrections"],
  ["terms", "All term marks"],
];
const DEFAULTS = { witness: false, reading: true, modern: true, english: true, apparatus: true, terms: false,
                   readingMode: false };
const MIN_COLUMN = 35; // characters: a narrower column stacks the layers instead

/* ---------- the data file, loaded once, when first needed ---------- */

let dataPromise = null;
function root() {
  return document.documentElement.dataset.content_root || "";
}
function loadData() {
  if (window.EDITION_DATA) { return Promise.resolve(window.EDITION_DATA); }
  if (!dataPromise) {
    dataPromise = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      const version = document.querySelector('meta[name="edition-data"]');
      script.src = `${root()}_static/edition-data.js${version ? `?v=${version.content}` : ""}`;
      script.onload = () => resolve(window.EDITION_DATA);
      script.onerror = reject;
      document.head.append(script);
    });
  }
  return dataPromise;
}

/* ---------- the reader's choice of layers, kept across pages ---------- */

function readChoice() {
  try {
    return Object.assign({}, DEFAULTS, JSON.parse(window.localStorage.getItem(STORE) || "{}"));
  } catch {
    return Object.assign({}, DEFAULTS);
  }
}
function saveChoice(choice) {
  try { window.localStorage.setItem(STORE, JSON.stringify(choice)); } catch { /* private mode */ }
}

const choice = readChoice();

function shownLayers() {
  if (choice.readingMode) { return ["reading"]; }
  const shown = LAYERS.map((l) => l[0]).filter((key) => choice[key]);
  return shown.length ? shown : ["reading"];
}

function apply(view) {
  const shown = shownLayers();
  LAYERS.forEach((layer) => {
    view.dataset[layer[0]] = shown.indexOf(layer[0]) >= 0 ? "shown" : "hidden";
  });
  view.dataset.apparatus = choice.apparatus && !choice.readingMode ? "shown" : "hidden";
  view.dataset.terms = choice.terms && !choice.readingMode ? "shown" : "hidden";
  view.dataset.mode = choice.readingMode ? "reading" : "parallel";
  view.style.setProperty("--ed-columns", String(shown.length));
  // Marks the reader has turned off are not tab stops either.
  view.querySelectorAll(".ed-corr").forEach((mark) => {
    mark.tabIndex = view.dataset.apparatus === "shown" ? 0 : -1;
  });
  view.querySelectorAll(".ed-term-more a").forEach((link) => {
    if (view.dataset.terms === "shown") { link.removeAttribute("tabindex"); } else { link.tabIndex = -1; }
  });
  layout(view);
}

/* Side by side while every shown column keeps MIN_COLUMN characters, else stacked. */
function layout(view) {
  const probe = document.createElement("span");
  probe.textContent = "0".repeat(MIN_COLUMN);
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
  probe.className = "ed-text";
  probe.lang = "ru-petr1708"; // the reading text's font
  view.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  const rem = parseFloat(window.getComputedStyle(document.documentElement).fontSize) || 16;
  const gap = 1.25 * rem; // as .ed-row's gap
  const count = shownLayers().length;
  const column = (view.clientWidth - gap * (count - 1)) / count;
  view.dataset.layout = column >= needed ? "columns" : "stacked";
}

function button(label, pressed, onClick, name) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `ed-toggle ed-toggle-${name}`;
  b.textContent = label; // the label never changes: aria-pressed says the state
  b.setAttribute("aria-pressed", pressed ? "true" : "false");
  b.addEventListener("click", onClick);
  return b;
}

function addControls(view, all) {
  const controls = document.createElement("div");
  controls.className = "ed-controls no-search";
  controls.setAttribute("role", "group");
  controls.setAttribute("aria-label", "Layers of the parallel text");
  controls.setAttribute("aria-controls", view.id);
  function refresh() {
    all.forEach(apply);
    document.querySelectorAll(".ed-controls").forEach((group) => {
      group.querySelectorAll(".ed-toggle").forEach((b) => {
        const key = b.dataset.key;
        b.setAttribute("aria-pressed", choice[key] ? "true" : "false");
        b.disabled = key !== "readingMode" && choice.readingMode;
      });
    });
  }
  function toggler(key) {
    return () => {
      choice[key] = !choice[key];
      if (LAYERS.some((l) => l[0] === key) && !shownLayersRaw().length) { choice.reading = true; }
      saveChoice(choice);
      refresh();
    };
  }
  const items = LAYERS.concat(MARKS).concat([["readingMode", "Reading mode"]]);
  items.forEach((item) => {
    const b = button(item[1], choice[item[0]], toggler(item[0]), item[0]);
    b.dataset.key = item[0];
    b.setAttribute("aria-controls", view.id);
    controls.append(b);
  });
  view.before(controls);
  refresh();
}

function shownLayersRaw() {
  return LAYERS.filter((l) => choice[l[0]]);
}

/* ---------- citations, built from the data file ---------- */

function fillPanel(panel) {
  if (panel.dataset.filled) { return; }
  panel.dataset.filled = "yes";
  loadData().then((data) => {
    const cite = citationOf(data, panel.dataset.ref, isoDay(new Date()));
    const body = panel.querySelector(".ed-cite-body");
    if (!cite) { return; }
    body.textContent = "";
    const facts = document.createElement("dl");
    facts.className = "ed-cite-facts";
    [["Passage", cite.label], ["URN", cite.urn], ["URL", cite.url || data.book.noAddress]].forEach((fact) => {
      const dt = document.createElement("dt");
      dt.textContent = fact[0];
      const dd = document.createElement("dd");
      const code = document.createElement("code");
      code.className = `ed-cite-${fact[0].toLowerCase()}`;
      code.textContent = fact[1];
      dd.append(code);
      facts.append(dt, dd);
    });
    body.append(facts);
    Object.keys(WRITERS).forEach((fmt) => {
      const head = document.createElement("div");
      head.className = "ed-cite-format";
      head.textContent = TITLES[fmt];
      const block = document.createElement("pre");
      block.className = "ed-cite-text";
      block.dataset.format = fmt;
      block.tabIndex = 0; // focusable, so that a keyboard user can scroll a long citation
      block.setAttribute("aria-label", `${TITLES[fmt]} citation`);
      block.textContent = WRITERS[fmt](cite, data);
      const copy = document.createElement("button");
      copy.type = "button";
      copy.className = "ed-copy";
      copy.textContent = `Copy ${TITLES[fmt]}`;
      copy.addEventListener("click", () => { copyText(copy, block); });
      body.append(head, block, copy);
    });
  });
}

function copyText(button, block) {
  const done = () => {
    button.dataset.copied = "yes";
    window.setTimeout(() => { delete button.dataset.copied; }, 2000);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(block.textContent).then(done, () => { selectAndCopy(block); done(); });
  } else {
    selectAndCopy(block);
    done();
  }
}

function selectAndCopy(block) {
  const range = document.createRange();
  range.selectNodeContents(block);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  document.execCommand("copy");
}

function decoded(raw) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/* ---------- notes and terms opened in place ---------- */

let popover = null;
let opener = null;

function closePopover() {
  if (!popover) { return; }
  popover.remove();
  popover = null;
  if (opener) { opener.focus(); }
  opener = null;
}

function openPopover(link, title, parts, more) {
  closePopover();
  opener = link;
  popover = document.createElement("div");
  popover.className = "ed-popover";
  popover.setAttribute("role", "dialog");
  popover.setAttribute("aria-label", title);
  popover.tabIndex = -1;
  const head = document.createElement("p");
  head.className = "ed-popover-title";
  head.textContent = title;
  popover.append(head);
  parts.forEach((part) => {
    const p = document.createElement("p");
    p.textContent = part[1];
    p.lang = part[0];
    popover.append(p);
  });
  const foot = document.createElement("p");
  foot.className = "ed-popover-foot";
  const go = document.createElement("a");
  go.href = more[1];
  go.textContent = more[0];
  const close = document.createElement("button");
  close.type = "button";
  close.className = "ed-popover-close";
  close.textContent = "Close";
  close.addEventListener("click", closePopover);
  foot.append(go, " ", close);
  popover.append(foot);
  const box = link.getBoundingClientRect();
  popover.style.top = `${window.scrollY + box.bottom + 4}px`;
  popover.style.left = `${Math.max(8, Math.min(window.scrollX + box.left, window.scrollX +
    document.documentElement.clientWidth - 360))}px`;
  document.body.append(popover);
  popover.focus();
}

function languagesShown(link) {
  const view = link.closest(".ed-parallel");
  if (!view) { return { ru: true, en: true }; }
  const ru = ["witness", "reading", "modern"].some((k) => view.dataset[k] === "shown");
  return { ru: ru || view.dataset.english !== "shown", en: view.dataset.english === "shown" };
}

function openNote(link, number) {
  loadData().then((data) => {
    const note = data.notes[number];
    if (!note) { window.location.href = link.href; return; }
    const shown = languagesShown(link);
    const parts = [];
    if (shown.ru) { parts.push(["ru-petr1708", note.ru || "The text of this note is not in the fragments."]); }
    if (shown.en && note.en) { parts.push(["en", note.en]); }
    openPopover(link, `Note ${number}`, parts, [`All about note ${number} →`, link.href]);
  });
}

function openTerm(link, id) {
  loadData().then((data) => {
    const term = data.terms[id];
    if (!term) { window.location.href = link.href; return; }
    openPopover(link, `${term.prereform} · ${term.modern} — ${term.english}`,
      [["en", term.definition]], ["Glossary entry →", link.href]);
  });
}

function inPlace(event) {
  const link = event.target.closest("a");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) { return; }
  const hash = decoded((link.getAttribute("href") || "").split("#")[1] || "");
  if (link.closest(".ed-noteref") && hash.startsWith("note-")) {
    event.preventDefault();
    openNote(link, hash.slice(5));
  } else if (link.querySelector(".ed-term") && hash.startsWith("term-")) {
    event.preventDefault();
    openTerm(link, hash.slice(5));
  }
}

/* ---------- addresses: a URN, a range ---------- */

/* The address's fragment, decoded; a malformed %-escape is taken as written, not thrown. */
function fragment() {
  return decoded(window.location.hash.slice(1));
}

/* #urn:cts:…:PASSAGE (or a range FIRST-LAST) in the address opens the passage. */
function followUrn() {
  const hash = fragment();
  if (!hash.startsWith("urn:cts:")) { return; }
  loadData().then((data) => {
    if (!hash.startsWith(data.urn)) { return; }
    const reference = hash.slice(data.urn.length);
    const first = data.passages.find((p) => p[0] === reference.split("-")[0]);
    if (first) { window.location.replace(new URL(`${root() + first[1]}#${reference}`, window.location.href).href); }
  });
}

/* #FIRST-LAST marks every passage of the range on this page and shows the first. */
function markRange() {
  document.querySelectorAll(".ed-marked").forEach((row) => { row.classList.remove("ed-marked"); });
  const hash = fragment();
  const ends = hash.split("-");
  if (ends.length !== 2) { return; }
  const first = document.getElementById(ends[0]);
  if (!first || !first.classList.contains("ed-row")) { return; }
  const rows = Array.from(document.querySelectorAll(".ed-row[id]"));
  let inside = false;
  rows.forEach((row) => {
    if (row === first) { inside = true; }
    if (inside) { row.classList.add("ed-marked"); }
    if (row.id === ends[1]) { inside = false; }
  });
}

function landAgain() {
  const hash = fragment();
  const target = hash && (document.getElementById(hash) || document.getElementById(hash.split("-")[0]));
  if (target) { target.scrollIntoView({ behavior: "instant" }); }
}

followUrn();
window.addEventListener("hashchange", () => {
  followUrn();
  markRange();
  landAgain(); // at once, below the sticky header (a range: no element bears its name)
});

document.addEventListener("DOMContentLoaded", () => {
  const views = Array.from(document.querySelectorAll(".ed-parallel"));
  views.forEach((view) => { addControls(view, views); });
  window.addEventListener("resize", () => { views.forEach(layout); });
  // The sticky column header's height, so that a passage lands below it.
  views.forEach((view) => {
    const head = view.querySelector(".ed-head");
    if (head && head.offsetHeight) {
      document.documentElement.style.setProperty("--ed-head-height", `${head.offsetHeight}px`);
    }
  });
  markRange();
  // Show the target again once the layout has settled (the layers, then the font).
  landAgain();
  if (document.fonts) { document.fonts.ready.then(landAgain); }
  document.querySelectorAll(".ed-cite").forEach((panel) => {
    if (panel.open) { fillPanel(panel); }
    panel.addEventListener("toggle", () => { if (panel.open) { fillPanel(panel); } });
  });
  document.addEventListener("click", (event) => {
    if (popover && !popover.contains(event.target) && !event.target.closest("a")) { closePopover(); }
    inPlace(event);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") { return; }
    if (popover) { closePopover(); return; }
    const mark = document.activeElement;
    if (mark && mark.classList.contains("ed-corr")) {
      mark.dataset.dismissed = "yes";
      mark.addEventListener("blur", () => { delete mark.dataset.dismissed; }, { once: true });
    }
  });
});
