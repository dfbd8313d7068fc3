"""The edition's build against a plain Sphinx site of the same content, and after one edit.

    python -m benchmarks.bench_build [--runs N]

(from the repository's root: the benchmark imports its sibling :mod:`benchmarks.plain_site`).

Four builds, each ``sphinx -n -W -b html`` in a subprocess (as the README builds the
site), timed on the wall and in processor time (the build's and its subprocesses':
Node, which makes Play's memory snapshot, and the probe of Play's runtime):

- **the edition, clean**: a temporary copy of the project (its ``conf.py``, ``docs/``
  and ``source_texts/``; ``node_modules`` linked), built from scratch into fresh output
  and doctree directories;
- **the edition, one passage's English edited**: the same copy after a word is added
  to the English of one passage (:data:`EDITED`), built again into the same directories,
  as an editor's next build is (the real files are never touched);
- **the edition, pages only**: the same copy from a fresh environment (``-E``: every page
  read and written again) into the same directories, where the claims' and examples'
  results (the rules cache, under the doctrees) and Play's snapshot (``play/``, made
  again only when its inputs change) are kept: the edition's pages without the engine's
  work and Node's, which is what the clean build costs beyond it;
- **plain Sphinx, same content**: the site :mod:`plain_site` writes from the same data
  (every page of ``docs/``, every passage's four layers with its apparatus, the notes,
  the glossary, the indexes; MyST only), built from scratch.

The targets: the clean build at most three times the plain one, the incremental build
at most two seconds. With ``--runs N`` each build is made N times and the fastest (in
processor time) counts: other processes on a shared machine only ever add time.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import plain_site
from patience.corpus import load_corpus

ROOT = Path(__file__).resolve().parent.parent
EDITED = "calculation.game.3"
"""The passage whose English the incremental build edits: one of a game's rules, on a page with
clauses that cite it, a plate, an example and Play."""
RATIO_TARGET = 3.0
INCREMENTAL_TARGET = 2.0  # seconds

Times = tuple[float, float]  # (wall, processor) seconds


def timed_sphinx(source: Path, output: Path, *options: str) -> Times:
    """Build ``source`` into ``output``/html with doctrees in ``output``/doctrees."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sphinx", "-n", "-W", "-q", *options, "-b", "html",
                    "-d", str(output / "doctrees"), str(source), str(output / "html")], check=True, cwd=source)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def project_copy(folder: Path) -> Path:
    """The files the edition's build reads, copied under ``folder``; the npm packages linked."""
    for name in ("docs", "source_texts"):
        shutil.copytree(ROOT / name, folder / name)
    shutil.copy(ROOT / "conf.py", folder / "conf.py")
    if (ROOT / "node_modules").is_dir():
        os.symlink(ROOT / "node_modules", folder / "node_modules")
    return folder


def edit_english(source_texts: Path, passage_id: str) -> None:
    """Add a word to the English of ``passage_id``, as an editor would, in its file under ``source_texts``."""
    entry = load_corpus(source_texts).english[passage_id]
    path = Path(entry.source_file)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for index in range(entry.source_line, len(lines)):
        if lines[index].strip() == "text: >-":
            first = lines[index + 1]
            lines[index + 1] = first[: len(first) - len(first.lstrip())] + "Indeed, " + first.lstrip()
            path.write_text("".join(lines), encoding="utf-8")
            return
    raise ValueError(f"{path}: no folded `text: >-` after line {entry.source_line} for {passage_id}")


def edition_builds() -> tuple[Times, Times, Times]:
    """The clean build of a copy of the project, its build again after one edit, and its pages only."""
    with tempfile.TemporaryDirectory() as folder:
        copy, output = project_copy(Path(folder) / "project"), Path(folder) / "build"
        clean = timed_sphinx(copy, output)
        edit_english(copy / "source_texts", EDITED)
        incremental = timed_sphinx(copy, output)
        return clean, incremental, timed_sphinx(copy, output, "-E")


def plain_build() -> Times:
    with tempfile.TemporaryDirectory() as folder:
        site = plain_site.write(Path(folder) / "site")
        return timed_sphinx(site, Path(folder) / "build")


def fastest(times: list[Times]) -> Times:
    return min(times, key=lambda pair: pair[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="builds of each kind (the fastest counts)")
    runs = parser.parse_args().runs
    editions = [edition_builds() for _ in range(runs)]
    clean, incremental, pages = (fastest([times[kind] for times in editions]) for kind in range(3))
    plain = fastest([plain_build() for _ in range(runs)])
    print("| build | wall s | processor s | ratio to plain (wall, processor) |\n|---|---:|---:|---:|")
    for name, (wall, processor) in (("the edition, clean", clean),
                                    ("the edition, pages only (engine results and snapshot kept)", pages),
                                    ("plain Sphinx, same content, clean", plain),
                                    (f"the edition, after editing the English of {EDITED}", incremental)):
        print(f"| {name} | {wall:.1f} | {processor:.1f} | {wall / plain[0]:.1f}, {processor / plain[1]:.1f} |")
    ratio = clean[1] / plain[1]
    print(f"\nclean build: {ratio:.1f} times the plain site's processor time (target: at most {RATIO_TARGET:g}); "
          f"incremental build: {incremental[0]:.1f} s wall, {incremental[1]:.1f} s processor "
          f"(target: at most {INCREMENTAL_TARGET:g} s)")


if __name__ == "__main__":
    main()
