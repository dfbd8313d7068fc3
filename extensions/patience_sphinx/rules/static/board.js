/* The board: a game's piles drawn as cards in the places of its redrawn plate.
   The places come from the build (patience.engine.plate.board, the plate's own layout),
   so the board and the plate agree. A pile is its top card (a face-down pile shows a
   card's back), with its number of cards; the board scales with its box, and the
   cards' letters with it (container units). Used by the replay and by Play. */
(function () {
  "use strict";

  function percent(value, total) { return (100 * value / total).toFixed(3) + "%"; }
  function cardName(code) { return String(code).split("/")[0]; }  // "7♣/2" → "7♣"
  function isRed(code) { return /[♦♥]/.test(cardName(code)); }

  /* In words, for a screen reader: "talon 2: 7♣ on top, 5 cards". */
  function describe(place, pile) {
    if (typeof pile === "number") {
      return place.name + ": " + (pile ? pile + (pile === 1 ? " card" : " cards") + " face down" : "empty");
    }
    if (!pile.length) { return place.name + ": empty"; }
    var top = cardName(pile[pile.length - 1]);
    return place.name + ": " + (pile.length === 1 ? top : top + " on top, " + pile.length + " cards");
  }

  function face(element, pile) {
    element.textContent = "";
    var count = typeof pile === "number" ? pile : pile.length;
    var card = document.createElement("span");
    card.setAttribute("aria-hidden", "true");
    if (!count) {
      card.className = "rules-face rules-space";
    } else if (typeof pile === "number") {
      card.className = "rules-face rules-down";
    } else {
      var top = pile[pile.length - 1];
      card.className = "rules-face" + (isRed(top) ? " rules-red" : "");
      card.textContent = cardName(top);
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
    element.setAttribute("data-top", count && typeof pile !== "number" ? String(pile[pile.length - 1]) : "");
  }

  /* Draws the empty board into ``container``; ``interactive`` makes each pile a button.
     Returns {piles: [element], show(piles)}. */
  function create(container, board, interactive) {
    container.textContent = "";
    container.classList.add("rules-table");
    container.style.setProperty("--aspect", String(board.width / board.height));
    container.style.setProperty("--u", (100 / board.width).toFixed(5));  // cqw per unit of the plate
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
      show: function (piles) {
        piles.forEach(function (pile, index) {
          face(elements[index], pile);
          elements[index].setAttribute("aria-label", describe(board.piles[index], pile));
        });
      }
    };
  }

  window.PatienceBoard = { create: create, cardName: cardName, isRed: isRed, describe: describe };
})();
