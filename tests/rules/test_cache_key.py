"""The results cache's key covers every module the engine and the claims run."""

import json
import subprocess
import sys
from types import SimpleNamespace

import pytest
from patience_sphinx.rules import cache
from patience_sphinx.rules.cache import walked_engine_files

IMPORTS = """
import json, sys
import patience.claims, patience.claims.provenance, patience.rulespec.compile
import patience.engine.autoplay, patience.views.jsonio, patience.views.plate, patience.views.replay
from patience.rulespec.compile import games, load_game
for entry in games():
    load_game(entry.id).deal(1)
print(json.dumps(sorted(m.__file__ for name, m in sys.modules.items()
                        if name.startswith("patience.") and getattr(m, "__file__", None))))
"""


def test_every_module_the_claims_and_the_engine_import_is_hashed():
    loaded = json.loads(subprocess.run([sys.executable, "-c", IMPORTS], capture_output=True, text=True,
                                       check=True).stdout)
    assert set(loaded) <= {str(path) for path in walked_engine_files()}


@pytest.fixture
def walks(monkeypatch):
    """The walks over the imports made, counted; no list remembered from before the test."""
    made = []
    monkeypatch.setattr(cache, "walked_engine_files", lambda: made.append(1) or walked_engine_files())
    cache._engine.cache_clear()
    yield made
    cache._engine.cache_clear()


def test_the_engine_files_are_walked_once_and_read_back_by_the_next_build(walks, tmp_path):
    env = SimpleNamespace(doctreedir=str(tmp_path))
    first = cache.engine_files(env), cache.engine_version(env)
    cache._engine.cache_clear()  # the next build: a new process
    assert (cache.engine_files(env), cache.engine_version(env)) == first
    assert len(walks) == 1
    assert set(first[0]) == set(walked_engine_files())


@pytest.mark.parametrize("stored", ['{"package": "another state of the source", "root": "%s", "files": []}',
                                    '{"package": ', '[]'])
def test_a_list_kept_for_other_sources_or_unreadable_is_walked_again(walks, tmp_path, stored):
    (tmp_path / "rules-cache").mkdir()
    (tmp_path / "rules-cache" / "engine-files.json").write_text(stored.replace("%s", str(cache._PACKAGE)))
    files = cache.engine_files(SimpleNamespace(doctreedir=str(tmp_path)))
    assert len(walks) == 1 and set(files) == set(walked_engine_files())
    assert json.loads((tmp_path / "rules-cache" / "engine-files.json").read_text())["files"] == [str(f) for f in files]
