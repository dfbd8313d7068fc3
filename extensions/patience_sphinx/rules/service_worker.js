/* Play's service worker (play-sw.js at the site's root, written by bundle.py, which puts
   "use strict" and the constants VERSION and FILES above this line). It keeps Play's runtime, once fetched, in the
   browser's Cache Storage, so that a second start fetches nothing but the page: FILES
   (Pyodide, the engine, the snapshot, the cards, the worker; paths from the root) are
   fetched when it installs, and any other file of _static/ (the pages' scripts, styles and
   fonts) is kept the first time it is fetched: VERSION changes whenever any of them does,
   so nothing kept outlives the build it came from. The
   memory snapshot comes gzipped and is kept unpacked too (snapshot.bin), so a second
   start need not unpack its 30 MB again. A new
   build has a new VERSION, so the browser installs the new worker and the old cache
   is deleted. Pages themselves are always fetched from the site.

   A classic script, not a module: a service worker that is a module is not started by
   every browser Play runs in. Its names are its own (a worker has no page to share them
   with). */

const CACHE = `patience-play-${VERSION}`;
const ROOT = new URL("./", self.location).href;
const KEPT = FILES.map((file) => new URL(file, ROOT).href);
const PACKED = new URL("_static/play/snapshot.bin.gz", ROOT).href;
const UNPACKED = new URL("_static/play/snapshot.bin", ROOT).href;
if (KEPT.includes(PACKED)) { KEPT.push(UNPACKED); }

const unpack = (cache) => cache.match(PACKED).then((packed) => {
  const bytes = new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return bytes.then((buffer) => cache.put(UNPACKED, new Response(buffer, {
    headers: { "Content-Type": "application/octet-stream" },
  })));
});

const isStatic = (url) => url.href.startsWith(`${ROOT}_static/`);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => {
    const fetched = KEPT.filter((url) => url !== UNPACKED).map((url) => new Request(url, { cache: "reload" }));
    return cache.addAll(fetched).then(() => (KEPT.includes(UNPACKED) ? unpack(cache) : null));
  }).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith("patience-play-") && name !== CACHE).map((name) => caches.delete(name)),
  )).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  const bare = url.origin + url.pathname;
  if (KEPT.includes(bare)) {
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(bare).then((hit) => hit || fetch(request))));
  } else if (isStatic(url)) {
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(request).then((hit) => hit || fetch(request)
      .then((response) => {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      }))));
  }
});
