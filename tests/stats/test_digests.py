"""The digest of the code covers every module a worker runs, found from the imports."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import patience
from tests.stats.cluster import environment

PACKAGE = Path(patience.__file__).resolve().parent
DIGEST = "from patience.stats.digests import engine_digest; print(engine_digest())"


def in_copy(copy: Path, code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], env=environment(copy), cwd=copy, text=True,
                          capture_output=True, check=True).stdout.strip()


@pytest.fixture
def copy(tmp_path) -> Path:
    shutil.copytree(PACKAGE, tmp_path / "patience", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_the_digest_covers_every_module_a_deal_loads():
    """Independently: the modules of the package loaded once a worker's evaluation of a
    deal has run, in a fresh interpreter, are all among the files digested."""
    loaded = subprocess.run([sys.executable, "-c", (
        "import sys\n"
        "from patience.stats.deal import evaluate\n"
        "evaluate('napoleon', 1, 50)\n"
        "print('\\n'.join(m.__file__ for n, m in list(sys.modules.items()) if n.split('.')[0] == 'patience'))")],
        env=environment(), cwd=PACKAGE.parent.parent, text=True, capture_output=True, check=True).stdout.split()
    from patience.stats.digests import code_files

    covered = set(code_files())
    missing = sorted(str(Path(name).resolve().relative_to(PACKAGE)) for name in loaded
                     if _source(Path(name).resolve()) not in covered)
    assert not missing
    assert {"rulespec/schema.py", "rulespec/movement.py", "rulespec/loading.py", "engine/game.py", "solver/search.py",
            "stats/deal.py"} <= {str(path.relative_to(PACKAGE)) for path in covered}


def _source(path: Path) -> Path:
    """A compiled module (``_native.cpython-311-….so``) is digested by its C source."""
    if path.suffix == ".so":
        return path.with_name(path.name.split(".")[0] + ".c")
    return path


@pytest.mark.parametrize("module", ["rulespec/schema.py", "rulespec/movement.py", "rulespec/compile.py", "datafile.py",
                                    "solver/_native.c"])
def test_a_change_to_any_module_of_the_rules_changes_the_digest(copy, module):
    before = in_copy(copy, DIGEST)
    path = copy / "patience" / module
    path.write_text(path.read_text(encoding="utf-8") + "\nCHANGED = True\n", encoding="utf-8")
    assert in_copy(copy, DIGEST) != before


def test_a_module_nothing_a_worker_runs_imports_leaves_the_digest(copy):
    """The claims and the command line decide nothing of a deal's outcome."""
    before = in_copy(copy, DIGEST)
    for module in ("claims/chance.py", "cli/stats.py"):
        path = copy / "patience" / module
        path.write_text(path.read_text(encoding="utf-8") + "\nCHANGED = True\n", encoding="utf-8")
    assert in_copy(copy, DIGEST) == before
