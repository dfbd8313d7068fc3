"""What a short command costs before it does anything: processor time of ``patience games``,
``deal`` and ``cite`` against ``python -c pass``, now and at a pinned commit.

    python benchmarks/bench_startup.py [--repeat N] [--base COMMIT]

Each command runs in a fresh interpreter, as ``python -m patience …`` (the ``patience``
script does the same), ``--repeat`` times (default 15), with the interpreter alone
(``python -c pass``) run in between, so that all of them meet the same load on a shared
machine. A run's cost is the processor time (user and system) the child process used, as
the kernel counts it (``getrusage``), which other processes disturb far less than the
clock on the wall; the best of the runs is kept, since what other processes disturb is
only ever lost time. The first run of each command is not counted: it writes the
bytecode caches, which an installed package has (``PYTHONDONTWRITEBYTECODE`` is ignored).

The base is the package as it was at ``--base`` (by default ``a3f0c99``, when every
command imported the whole edition, pydantic, PyYAML, pymorphy3 and ReportLab before
parsing its arguments), taken from this repository with ``git archive`` (the package and
the edition's data) into a temporary directory. The target is at most 0.15 s for
``patience games``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

BASE = "a3f0c99"
ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.15  # processor-seconds of `patience games`
COMMANDS = (("games",), ("deal", "sultan", "7"), ("cite", "sultan.end.2"))


def base_tree(commit: str, folder: Path) -> Path:
    """The ``patience`` package and ``source_texts`` of ``commit``, extracted into ``folder``."""
    archive = subprocess.run(["git", "archive", commit, "patience", "source_texts"], cwd=ROOT,
                             capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def cpu(argv: list[str], python_path: Path) -> float:
    """Processor-seconds of one run of ``argv`` whose ``patience`` is the one under ``python_path``."""
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=python_path, env={**environment, "PYTHONPATH": str(python_path)},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(trees: dict[str, Path], repeat: int) -> dict[str, dict[str, float]]:
    """The best processor time of ``python -c pass`` and of each command, in each tree."""
    runs = {"pass": [sys.executable, "-c", "pass"]}
    runs |= {" ".join(command): [sys.executable, "-m", "patience", *command] for command in COMMANDS}
    best: dict[str, dict[str, float]] = {name: {} for name in trees}
    for tree in trees.values():
        for argv in runs.values():
            cpu(argv, tree)  # the bytecode caches written, not counted
    for _ in range(repeat):
        for name, tree in trees.items():
            for label, argv in runs.items():
                seconds = cpu(argv, tree)
                best[name][label] = min(best[name].get(label, seconds), seconds)
    return best


def table(best: dict[str, dict[str, float]]) -> str:
    names = list(best)
    rows = ["| command | " + " | ".join(f"s, {name} | × pass, {name}" for name in names) + " |",
            "|---|" + "---:|---:|" * len(names)]
    for label in best[names[0]]:
        shown = "python -c pass" if label == "pass" else f"patience {label}"
        cells = [f"{best[name][label]:.3f} | {best[name][label] / best[name]['pass']:.1f}" for name in names]
        rows.append(f"| `{shown}` | " + " | ".join(cells) + " |")
    games = best["now"]["games"]
    rows.append(f"\n`patience games`: {games:.3f} processor-seconds now, {games / best['now']['pass']:.1f} times "
                f"`python -c pass`; target at most {TARGET} s: {'met' if games <= TARGET else 'missed'}")
    return "\n".join(rows)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each command; the best is kept")
    parser.add_argument("--base", default=BASE, help="the commit to compare with (default %(default)s)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trees = {arguments.base: base_tree(arguments.base, Path(folder)), "now": ROOT}
        print(table(measure(trees, arguments.repeat)))
