/* Play's engine, seen from the page: calls to the worker (play-worker.js, a module
   worker running the session under Pyodide), each answered by a promise; and the
   service worker (play-sw.js) started first, so that the engine's files are kept in the
   browser once fetched. */

/** @typedef {import("./protocol.js").Problem} Problem */
/** @typedef {import("./protocol.js").Started} Started */

/** The site's folders, from the page script's own address.
    @typedef {{static: URL, root: URL}} Site */

/** The worker's calls: each a promise of its answer's value, or of its Problem. */
export class Engine {
  /** @param {Worker} worker  @param {string} game  the game to fetch while Python starts
      @param {boolean} kept  whether a service worker has the page (it keeps the files unpacked) */
  constructor(worker, game, kept) {
    this.calls = {};
    this.next = 0;
    this.worker = worker;
    /** @type {?Started} */
    this.info = null;
    worker.onmessage = (event) => {
      const call = this.calls[event.data.id];
      delete this.calls[event.data.id];
      if (event.data.error) { call.reject(event.data.error); } else { call.resolve(event.data.value); }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail({ message: `_static/play-worker.js could not be run (${event.message || "no reason given"})`,
                  file: "_static/play-worker.js", advice: "reload the page" });
    };
    /** @type {Promise<Started>} */
    this.started = this.call("start", kept, game);
  }

  /** @param {string} op  @param {...*} args  @returns {Promise<*>} */
  call(op, ...args) {
    return new Promise((resolve, reject) => {
      const id = ++this.next;
      this.calls[id] = { resolve, reject };
      this.worker.postMessage({ id, op, args });
    });
  }

  /** Every call still waiting fails with ``problem``.  @param {Problem} problem */
  fail(problem) {
    const calls = this.calls;
    this.calls = {};
    Object.keys(calls).forEach((id) => calls[id].reject(problem));
  }

  stop() {
    this.worker.terminate();
    this.fail({ message: "stopped", file: null, advice: null, stopped: true });
  }
}

/** A new engine in a worker of its own.  @param {Site} site  @param {string} game */
export function newEngine(site, game) {
  const worker = new Worker(new URL("play-worker.js", site.static), { type: "module" });
  return new Engine(worker, game, Boolean(navigator.serviceWorker && navigator.serviceWorker.controller));
}

let starting = null;

/** The page's engine, started once (a failed start may be tried again): the service
    worker first, then the engine; where there can be no service worker (a file, plain
    http elsewhere than this computer), the engine alone.
    @param {Site} site  @param {string} game  @returns {Promise<Engine>} */
export function startEngine(site, game) {
  if (starting) { return starting; }
  starting = keepFiles(site).then(() => {
    const engine = newEngine(site, game);
    return engine.started.then((info) => { engine.info = info; return engine; }, (problem) => {
      engine.stop();
      starting = null;
      throw problem;
    });
  });
  return starting;
}

function keepFiles(site) {
  if (location.protocol === "file:") {
    return Promise.reject({ message: "a page opened as a file cannot run the engine", file: null,
                            advice: "serve the built site (python3 -m http.server in its folder) and open it over http" });
  }
  if (!("serviceWorker" in navigator) || !window.isSecureContext) { return Promise.resolve(); }
  return navigator.serviceWorker.register(new URL("play-sw.js", site.root).href).then((registration) => {
    if (navigator.serviceWorker.controller) { return undefined; }
    return new Promise((resolve) => {  // it takes the page once it has the files
      navigator.serviceWorker.addEventListener("controllerchange", () => { keepPage(site); resolve(); }, { once: true });
      const installing = registration.installing || registration.waiting;
      if (installing) {  // a file it could not fetch: it gives up, and the engine is loaded without it
        installing.addEventListener("statechange", () => { if (installing.state === "redundant") { resolve(); } });
      }
      setTimeout(resolve, 60000);
    });
  }).catch(() => undefined);  // without it the engine still runs
}

/* The page's own files of _static/, fetched again through the service worker that now
   has the page, so that it keeps them too (from the browser's cache, mostly). */
function keepPage(site) {
  performance.getEntriesByType("resource").forEach((entry) => {
    const url = new URL(entry.name);
    if (url.href.startsWith(site.static.href)) { fetch(url.href).catch(() => null); }
  });
}
