// The Pyodide memory snapshot Play starts from, made by the build (snapshot.py) in Node.
//
//   node snapshot.mjs discover PYODIDE_DIR WORK   -> WORK/modules.json
//   node snapshot.mjs snapshot PYODIDE_DIR WORK   -> WORK/snapshot.bin
//
// WORK holds engine.zip (the engine's runtime) and games.json (the compiled games).
// "discover" starts Pyodide on its whole standard library, plays every game through
// patience.session as Play does (and formats an error, as a failing call would),
// and lists the standard library's files Python read: the build cuts the library to them.
// "snapshot" starts Pyodide on that cut library (WORK/stdlib.zip), imports every module of
// the engine and saves the memory of the started interpreter, so a page restores it instead of starting
// Python. The clock and the random sources are fixed while it runs, and Python's hash seed
// and every `random.Random` made so far is seeded, so that the same inputs give the same bytes.
import fs from "node:fs";
import path from "node:path";

const [mode, pyodideDir, work] = process.argv.slice(2);
const read = (name) => fs.readFileSync(path.join(work, name));

if (mode === "snapshot") {  // the same bytes for the same inputs
  Date.now = () => 0;
  performance.now = () => 0;
  let seed = 1;
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) { seed = (seed * 1103515245 + 12345) >>> 0; bytes[i] = seed >>> 24; }
    return array;
  };
}
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const options = { indexURL: pyodideDir + path.sep, packages: [], env: { PYTHONHASHSEED: "0" } };
if (mode === "snapshot") {
  options.stdLibURL = path.join(work, "stdlib.zip");
  options._makeSnapshot = true;
}
const pyodide = await loadPyodide(options);
const engine = new Uint8Array(read("engine.zip"));
pyodide.unpackArchive(engine, "zip", { extractDir: "/engine" });
pyodide.FS.writeFile("/engine.zip", engine);
pyodide.runPython("import sys\nsys.path.insert(0, '/engine')\nimport patience.session");
if (mode === "snapshot") {  // every module of the engine's runtime in memory: Play then needs none of its files
  pyodide.runPython(`
import importlib, zipfile
for name in zipfile.ZipFile("/engine.zip").namelist():
    importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
`);
}

if (mode === "discover") {
  pyodide.globals.set("games_json", read("games.json").toString("utf-8"));
  pyodide.runPython(`
import json
from patience.session import open_session
for data in json.loads(games_json).values():
    session = open_session(json.dumps(data), 0)
    session.view(); session.turn(); session.view(); session.hint(budget=5); session.safe()
    session.autoplay_unsafe(); session.attempt(0, 1); session.attempt(1, 0)
    if session.view()["moves"]:
        session.play(session.view()["moves"][0]["n"]); session.view(); session.undo()
`);
  try { pyodide.runPython("raise ValueError('a failing call, formatted as the page formats it')"); } catch { /* expected */ }
  const files = pyodide.runPython(`
import json, sys
zipped = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
json.dumps(sorted({m.__file__[len(zipped):] for m in list(sys.modules.values())
                   if (getattr(m, "__file__", None) or "").startswith(zipped)}))
`);
  fs.writeFileSync(path.join(work, "modules.json"), files);
} else if (mode === "snapshot") {
  pyodide.runPython("import gc, random\nfor made in gc.get_objects():\n    if isinstance(made, random.Random): made.seed(0)");
  fs.writeFileSync(path.join(work, "snapshot.bin"), pyodide.makeMemorySnapshot());
} else {
  throw new Error(`unknown mode ${mode}`);
}
