"""``rules-play`` and what the build ships for it: the page's data (with the default deal's
first position), the compiled games, the engine's runtime (runnable on the standard library
alone), the Pyodide runtime, the cards, the service worker, the pages' security policy, and
the memory snapshot with its cut standard library (made with Node and the real Pyodide)."""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from patience_sphinx.rules import bundle, snapshot
from patience_sphinx.rules.bundle import PYODIDE_FILES
from patience_sphinx.rules.play import DEFAULT_DEAL

from patience.rulespec.compile import load_game
from patience.session import Session
from tests.sphinx.helpers import page, warnings_of

REAL_PYODIDE = Path(__file__).resolve().parents[2] / "node_modules" / "pyodide"

PLAY = "\n```{rules-play} sultan\n```\n"


def with_variants(game_id: str) -> list[str]:
    """The game and its variants, as the spec lists them: what its Play offers."""
    return [game_id] + [f"{game_id}:{variant.id}" for variant in load_game(game_id).spec.variants]


@pytest.fixture
def pyodide(tmp_path):
    """A stand-in for the npm package: the files the build copies, with its version."""
    folder = tmp_path / "node_modules" / "pyodide"
    folder.mkdir(parents=True)
    for name in PYODIDE_FILES:
        (folder / name).write_text(f"stand-in {name}")
    (folder / "package.json").write_text(json.dumps({"name": "pyodide", "version": "314.0.7"}))
    return folder


@pytest.fixture
def played(rules_site, build, pyodide):
    site = rules_site()
    with (site / "sultan.md").open("a", encoding="utf-8") as page_file:
        page_file.write(PLAY)
    return build(site, rules_pyodide_dir=str(pyodide), rules_play_snapshot=False)


def test_the_build_is_clean_and_ships_games_engine_and_pyodide(played):
    assert warnings_of(played) == []
    static = played.outdir / "_static"
    manifest = json.loads((static / "play" / "manifest.json").read_text())
    assert set(manifest["games"]) == set(with_variants("sultan"))
    assert manifest["pyodide"] == "314.0.7" and manifest["engine"]
    for name in PYODIDE_FILES:
        assert (static / "pyodide" / name).read_text() == f"stand-in {name}"
    compiled = json.loads((static / "play" / "games" / "sultan.json").read_text())
    assert compiled == json.loads(json.dumps(load_game("sultan").rules.to_data()))


def test_the_page_holds_the_board_and_clauses_with_their_anchors(played):
    sultan = page(played, "sultan")
    data = json.loads(re.search(r'class="rules-play-data">(.*?)</script>', sultan, re.S).group(1).replace("<\\/", "</"))
    assert data["game"] == "sultan" and list(data["games"]) == with_variants("sultan")
    game = data["games"]["sultan"]
    assert len(game["board"]["piles"]) == len(load_game("sultan").rules.pile_area)
    for clause_id, clause in game["clauses"].items():
        assert clause["anchor"] == f"clause-sultan.{clause_id}" and f'id="{clause["anchor"]}"' in sultan
    assert '<button class="rules-play-button" type="button">Play</button>' in sultan
    assert game["first"] == json.loads(json.dumps(Session(load_game("sultan"), DEFAULT_DEAL).view()))
    # The Sultan's talon takes only what fits nowhere else, and its one redeal waits
    # until nothing else can be played (its spec's `when: no_other_move`).
    assert game["unsafe"] == ["the talon takes only cards that fit nowhere else",
                              "the redeal waits until no other move is left"]


