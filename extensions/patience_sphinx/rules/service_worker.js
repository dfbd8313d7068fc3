/* Play's service worker (play-sw.js at the site's root, written by bundle.py, which puts
   VERSION and FILES above this line). It keeps Play's runtime, once fetched, in the
   browser's Cache Storage, so that a second start fetches nothing but the page: FILES
   (Pyodide, the engine, the snapshot, the cards, the worker; paths from the root) are
   fetched when it installs, and any other file of _static/ (the pages' scripts, styles and
   fonts) is kept the first time it is fetched: VERSION changes whenever any of them does,
   so nothing kept outlives the build it came from. The
   memory snapshot comes gzipped and is kept unpacked too (snapshot.bin), so a second
   start need not unpack its 30 MB again. A new
   build has a new VERSION, so the browser installs the new worker and the old cache
   is deleted. Pages themselves are always fetched from the site. */
"use strict";

var CACHE = "patience-play-" + VERSION;
var ROOT = new URL("./", self.location).href;
var KEPT = FILES.map(function (file) { return new URL(file, ROOT).href; });
var PACKED = new URL("_static/play/snapshot.bin.gz", ROOT).href;
var UNPACKED = new URL("_static/play/snapshot.bin", ROOT).href;
if (KEPT.indexOf(PACKED) >= 0) { KEPT.push(UNPACKED); }

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(KEPT.filter(function (url) { return url !== UNPACKED; }).map(function (url) {
      return new Request(url, { cache: "reload" });
    })).then(function () { return KEPT.indexOf(UNPACKED) >= 0 ? unpack(cache) : null; });
  }).then(function () { return self.skipWaiting(); }));
});

function unpack(cache) {
  return cache.match(PACKED).then(function (packed) {
    var bytes = new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    return bytes.then(function (buffer) {
      return cache.put(UNPACKED, new Response(buffer, { headers: { "Content-Type": "application/octet-stream" } }));
    });
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("patience-play-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isStatic(url) {
  return url.href.indexOf(ROOT + "_static/") === 0;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  var bare = url.origin + url.pathname;
  if (KEPT.indexOf(bare) >= 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(bare).then(function (hit) { return hit || fetch(request); });
    }));
  } else if (isStatic(url)) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) { cache.put(request, response.clone()); }
          return response;
        });
      });
    }));
  }
});
