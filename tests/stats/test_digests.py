"""The digests of the code cover every module a worker runs, found from the imports: the
solver's half of a row on one digest, the player's on another."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import patience
from tests.stats.cluster import environment

PACKAGE = Path(patience.__file__).resolve().parent
DIGEST = "from patience.stats.digests import solver_digest, player_digest; print(solver_digest(), player_digest())"


def in_copy(copy: Path, code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], env=environment(copy), cwd=copy, text=True,
                          capture_output=True, check=True).stdout.strip()


@pytest.fixture
def copy(tmp_path) -> Path:
    shutil.copytree(PACKAGE, tmp_path / "patience", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def loaded_by(half: str) -> set[Path]:
    """The package's source files a fresh interpreter has loaded once a worker has computed
    one ``half`` of a deal's row (a compiled module by its C source)."""
    flags = "played=False" if half == "solver" else "solved=False"
    loaded = subprocess.run([sys.executable, "-c", (
        "import sys\n"
        "from patience.stats.deal import evaluate\n"
        f"evaluate('napoleon', 1, 50, {flags})\n"
        "print('\\n'.join(m.__file__ for n, m in list(sys.modules.items()) if n.split('.')[0] == 'patience'))")],
        env=environment(), cwd=PACKAGE.parent.parent, text=True, capture_output=True, check=True).stdout.split()
    return {_source(Path(name).resolve()) for name in loaded}


@pytest.mark.parametrize("half", ["solver", "player"])
def test_each_digest_covers_every_module_its_half_loads(half):
    """Independently: the modules a fresh worker has loaded once it has computed one half
    of a row are all among that half's digested files."""
    from patience.stats.digests import JOINT, PLAYER_ROOTS, SOLVER_ROOTS, code_files

    covered = {*code_files(*(SOLVER_ROOTS if half == "solver" else PLAYER_ROOTS)), *JOINT}
    missing = sorted(str(path.relative_to(PACKAGE)) for path in loaded_by(half) - covered)
    assert not missing
    named = {str(path.relative_to(PACKAGE)) for path in covered}
    assert {"rulespec/schema.py", "rulespec/loading.py", "engine/game.py", "solver/search.py", "stats/deal.py"} <= named
    assert ("player/lookahead.py" in named) == (half == "player")


def test_the_solver_s_digest_leaves_out_the_player():
    from patience.stats.digests import SOLVER_ROOTS, code_files

    assert not [path for path in code_files(*SOLVER_ROOTS) if "player" in path.relative_to(PACKAGE).parts]


def _source(path: Path) -> Path:
    """A compiled module (``_native.cpython-311-….so``) is digested by its C source."""
    if path.suffix == ".so":
        return path.with_name(path.name.split(".")[0] + ".c")
    return path


@pytest.mark.parametrize("module", ["rulespec/schema.py", "rulespec/movement.py", "rulespec/compile.py", "datafile.py",
                                    "solver/_native.c"])
def test_a_change_to_any_module_of_the_rules_changes_both_digests(copy, module):
    before = in_copy(copy, DIGEST).split()
    path = copy / "patience" / module
    path.write_text(path.read_text(encoding="utf-8") + "\nCHANGED = True\n", encoding="utf-8")
    after = in_copy(copy, DIGEST).split()
    assert after[0] != before[0] and after[1] != before[1]


def test_a_change_to_the_player_changes_its_digest_and_not_the_solver_s(copy):
    solver, player = in_copy(copy, DIGEST).split()
    path = copy / "patience" / "player" / "counsel.py"
    path.write_text(path.read_text(encoding="utf-8") + "\nCHANGED = True\n", encoding="utf-8")
    solver_after, player_after = in_copy(copy, DIGEST).split()
    assert solver_after == solver and player_after != player


def test_a_change_to_what_both_halves_run_changes_both_digests(copy):
    """The player borrows the solver's ordering: a change there is a change of both."""
    before = in_copy(copy, DIGEST).split()
    path = copy / "patience" / "solver" / "ordering.py"
    path.write_text(path.read_text(encoding="utf-8") + "\nCHANGED = True\n", encoding="utf-8")
    after = in_copy(copy, DIGEST).split()
    assert after[0] != before[0] and after[1] != before[1]


def test_a_module_nothing_a_worker_runs_imports_leaves_the_digest(copy):
    """The claims and the command line decide nothing of a deal's outcome."""
    before = in_copy(copy, DIGEST)
    for module in ("claims/chance.py", "cli/stats.py"):
        path = copy / "patience" / module
        path.write_text(path.read_text(encoding="utf-8") + "\nCHANGED = True\n", encoding="utf-8")
    assert in_copy(copy, DIGEST) == before
