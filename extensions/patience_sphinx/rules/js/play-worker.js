/* Play's engine, in a Web Worker, so that the page never waits for Python (play.js).
   A module worker: it loads Pyodide from this site, restoring the build's memory
   snapshot of Python started with the engine imported (snapshot.py) where there is one,
   and runs patience.session. The page sends {id, op, args}; the worker answers
   {id, value} or {id, error: {message, file, advice}}: a runtime file that cannot be
   loaded is named, with what to do about it. Every answer that changes the position
   carries the new view (Session.view), and a move its piles (for the animation); the
   shapes of the answers are in protocol.js. */

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Problem} Problem */
/** @typedef {import("./protocol.js").Moved} Moved */

const STATIC = new URL("./", self.location.href);
const START_LIMIT = 180000;  // ms: Pyodide that has not started by then never will
const UNPACK_LATER = 3000;  // ms: the engine's files are written out once the first deal is up
let runtime = null;  // the promise of the session module
let session = null;
const prefetched = {};  // a game's compiled JSON, asked for while Python starts

function gameData(manifest, game) {
  return need(`play/games/${game.replace(":", "-")}.json?v=${manifest.games[game]}`).then((response) => response.text());
}

class Failure extends Error {
  constructor(file, message, advice) {
    super(`${file} ${message}`);
    this.file = file;
    this.advice = advice;
  }
}

const AGAIN = "press Play to try again; if it keeps failing, reload the page";
const REBUILD = "the site was built without it: build it again after running npm ci beside conf.py";

async function need(path, options) {
  let response;
  try {
    response = await fetch(new URL(path, STATIC), options);
  } catch (error) {
    throw new Failure(`_static/${path.split("?")[0]}`, `could not be fetched (${error.message})`, AGAIN);
  }
  if (!response.ok) {
    throw new Failure(`_static/${path.split("?")[0]}`, `is missing (HTTP ${response.status})`,
                      response.status === 404 ? REBUILD : AGAIN);
  }
  return response;
}

/* Pyodide fetches pyodide.asm.mjs and pyodide.asm.wasm itself, and a wasm that fails to
   load is only logged (its promise never settles): watch the log, and the clock. */
