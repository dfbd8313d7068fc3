"""What Play needs in the built site, written once the pages are: ``_static/play/``,
``_static/pyodide/`` and the service worker ``play-sw.js`` at the site's root.

- ``play/games/GAME.json``: each game (and variant) a page plays, compiled from its
  spec into the plain data :func:`patience.engine.load_compiled` reads, so the browser
  needs neither the schema library nor YAML;
- ``play/engine.zip``: the engine's runtime files, those :mod:`.probe` finds it imports
  when it runs on the standard library alone (a runtime that needs more is a
  ``rules.play`` warning, and Play says it cannot start); the probe runs again only when
  the games, the probe, Python or one of those files changed (``play/engine.key``);
- ``play/stdlib.zip`` and ``play/snapshot.bin.gz``: the standard library cut to what the
  runtime reads, and Python started with the engine imported (:mod:`.snapshot`);
- ``play/cards.svg``: the cards every board is drawn with (:mod:`.cards`; the replays
  use it too, so it is written whenever the site is);
- ``play/manifest.json``: the files' digests, so a browser never plays a stale copy;
- ``pyodide/``: the Pyodide runtime, copied from the npm package the build installed
  (``rules_pyodide_dir``, by default ``node_modules/pyodide`` beside ``conf.py``);
- ``play-sw.js``: the service worker that keeps all of it in the browser once fetched
  (``service_worker.js`` with this build's files and version), so that a second start
  fetches nothing. It is at the root so that its scope covers every page.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import patience
from patience.datafile import DataFileError
from patience.output import write_file
from patience.rulespec import compile as compiling

from .._logging import warn_rules as warn
from . import cards, snapshot
from .play import pages_playing
from .specs import specs_dir

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PROBE = Path(__file__).with_name("probe.py")
SERVICE_WORKER = Path(__file__).with_name("service_worker.js")
_ROOT = Path(patience.__path__[0]).parent  # the folder holding the package, as the zip names its files


def game_file(game_id: str) -> str:
    """``napoleon:twelve`` → ``napoleon-twelve.json`` (a colon is awkward in a URL)."""
    return game_id.replace(":", "-") + ".json"


def pyodide_dir(app) -> Path:
    configured = app.config.rules_pyodide_dir
    path = Path(configured) if configured else Path("node_modules", "pyodide")
    return path if path.is_absolute() else Path(app.confdir, path)


def write(app, exception) -> None:
    """``build-finished``: the cards, and the files of every game some page plays."""
    if exception or app.builder.format != "html":
        return
    static = Path(app.outdir, "_static")
    manifest: dict = {"cards": _write(static / "play" / "cards.svg", cards.sprite().encode()), "games": {}}
    games = sorted({game for ids in pages_playing(app.env).values() for game in ids})
    if not games:
        return
    compiled = {}
    for game_id in games:
        data = _compile(app.env, game_id)
        if data is not None:
            compiled[game_id] = data
            manifest["games"][game_id] = _write(static / "play" / "games" / game_file(game_id),
                                                json.dumps(data, ensure_ascii=False).encode())
    engine = _runtime(compiled, static / "play")
    if engine is not None:
        manifest["engine"] = _write(static / "play" / "engine.zip", engine)
    manifest["pyodide"] = _copy_pyodide(app, static / "pyodide")
    if engine is not None and manifest["pyodide"]:
        made = snapshot.make(app, pyodide_dir(app), engine, compiled, static / "play")
        manifest.update({"stdlib": made["stdlib.zip"], "snapshot": made["snapshot.bin.gz"]} if made else {})
    worker = static / "play-worker.js"  # bundled from js/play-worker.js (.._scripts)
    manifest["worker"] = hashlib.sha256(worker.read_bytes()).hexdigest()[:16] if worker.is_file() else None
    listed = json.dumps(manifest, indent=1).encode()
    _write(static / "play" / "manifest.json", listed)
    _write(Path(app.outdir, "play-sw.js"), service_worker(manifest, _version(static, listed)))


def _version(static: Path, manifest: bytes) -> str:
    """This build's version for the service worker: the manifest (Play's files) and every
    other file of ``_static``, which the worker keeps by its URL once fetched (not every
    such URL changes with its file: a font has no ``?v=``, and an unchanged page keeps the
    ``?v=`` of a script changed since)."""
    digest = hashlib.sha256(manifest)
    for path in sorted(static.rglob("*")):
        parts = path.relative_to(static).parts
        if path.is_file() and parts[0] not in ("pyodide", "play"):
            digest.update(path.relative_to(static).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def service_worker(manifest: dict, version: str) -> bytes:
    """``service_worker.js`` with the files it keeps (from the site's root) and this build's version."""
    files = ["_static/play-worker.js", "_static/play/manifest.json", "_static/play/cards.svg"]
    if manifest.get("engine"):
        files.append("_static/play/engine.zip")
    if manifest.get("pyodide"):
        cut = manifest.get("snapshot") is not None
        files += [f"_static/pyodide/{name}" for name in PYODIDE_FILES if not (cut and name == "python_stdlib.zip")]
        files += ["_static/play/stdlib.zip", "_static/play/snapshot.bin.gz"] if cut else []
    head = f'"use strict";\nconst VERSION = {json.dumps(version)};\nconst FILES = {json.dumps(files, indent=1)};\n'
    return (head + SERVICE_WORKER.read_text(encoding="utf-8")).encode()


def _write(path: Path, content: bytes) -> str:
    """Write ``content`` unless the file already holds it; its short digest."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != content:
        write_file(path, content)
    return hashlib.sha256(content).hexdigest()[:16]


def _compile(env, game_id: str) -> dict | None:
    base, _, variant = game_id.partition(":")
    try:
        return compiling.rules_from_file(specs_dir(env) / f"{base}.yaml", variant or None).to_data()
    except DataFileError:  # the page that plays it has already warned
        return None


def _runtime(compiled: dict, play: Path) -> bytes | None:
    """The zip of the runtime's files, found by running them on the standard library alone, or
    the last build's, when nothing it was made from has changed since."""
    stamp, archive = play / "engine.key", play / "engine.zip"
    if stamp.is_file() and archive.is_file() and stamp.read_text() == _runtime_key(compiled, archive.read_bytes()):
        return archive.read_bytes()
    engine = _probed(compiled)
    key = _runtime_key(compiled, engine) if engine is not None else None
    if key is not None:
        _write(stamp, key.encode())
    return engine


def _runtime_key(compiled: dict, engine: bytes) -> str | None:
    """What the probe's answer depends on: the games, the probe, Python and the files it found, as
    they are now (a file imported anew is imported by one of those, which then changed too)."""
    digest = hashlib.sha256(json.dumps(compiled, sort_keys=True).encode() + PROBE.read_bytes() + sys.version.encode())
    with zipfile.ZipFile(io.BytesIO(engine)) as archive:
        for name in archive.namelist():
            source = _ROOT / name
            if not source.is_file():
                return None
            digest.update(name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()


def _probed(compiled: dict) -> bytes | None:
    probe = subprocess.run([sys.executable, "-P", str(PROBE)], input=json.dumps(compiled), capture_output=True,
                           text=True)
    if probe.returncode != 0:
        reason = (probe.stderr.strip().splitlines() or ["the probe said nothing"])[-1]
        warn("play", f"the engine cannot run in the browser: {reason}")
        return None
    # Python files only: a compiled module (the solver's accelerator, where it is built) is
    # this machine's, not the browser's, which goes without it.
    files = [Path(name) for name in json.loads(probe.stdout) if name.endswith(".py")]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(_ROOT).as_posix(), (1980, 1, 1, 0, 0, 0))  # reproducible
            archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _copy_pyodide(app, target: Path) -> str | None:
    source = pyodide_dir(app)
    missing = [name for name in PYODIDE_FILES if not (source / name).is_file()]
    if missing:
        warn("play", f"the Pyodide runtime is not installed at {source} (run `npm ci` beside conf.py); "
                     "Play will say that it cannot start")
        return None
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        copied = target / name
        if not copied.is_file() or copied.stat().st_size != (source / name).stat().st_size \
                or copied.stat().st_mtime < (source / name).stat().st_mtime:
            write_file(copied, (source / name).read_bytes())
    version = json.loads((source / "package.json").read_text(encoding="utf-8"))["version"]
    return version
