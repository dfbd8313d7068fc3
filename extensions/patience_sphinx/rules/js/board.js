/* The board: a game's piles drawn as cards in the places of its redrawn plate.
   The places come from the build (patience.views.plate.board, the plate's own layout),
   so the board and the plate agree. A pile is its top card — a piece of the build's card
   sheet (_static/play/cards.svg, cards.py) in its background, at the card's column and
   row; until the sheet has come, or where it cannot, the card is its name in text —
   with its number of cards; a face-down pile shows a card's back. Only the piles that
   changed are drawn again. The board takes the width it is given, never so little that
   a card is narrower than 28 CSS px or that two labels overlap (it scrolls instead); the
   labels and the counts scale with it, never below 11 px. Used by the replay (replay.js)
   and by Play (player.js). */

/** @typedef {import("./protocol.js").Board} Board */
/** @typedef {import("./protocol.js").Place} Place */
/** @typedef {import("./protocol.js").Pile} Pile */

const MIN_CARD = 28.2;  // CSS px: the narrowest a card is drawn (28, and rounding)
const LABEL_PX = 11;  // the least size a label is written at
const SUITS = "♣♦♥♠";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** "7♣/2" → "7♣": the card, without the number of the pack it comes from.
    @param {string} code */
export function cardName(code) { return String(code).split("/")[0]; }

/** @param {string} code */
export function isRed(code) { return /[♦♥]/.test(cardName(code)); }

/** A card's place on the sheet: its rank's column, its suit's row; the back (no card): row 4.
    @param {?string} code
    @returns {{col: number, row: number}} */
export function sheetPlace(code) {
  if (!code) { return { col: 0, row: 4 }; }
  const name = cardName(code);
  return { col: RANKS.indexOf(name.slice(0, -1)), row: SUITS.indexOf(name.slice(-1)) };
}

/** In words, for a screen reader: "talon 2: 7♣ on top, 5 cards".
    @param {Place} place  @param {Pile} pile
    @param {?string} [next]  the card turned up on a face-down pile (the pack's next card) */
export function describe(place, pile, next) {
  if (typeof pile === "number") {
    const down = `${place.name}: ${pile ? `${pile} ${pile === 1 ? "card" : "cards"} face down` : "empty"}`;
    return next ? `${down}, the top one turned up: ${cardName(next)}` : down;
  }
  if (!pile.length) { return `${place.name}: empty`; }
  const top = cardName(pile[pile.length - 1]);
  return `${place.name}: ${pile.length === 1 ? top : `${top} on top, ${pile.length} cards`}`;
}

/** What a pile shows: its number of cards, the card on top (null when face down), and
    whether it is an empty space, a card's back or a card.
    @param {Pile} pile  @param {?string} [next]  the card turned up on a face-down pile
    @returns {{count: number, top: ?string, kind: "space" | "down" | "card"}} */
export function faceOf(pile, next) {
  const count = typeof pile === "number" ? pile : pile.length;
  const top = (typeof pile === "number" ? next : pile[count - 1]) || null;
  return { count, top, kind: !count ? "space" : !top ? "down" : "card" };
}

/** The least width of the board, in CSS px: no card narrower than MIN_CARD, and no two
    labels of one line overlapping when written at 11 px (on a wider board they grow with
    it, as on the plate). ``widths``: each label's width at 11 px, the wider of its words.
    @param {Board} board  @param {number[]} widths */
export function leastWidth(board, widths) {
  let perUnit = 0;  // px per unit of the plate the labels need
  board.labels.forEach((one, i) => {
    board.labels.forEach((other, j) => {
      const apart = Math.abs(one.x - other.x);
      if (j > i && Math.abs(one.y - other.y) < 24 && apart > 0) {
        perUnit = Math.max(perUnit, ((widths[i] + widths[j]) / 2 + 6) / apart);
      }
    });
  });
  const labels = board.width * Math.min(perUnit, LABEL_PX / 12);
  return Math.ceil(Math.max(MIN_CARD * board.width / board.card[0], labels));
}

function percent(value, total) { return `${(100 * value / total).toFixed(3)}%`; }

/* ---- drawing ------------------------------------------------------------------------ */

let sheet = null;

