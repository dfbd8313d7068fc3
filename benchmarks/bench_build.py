"""A clean build of the edition against a clean build of a plain Sphinx site of the same text.

    python benchmarks/bench_build.py [--runs N]

The plain site is generated into a temporary directory: one page per game, and one
for the notes, holding the reading text of every passage of the edition, in the
book's order, under the same titles, with no extension but MyST. Both sites are
built from scratch (fresh output and doctree directories) by ``sphinx -b html`` in a
subprocess; the script reports the time on the wall and the processor time of the
build (which other processes on a loaded machine disturb less), and their ratio.
The edition's extra cost is the apparatus, the rules (clauses, claims run against
the engine, plates, examples) and the search index.

A third build separates the engine's share from Sphinx's: the edition again from a
fresh environment and output, but with the doctree directory of the clean build, so
the claims' and examples' results are read from the rules cache there instead of
being computed. What it costs is the edition's pages without any engine work.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from patience.text import load_edition

ROOT = Path(__file__).resolve().parent.parent
CONF = 'project = "plain"\nextensions = ["myst_parser"]\nroot_doc = "index"\nhtml_theme = "furo"\n'


def plain_site(folder: Path) -> Path:
    """Write the plain site of the edition's passages into ``folder``."""
    edition = load_edition()
    pages: dict[str, list[str]] = {}
    for passage in edition.passages:
        pages.setdefault(passage.game or "notes", []).append(passage.reading)
    for name, texts in pages.items():
        title = edition.game(name).title_en if name != "notes" else "Notes"
        (folder / f"{name}.md").write_text(f"# {title}\n\n" + "\n\n".join(texts) + "\n", encoding="utf-8")
    toctree = "\n".join(pages)
    (folder / "index.md").write_text(f"# Plain\n\n```{{toctree}}\n{toctree}\n```\n", encoding="utf-8")
    (folder / "conf.py").write_text(CONF, encoding="utf-8")
    return folder


Times = tuple[float, float]


def build(source: Path) -> Times:
    """(wall seconds, processor seconds) of a clean HTML build of ``source``."""
    with tempfile.TemporaryDirectory() as output:
        return _timed_sphinx(source, f"{output}/doctrees", f"{output}/html")


def build_twice(source: Path) -> tuple[Times, Times]:
    """The clean build's times, and those of a second build from a fresh environment
    that keeps the first one's doctree directory (and so its cached engine results)."""
    with tempfile.TemporaryDirectory() as output:
        clean = _timed_sphinx(source, f"{output}/doctrees", f"{output}/html")
        return clean, _timed_sphinx(source, f"{output}/doctrees", f"{output}/html-again", "-E")


def _timed_sphinx(source: Path, doctrees: str, html: str, *options: str) -> Times:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sphinx", "-q", *options, "-b", "html", "-d", doctrees, str(source), html],
                   check=True, cwd=source)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="builds of each site (the fastest counts)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        plain = plain_site(Path(folder))
        editions = [build_twice(ROOT) for _ in range(runs)]
        edition_times = min((clean for clean, _ in editions), key=lambda times: times[1])
        cached_times = min((again for _, again in editions), key=lambda times: times[1])
        plain_times = min((build(plain) for _ in range(runs)), key=lambda times: times[1])
    print("| site | wall s | processor s | ratio to plain (wall, processor) |\n|---|---:|---:|---:|")
    for name, (wall, processor) in (("the edition", edition_times),
                                    ("the edition, engine results cached", cached_times),
                                    ("plain Sphinx, same passages", plain_times)):
        print(f"| {name} | {wall:.1f} | {processor:.1f} | {wall / plain_times[0]:.1f}, {processor / plain_times[1]:.1f} |")


if __name__ == "__main__":
    main()
