"""Play's start made ahead by the build: a standard library cut to what the engine's
runtime reads, and a Pyodide memory snapshot of Python started with the engine imported.

Starting Python under Pyodide takes seconds (most of Play's wait); restoring a snapshot
of its memory takes a fraction of one, as Cloudflare's Python workers and marimo's
exports do. ``snapshot.mjs`` makes both in Node with the same Pyodide the site ships:
first it plays every game on the whole library and lists the files Python read, then it
starts Pyodide on a library of just those files (``play/stdlib.zip``, about a third of
``python_stdlib.zip``) and saves the memory (``play/snapshot.bin.gz``). The browser must
load the same library the snapshot was made on, so the two always go together.

The snapshot is made again only when what goes into it changes (the Pyodide version,
the engine's runtime, the script): ``play/snapshot.key`` records its inputs' digest.
Without Node, or with ``rules_play_snapshot = False``, Play starts Python the slow way.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from .._logging import warn_rules as warn

SCRIPT = Path(__file__).with_name("snapshot.mjs")
FILES = ("stdlib.zip", "snapshot.bin.gz")
TIME_LIMIT = 900  # seconds for each run of Node: a loaded machine is slow, a hung one is not


def make(app, pyodide: Path, engine: bytes, compiled: dict, play: Path) -> dict[str, str] | None:
    """Write ``play/stdlib.zip`` and ``play/snapshot.bin.gz`` (unless they are current);
    their short digests, or None when Play must start without them."""
    if not app.config.rules_play_snapshot:
        return None
    key = hashlib.sha256(b"\0".join([(pyodide / "package.json").read_bytes(), engine, SCRIPT.read_bytes(),
                                     (pyodide / "python_stdlib.zip").read_bytes()])).hexdigest()
    stamp = play / "snapshot.key"
    if not (stamp.is_file() and stamp.read_text() == key and all((play / name).is_file() for name in FILES)):
        made = _make(pyodide, engine, compiled)
        if made is None:
            return None
        for name, content in zip(FILES, made):
            (play / name).write_bytes(content)
        stamp.write_text(key)
    return {name: hashlib.sha256((play / name).read_bytes()).hexdigest()[:16] for name in FILES}


def _make(pyodide: Path, engine: bytes, compiled: dict) -> tuple[bytes, bytes] | None:
    node = shutil.which("node")
    if node is None:
        warn("play", "Node is not installed, so Play starts without a memory snapshot (seconds slower); "
                     "install nodejs, which `npm ci` needs too")
        return None
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "engine.zip").write_bytes(engine)
        (work / "games.json").write_text(json.dumps(compiled), encoding="utf-8")
        if not _run(node, "discover", pyodide, work):
            return None
        library = cut(pyodide / "python_stdlib.zip", json.loads((work / "modules.json").read_text()))
        (work / "stdlib.zip").write_bytes(library)
        if not _run(node, "snapshot", pyodide, work):
            return None
        return library, gzip.compress((work / "snapshot.bin").read_bytes(), 6, mtime=0)


def _run(node: str, mode: str, pyodide: Path, work: Path) -> bool:
    try:
        run = subprocess.run([node, str(SCRIPT), mode, str(pyodide.resolve()), str(work)],
                             capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        warn("play", f"the Pyodide snapshot ({mode}) took more than {TIME_LIMIT} s; Play starts without it")
        return False
    if run.returncode != 0:
        lines = [line for line in run.stderr.splitlines() if line.strip() and len(line) < 400]
        warn("play", f"the Pyodide snapshot ({mode}) failed: {(lines or ['Node said nothing'])[-1]}; "
                     "Play starts without it")
        return False
    return True


def cut(library: Path, files: list[str]) -> bytes:
    """The standard library's zip holding only ``files`` (in its own order, dated 1980 so
    that the same files give the same bytes)."""
    wanted, buffer = set(files), io.BytesIO()
    with zipfile.ZipFile(library) as whole, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as part:
        for info in whole.infolist():
            if info.filename in wanted:
                part.writestr(zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0)), whole.read(info),
                              zipfile.ZIP_DEFLATED)
    return buffer.getvalue()