/* The sheet, asked for once: when it has come, every board shows it. */
function loadSheet(url) {
  if (sheet) { return; }
  sheet = new Image();
  sheet.onload = () => { document.documentElement.classList.add("rules-cards-drawn"); };
  sheet.src = url.href;
}

function place(element, code) {
  const { col, row } = sheetPlace(code);
  element.style.setProperty("--col", String(col));
  element.style.setProperty("--row", String(row));
}

/* Draws ``pile`` (its cards, or its number of cards face down) into ``element``;
   ``next``: the card turned up on a face-down pile (the pack's next card). */
function face(element, pile, next) {
  const { count, top, kind } = faceOf(pile, next);
  const drawn = `${count}|${top || ""}`;
  if (element.getAttribute("data-drawn") === drawn) { return; }  // unchanged since last drawn
  element.setAttribute("data-drawn", drawn);
  element.textContent = "";
  const card = document.createElement("span");
  card.setAttribute("aria-hidden", "true");
  if (kind === "space") {
    card.className = "rules-face rules-space";
  } else if (kind === "down") {
    card.className = "rules-face rules-down";
    place(card, null);
  } else {
    card.className = `rules-face rules-card${isRed(top) ? " rules-red" : ""}${next ? " rules-turned" : ""}`;
    place(card, top);
    const name = document.createElement("span");
    name.className = "rules-card-name";
    name.textContent = cardName(top);
    card.appendChild(name);
  }
  element.appendChild(card);
  if (count > 1) {
    const badge = document.createElement("span");
    badge.className = "rules-count";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = String(count);
    element.appendChild(badge);
  }
  element.setAttribute("data-count", String(count));
  element.setAttribute("data-top", top ? String(top) : "");
}

let measure = null;

/* Each label's width at 11 px, the wider of its two words. */
function labelWidths(board) {
  measure = measure || document.createElement("canvas").getContext("2d");
  measure.font = `${LABEL_PX}px ${getComputedStyle(document.body).fontFamily}`;
  return board.labels.map((label) => Math.max(measure.measureText(label.ru).width, measure.measureText(label.en).width));
}

function label(container, board, one) {
  const text = document.createElement("span");
  text.className = "rules-area-label";
  text.setAttribute("aria-hidden", "true");
  text.style.left = percent(one.x, board.width);
  text.style.top = percent(one.y - 12, board.height);
  const ru = document.createElement("span");
  ru.lang = "ru";
  ru.textContent = one.ru;
  const en = document.createElement("span");
  en.className = "rules-area-en";
  en.textContent = one.en;
  text.appendChild(ru);
  text.appendChild(en);
  container.appendChild(text);
}

/**
 * Draws the empty board into ``container``; ``interactive`` makes each pile a button;
 * ``sheet``: the URL of the card sheet.
 * @param {HTMLElement} container  @param {Board} board
 * @param {{interactive: boolean, sheet: URL}} options
 * @returns {{piles: HTMLElement[], show: (piles: Pile[], next?: ?string) => void}}
 */
export function create(container, board, { interactive, sheet: sheetUrl }) {
  loadSheet(sheetUrl);
  container.textContent = "";
  container.classList.add("rules-table");
  container.style.setProperty("--aspect", String(board.width / board.height));
  container.style.setProperty("--u", (100 / board.width).toFixed(5));  // cqw per unit of the plate
  container.style.setProperty("--least", `${leastWidth(board, labelWidths(board))}px`);
  board.labels.forEach((one) => label(container, board, one));
  const elements = board.piles.map((spot, index) => {
    const element = document.createElement(interactive ? "button" : "span");
    if (interactive) { element.type = "button"; } else { element.setAttribute("role", "img"); }
    element.className = `rules-pile rules-role-${spot.role}`;
    element.setAttribute("data-pile", String(index));
    element.setAttribute("data-name", spot.name);
    element.style.left = percent(spot.x, board.width);
    element.style.top = percent(spot.y, board.height);
    element.style.width = percent(board.card[0], board.width);
    element.style.height = percent(board.card[1], board.height);
    container.appendChild(element);
    return element;
  });
  return {
    piles: elements,
    show(piles, next) {
      piles.forEach((pile, index) => {
        const turned = typeof pile === "number" && index === 0 ? next : null;  // the pack is pile 0
        face(elements[index], pile, turned);
        elements[index].setAttribute("aria-label", describe(board.piles[index], pile, turned));
      });
    },
  };
}