def test_the_cards_the_service_worker_and_the_policy_are_written(played):
    out = played.outdir
    sprite = (out / "_static" / "play" / "cards.svg").read_text()
    assert sprite.count("<symbol id=\"card-") == 53 and 'id="card-10H"' in sprite and 'id="card-back"' in sprite
    worker = (out / "play-sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))
    assert "_static/play/engine.zip" in files and "_static/pyodide/pyodide.asm.wasm" in files
    assert all((out / file).is_file() for file in files)
    assert re.search(r'^"use strict";\nconst VERSION = "[0-9a-f]{16}";', worker)
    sultan = page(played, "sultan")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', sultan).group(1)
    assert policy.startswith("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'")
    assert sultan.index("Content-Security-Policy") < sultan.index("<script")


def test_the_engine_zip_runs_on_the_standard_library_alone(played, tmp_path):
    archive = zipfile.ZipFile(played.outdir / "_static" / "play" / "engine.zip")
    names = set(archive.namelist())
    assert {"patience/__init__.py", "patience/session.py", "patience/engine/game.py"} <= names
    assert "patience/engine/schema.py" not in names and "patience/datafile.py" not in names
    archive.extractall(tmp_path / "engine")
    game_file = played.outdir / "_static" / "play" / "games" / "sultan.json"
    script = ("import sys, json; sys.path.insert(0, sys.argv[1]);"
              "from patience.session import open_session;"
              "s = open_session(open(sys.argv[2]).read(), 7); print(json.dumps(s.view()['moves']))")
    # -I -S: no site-packages, so neither the installed package nor pydantic can be found
    run = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(tmp_path / "engine"), str(game_file)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    expected = [move["text"] for move in Session(load_game("sultan"), 7).view()["moves"]]
    assert [move["text"] for move in json.loads(run.stdout)] == expected


def test_a_variant_is_offered_with_its_own_clause_anchors(rules_site, build, pyodide):
    site = rules_site()
    with (site / "calculation.md").open("a", encoding="utf-8") as page_file:
        page_file.write("\n```{rules-play} calculation\n```\n")
    app = build(site, rules_pyodide_dir=str(pyodide), rules_play_snapshot=False)
    assert warnings_of(app) == []
    data = json.loads(re.search(r'class="rules-play-data">(.*?)</script>', page(app, "calculation"),
                                re.S).group(1).replace("<\\/", "</"))
    assert list(data["games"]) == with_variants("calculation") == ["calculation", "calculation:waiting"]
    anchors = {clause["anchor"] for clause in data["games"]["calculation:waiting"]["clauses"].values()}
    assert any(anchor.startswith("clause-calculation:waiting.") for anchor in anchors)
    assert any(anchor.startswith("clause-calculation.") for anchor in anchors)
    for anchor in anchors:
        assert f'id="{anchor}"' in page(app, "calculation")
    assert (app.outdir / "_static" / "play" / "games" / "calculation-waiting.json").is_file()


def test_without_pyodide_installed_the_build_says_to_run_npm_ci(rules_site, build, tmp_path):
    site = rules_site()
    with (site / "sultan.md").open("a", encoding="utf-8") as page_file:
        page_file.write(PLAY)
    app = build(site, rules_pyodide_dir=str(tmp_path / "nowhere"))
    warnings = warnings_of(app)
    assert len(warnings) == 1 and "[rules.play]" in warnings[0] and "run `npm ci`" in warnings[0]
    assert json.loads((app.outdir / "_static" / "play" / "manifest.json").read_text())["pyodide"] is None


def test_a_parallel_build_ships_the_same_games(rules_site, build, pyodide):
    site = rules_site()
    for name in ("sultan", "calculation"):
        with (site / f"{name}.md").open("a", encoding="utf-8") as page_file:
            page_file.write(f"\n```{{rules-play}} {name}\n```\n")
    app = build(site, parallel=2, rules_pyodide_dir=str(pyodide), rules_play_snapshot=False)
    assert warnings_of(app) == []
    manifest = json.loads((app.outdir / "_static" / "play" / "manifest.json").read_text())
    assert set(manifest["games"]) == {*with_variants("sultan"), *with_variants("calculation")}


def test_a_variant_given_to_rules_play_is_a_located_warning(rules_site, build, pyodide):
    site = rules_site()
    with (site / "sultan.md").open("a", encoding="utf-8") as page_file:
        page_file.write("\n```{rules-play} calculation:waiting\n```\n")
    app = build(site, rules_pyodide_dir=str(pyodide), rules_play_snapshot=False)
    warnings = warnings_of(app)
    assert len(warnings) == 1 and "sultan.md" in warnings[0] and "[rules.argument]" in warnings[0]


@pytest.mark.skipif(shutil.which("node") is None or not (REAL_PYODIDE / "pyodide.asm.wasm").is_file(),
                    reason="needs Node and the npm package pyodide (npm ci)")
def test_the_snapshot_is_made_from_a_cut_library_and_the_same_inputs_give_the_same_bytes(played, tmp_path):
    """With the real Pyodide: the cut library holds the engine's imports and Pyodide's own,
    far fewer files than the whole; the snapshot is a gzipped WebAssembly memory; made
    again elsewhere, its bytes are the same."""
    engine = (played.outdir / "_static" / "play" / "engine.zip").read_bytes()
    compiled = {"sultan": load_game("sultan").rules.to_data()}
    library, packed = snapshot._make(REAL_PYODIDE, engine, compiled)
    names = set(zipfile.ZipFile(io.BytesIO(library)).namelist())
    whole = zipfile.ZipFile(REAL_PYODIDE / "python_stdlib.zip").namelist()
    assert {"json/__init__.py", "shlex.py", "heapq.py", "_pyodide/__init__.py", "traceback.py"} <= names
    assert len(names) < len(whole) / 3
    memory = gzip.decompress(packed)
    assert memory.startswith(b"\0snp") and len(memory) > 10_000_000  # Pyodide's snapshot of its memory
    again = snapshot._make(REAL_PYODIDE, engine, compiled)
    assert again == (library, packed)


def test_the_probe_runs_again_only_when_what_it_found_may_have_changed(tmp_path, monkeypatch):
    """The runtime's zip is kept (``engine.key``) while the games, the probe, Python and every
    file in the zip are as they were; an edit to one of those files probes again."""
    root, play = tmp_path / "root", tmp_path / "play"
    for name in ("patience/__init__.py", "patience/engine/game.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in ("patience/__init__.py", "patience/engine/game.py"):
            archive.writestr(name, (root / name).read_bytes())
    probes = []
    monkeypatch.setattr(bundle, "_ROOT", root)
    monkeypatch.setattr(bundle, "_probed", lambda compiled: probes.append(sorted(compiled)) or buffer.getvalue())

    def build(compiled):  # as bundle.write does: the runtime, then the zip written where the next build finds it
        engine = bundle._runtime(compiled, play)
        (play / "engine.zip").write_bytes(engine)

    sultan = {"sultan": load_game("sultan").rules.to_data()}
    build(sultan)
    build(sultan)
    assert probes == [["sultan"]]
    build({**sultan, "calculation": load_game("calculation").rules.to_data()})
    assert probes == [["sultan"], ["calculation", "sultan"]]
    build(sultan)
    (root / "patience/engine/game.py").write_text("import yaml\n")
    build(sultan)
    assert probes == [["sultan"], ["calculation", "sultan"], ["sultan"], ["sultan"]]