function watched(loading) {
  return new Promise((resolve, reject) => {
    const warn = console.warn, error = console.error;
    const restore = () => { console.warn = warn; console.error = error; clearTimeout(timer); };
    const fail = (failure) => { restore(); reject(failure); };
    const listen = (original) => (...args) => {
      const text = args.map(String).join(" ");
      if (/wasm (instantiation|streaming compile) failed|failed to asynchronously prepare wasm/.test(text)) {
        fail(new Failure("_static/pyodide/pyodide.asm.wasm", "could not be loaded", AGAIN));
      } else if (/installing the standard library/.test(text)) {
        fail(new Failure("_static/pyodide/python_stdlib.zip", "could not be loaded", AGAIN));
      }
      original.apply(console, args);
    };
    console.warn = listen(warn);
    console.error = listen(error);
    const timer = setTimeout(() => fail(new Failure("_static/pyodide/", `did not start Python within ${START_LIMIT / 1000} s`,
                                                    AGAIN)), START_LIMIT);
    loading.then((value) => { restore(); resolve(value); }, (problem) => {
      const url = /(https?:\/\/\S+?)(?:[\s'"]|$)/.exec(String(problem && problem.message));
      fail(url ? new Failure(new URL(url[1]).pathname.replace(/^.*?(_static\/)/, "$1"), "could not be loaded", AGAIN)
               : problem);
    });
  });
}

async function start(kept, game) {
  const began = performance.now();
  const phases = {};
  const mark = (name) => { phases[name] = Math.round(performance.now() - began); };
  const manifest = await (await need("play/manifest.json", { cache: "no-cache" })).json();
  if (!manifest.pyodide) { throw new Failure("_static/pyodide/", "was not installed when this site was built", REBUILD); }
  if (!manifest.engine) { throw new Failure("_static/play/engine.zip", "was not built into this site", REBUILD); }
  let module;
  try {
    module = await import(new URL("pyodide/pyodide.mjs", STATIC).href);
  } catch (error) {
    throw new Failure("_static/pyodide/pyodide.mjs", `could not be loaded (${error.message})`, AGAIN);
  }
  mark("loader");
  const options = { indexURL: new URL("pyodide/", STATIC).href, packages: [], env: { PYTHONHASHSEED: "0" } };
  const engine = need(`play/engine.zip?v=${manifest.engine}`).then((response) => response.arrayBuffer());
  if (manifest.games[game]) { prefetched[game] = gameData(manifest, game); }
  if (manifest.snapshot) {  // the service worker keeps it unpacked; else it comes gzipped
    const library = need(`play/stdlib.zip?v=${manifest.stdlib}`);
    const unpacked = kept ? await need(`play/snapshot.bin?v=${manifest.snapshot}`).catch(() => null) : null;
    const bytes = unpacked || new Response((await need(`play/snapshot.bin.gz?v=${manifest.snapshot}`)).body
      .pipeThrough(new DecompressionStream("gzip")));
    options.stdLibURL = URL.createObjectURL(await (await library).blob());
    options._loadSnapshot = bytes.arrayBuffer().then((buffer) => { mark("snapshot"); return buffer; });
  }
  const pyodide = await watched(module.loadPyodide(options));
  mark("python");
  const files = await engine;
  const unpack = () => pyodide.unpackArchive(files, "zip", { extractDir: "/engine" });
  if (manifest.snapshot) {
    setTimeout(unpack, UNPACK_LATER);  // every module is in memory; the files serve tracebacks
  } else {
    unpack();
    pyodide.runPython("import sys\nsys.path.insert(0, '/engine')");
  }
  const api = pyodide.pyimport("patience.session");
  mark("engine");
  return { api, manifest, snapshot: Boolean(manifest.snapshot), phases };
}

/* A Python value as plain JavaScript data (a dict as an object), the proxy freed. */
function plain(result) {
  if (result && typeof result.toJs === "function") {
    const value = result.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
    result.destroy();
    return value;
  }
  return result === undefined ? null : result;
}

/** The piles a move (a Python Move) went between, for the animation.  @returns {Moved} */
function moved(move) {
  const value = { kind: move.kind, src: move.src, dst: move.dst, src2: move.src2, dst2: move.dst2 };
  move.destroy();
  return value;
}

/** @returns {View} */
const view = () => plain(session.view());

const OPS = {
  async start(kept, game) {
    runtime = runtime || start(kept, game);
    const { manifest, snapshot, phases } = await runtime;
    return { games: Object.keys(manifest.games), snapshot, phases };
  },
  async open(game, deal, moves, turned) {
    const { api, manifest } = await runtime;
    const version = manifest.games[game];
    if (!version) { throw new Failure(`the game ${game}`, "was not built into this site", REBUILD); }
    const data = await (prefetched[game] || gameData(manifest, game));
    delete prefetched[game];
    if (session) { session.destroy(); }
    session = api.open_session(data, deal);
    const problem = plain(session.replay(moves));
    if (turned) { session.turn(); }
    return { view: view(), problem };
  },
  play(number) { return { move: moved(session.play(number)), view: view() }; },
  turn() { return { done: session.turn(), view: view() }; },
  undo() {
    const last = view().last;
    return { done: session.undo(), undone: last, view: view() };
  },
  redo() { return { done: session.redo(), view: view() }; },
  restart() { session.restart(); return { view: view() }; },
  attempt(src, dst) { return { result: plain(session.attempt(src, dst)), view: view() }; },
  hint(budget) { return { hint: plain(budget === undefined ? session.hint() : session.hint(budget)) }; },
  safe() { return { safe: plain(session.safe()) }; },
};

/** @returns {Problem} */
function problemOf(error) {
  if (error instanceof Failure) { return { message: error.message, file: error.file, advice: error.advice }; }
  const lines = String(error && error.message || error).trim().split("\n");
  return { message: lines[lines.length - 1], file: null, advice: null };
}

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    if (!OPS[op]) { throw new Error(`no such operation: ${op}`); }
    if (op !== "start" && op !== "open" && !session) { throw new Error("no deal is open"); }
    self.postMessage({ id, value: await OPS[op](...(args || [])) });
  } catch (error) {
    self.postMessage({ id, error: problemOf(error) });
  }
};
