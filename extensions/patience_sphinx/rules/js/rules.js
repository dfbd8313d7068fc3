/* The script of every page with rules (the build bundles it, with the modules it
   imports, into one classic script, _static/rules.js, so that a page opened from a disk
   runs it too): the example replays (replay.js) and Play (player.js). */

import { startPlayers } from "./player.js";
import { startReplays } from "./replay.js";

const STATIC = new URL(".", document.currentScript.src);  // _static/, where this script is
const SITE = { static: STATIC, root: new URL("..", STATIC) };
const SHEET = new URL("play/cards.svg", STATIC);

function start() {
  startReplays(SHEET);
  startPlayers(SITE, SHEET);
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start);
} else {
  start();
}
