/* The board: a game's piles drawn as cards in the places of its redrawn plate.
   The places come from the build (patience.engine.plate.board, the plate's own layout),
   so the board and the plate agree. A pile is its top card — a piece of the build's card
   sheet (_static/play/cards.svg, cards.py) in its background, at the card's column and
   row; until the sheet has come, or where it cannot, the card is its name in text —
   with its number of cards; a face-down pile shows a card's back. Only the piles that
   changed are drawn again. The board takes the width it is given, never so little that
   a card is narrower than 28 CSS px or that two labels overlap (it scrolls instead); the
   labels and the counts scale with it, never below 11 px. Used by the replay and by Play. */
(function () {
  "use strict";

  var STATIC = new URL(".", document.currentScript.src);
  var MIN_CARD = 28.2;  // CSS px: the narrowest a card is drawn (28, and rounding)
  var SUITS = "♣♦♥♠";
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var sheet = null;

  function percent(value, total) { return (100 * value / total).toFixed(3) + "%"; }
  function cardName(code) { return String(code).split("/")[0]; }  // "7♣/2" → "7♣"
  function isRed(code) { return /[♦♥]/.test(cardName(code)); }

  /* The sheet, asked for once: when it has come, every board shows it. */
  function loadSheet() {
    if (sheet) { return; }
    sheet = new Image();
    sheet.onload = function () { document.documentElement.classList.add("rules-cards-drawn"); };
    sheet.src = new URL("play/cards.svg", STATIC).href;
  }

  /* A card's place on the sheet: its rank's column, its suit's row (the back: row 4). */
  function place(element, code) {
    var name = code ? cardName(code) : null;
    element.style.setProperty("--col", name ? String(RANKS.indexOf(name.slice(0, -1))) : "0");
    element.style.setProperty("--row", name ? String(SUITS.indexOf(name.slice(-1))) : "4");
  }

  /* In words, for a screen reader: "talon 2: 7♣ on top, 5 cards". */
  function describe(place, pile, next) {
    if (typeof pile === "number") {
      var down = place.name + ": " + (pile ? pile + (pile === 1 ? " card" : " cards") + " face down" : "empty");
      return next ? down + ", the top one turned up: " + cardName(next) : down;
    }
    if (!pile.length) { return place.name + ": empty"; }
    var top = cardName(pile[pile.length - 1]);
    return place.name + ": " + (pile.length === 1 ? top : top + " on top, " + pile.length + " cards");
  }

  /* Draws ``pile`` (its cards, or its number of cards face down) into ``element``;
     ``next``: the card turned up on a face-down pile (the pack's next card). */
  function face(element, pile, next) {
    var count = typeof pile === "number" ? pile : pile.length;
    var top = typeof pile === "number" ? next : (count ? pile[count - 1] : null);
    var drawn = count + "|" + (top || "");
    if (element.getAttribute("data-drawn") === drawn) { return; }  // unchanged since last drawn
    element.setAttribute("data-drawn", drawn);
    element.textContent = "";
    var card = document.createElement("span");
    card.setAttribute("aria-hidden", "true");
    if (!count) {
      card.className = "rules-face rules-space";
    } else if (!top) {
      card.className = "rules-face rules-down";
      place(card, null);
    } else {
      card.className = "rules-face rules-card" + (isRed(top) ? " rules-red" : "") + (next ? " rules-turned" : "");
      place(card, top);
      var name = document.createElement("span");
      name.className = "rules-card-name";
      name.textContent = cardName(top);
      card.appendChild(name);
    }
    element.appendChild(card);
    if (count > 1) {
      var badge = document.createElement("span");
      badge.className = "rules-count";
      badge.setAttribute("aria-hidden", "true");
      badge.textContent = count;
      element.appendChild(badge);
    }
    element.setAttribute("data-count", String(count));
    element.setAttribute("data-top", top ? String(top) : "");
  }

  /* The narrowest board on which no two labels of one line overlap, written at 11 px
     (the least they are written at; on a wider board they grow with it, as on the plate). */
  var measure = null;
  function labelsApart(board) {
    measure = measure || document.createElement("canvas").getContext("2d");
    measure.font = "11px " + getComputedStyle(document.body).fontFamily;
    var widths = board.labels.map(function (label) {
      return Math.max(measure.measureText(label.ru).width, measure.measureText(label.en).width);
    });
    var perUnit = 0;  // px per unit of the plate the labels need
    board.labels.forEach(function (one, i) {
      board.labels.forEach(function (other, j) {
        var apart = Math.abs(one.x - other.x);
        if (j > i && Math.abs(one.y - other.y) < 24 && apart > 0) {
          perUnit = Math.max(perUnit, ((widths[i] + widths[j]) / 2 + 6) / apart);
        }
      });
    });
    return board.width * Math.min(perUnit, 11 / 12);
  }

  /* Draws the empty board into ``container``; ``interactive`` makes each pile a button.
     Returns {piles: [element], show(piles, next)}. */
  function create(container, board, interactive) {
    loadSheet();
    container.textContent = "";
    container.classList.add("rules-table");
    container.style.setProperty("--aspect", String(board.width / board.height));
    container.style.setProperty("--u", (100 / board.width).toFixed(5));  // cqw per unit of the plate
    container.style.setProperty("--least", Math.ceil(Math.max(MIN_CARD * board.width / board.card[0],
                                                              labelsApart(board))) + "px");
    board.labels.forEach(function (label) {
      var text = document.createElement("span");
      text.className = "rules-area-label";
      text.setAttribute("aria-hidden", "true");
      text.style.left = percent(label.x, board.width);
      text.style.top = percent(label.y - 12, board.height);
      var ru = document.createElement("span");
      ru.lang = "ru";
      ru.textContent = label.ru;
      var en = document.createElement("span");
      en.className = "rules-area-en";
      en.textContent = label.en;
      text.appendChild(ru);
      text.appendChild(en);
      container.appendChild(text);
    });
    var elements = board.piles.map(function (place, index) {
      var element = document.createElement(interactive ? "button" : "span");
      if (interactive) { element.type = "button"; } else { element.setAttribute("role", "img"); }
      element.className = "rules-pile rules-role-" + place.role;
      element.setAttribute("data-pile", String(index));
      element.setAttribute("data-name", place.name);
      element.style.left = percent(place.x, board.width);
      element.style.top = percent(place.y, board.height);
      element.style.width = percent(board.card[0], board.width);
      element.style.height = percent(board.card[1], board.height);
      container.appendChild(element);
      return element;
    });
    return {
      piles: elements,
      show: function (piles, next) {
        piles.forEach(function (pile, index) {
          var turned = typeof pile === "number" && index === 0 ? next : null;  // the pack is pile 0
          face(elements[index], pile, turned);
          elements[index].setAttribute("aria-label", describe(board.piles[index], pile, turned));
        });
      }
    };
  }

  window.PatienceBoard = { create: create, cardName: cardName, isRed: isRed, describe: describe };
})();
