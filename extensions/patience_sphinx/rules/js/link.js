/* The position kept, so that a link or a later visit goes on with it: the URL holds it
   (?play=GAME&deal=N&moves=3.1.4, each move its number in the player's order of the
   legal moves, as `patience play` numbers them), and local storage holds the last game
   of the page. What a link or the storage asks for is checked before it is played. */

/** @typedef {import("./protocol.js").PlayPage} PlayPage */
/** @typedef {import("./protocol.js").View} View */

/** A position asked for: by a link, by the storage, or the page's first.
    @typedef {{game: ?string, deal: number, moves: number[], turned?: boolean, view?: ?View,
               problems: string[]}} Asked */

export const MAX_DEAL = 999999999;

/** @param {string} text */
export function isDealNumber(text) { return /^\d{1,9}$/.test(text); }

/** Why ``game`` and ``deal`` (as a link writes them) cannot be played here; null if they can.
    @param {PlayPage} page  @param {string} game  @param {string} deal  @returns {?string} */
export function problemWith(page, game, deal) {
  if (!Object.prototype.hasOwnProperty.call(page.games, game)) {
    return `The link asks for the game “${game}”, which this page does not play; it plays ${
      Object.keys(page.games).join(", ")}.`;
  }
  if (!isDealNumber(deal)) { return `The link's deal “${deal}” is not a deal number (0 to ${MAX_DEAL}).`; }
  return null;
}

/** What the URL's query (``search``) asks for; null when it asks for nothing. A bad game or
    deal leaves ``game`` null; a bad move stops the moves there; each is said in ``problems``.
    @param {string} search  @param {PlayPage} page  @returns {?Asked} */
export function readLink(search, page) {
  const params = new URLSearchParams(search);
  if (!params.has("play")) { return null; }
  const asked = { game: params.get("play"), deal: 0, moves: [], problems: [] };
  const problem = problemWith(page, asked.game, params.get("deal") || "0");
  if (problem) { asked.problems.push(problem); asked.game = null; return asked; }
  asked.deal = Number(params.get("deal") || "0");
  const moves = params.get("moves");
  const items = moves ? moves.split(".") : [];
  for (const [index, item] of items.entries()) {
    if (!/^[1-9]\d{0,4}$/.test(item)) {
      asked.problems.push(`The link's move ${index + 1} (“${item}”) is not a move number; played up to move ${index}.`);
      break;
    }
    asked.moves.push(Number(item));
  }
  return asked;
}

/** @param {PlayPage} page */
export function storageKey(page) { return `patience-play:${page.game}`; }

/** The page's last game as ``storage`` (local storage) holds it, checked as a link is;
    null if there is none, or it is not one this page can play.
    @param {Pick<Storage, "getItem">} storage  @param {PlayPage} page  @returns {?Asked} */
export function readSaved(storage, page) {
  let saved;
  try { saved = JSON.parse(storage.getItem(storageKey(page))); } catch { return null; }
  if (!saved || typeof saved !== "object" || problemWith(page, String(saved.game), String(saved.deal))
      || !Array.isArray(saved.moves) || !saved.moves.every((n) => Number.isInteger(n) && n > 0 && n < 1e5)) {
    return null;
  }
  const piles = page.games[saved.game].board.piles.length;
  const view = saved.view && Array.isArray(saved.view.piles) && saved.view.piles.length === piles
    && Array.isArray(saved.view.moves) ? saved.view : null;
  return { game: saved.game, deal: Number(saved.deal), moves: saved.moves, turned: saved.turned === true, view,
           problems: [] };
}

/** What the storage keeps of ``view`` of ``game``, as JSON text.  @param {string} game  @param {View} view */
export function savedText(game, view) {
  return JSON.stringify({ game, deal: view.deal, moves: view.played, turned: Boolean(view.next), view });
}

/** ``href`` with the query that names ``view`` of ``game``.  @param {string} href  @param {string} game
    @param {View} view */
export function linkTo(href, game, view) {
  const url = new URL(href);
  url.searchParams.set("play", game);
  url.searchParams.set("deal", String(view.deal));
  if (view.played.length) { url.searchParams.set("moves", view.played.join(".")); } else { url.searchParams.delete("moves"); }
  return url.href;
}

/** A reader's option (``name``) as kept in the storage, else ``fallback``.
    @param {Pick<Storage, "getItem">} storage  @param {string} name  @param {boolean} fallback */
export function option(storage, name, fallback) {
  let value;
  try { value = storage.getItem(`patience-play-${name}`); } catch { return fallback; }
  return value === null ? fallback : value === "true";
}

/** @param {Pick<Storage, "setItem">} storage  @param {string} name  @param {boolean} value */
export function setOption(storage, name, value) {
  try { storage.setItem(`patience-play-${name}`, String(value)); } catch { /* private mode */ }
}
