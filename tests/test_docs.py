"""The docs are written for a reader: commands as they are typed, a build that publishes only the site."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MACHINE_PATH = re.compile(r"(?<![\w.~])/(?:work|home|root|tmp|Users|opt|srv|mnt)/")


def test_no_page_names_a_path_of_the_machine_it_was_written_on():
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = [(page.relative_to(ROOT), number, line) for page in pages
             for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             if MACHINE_PATH.search(line)]
    assert found == []


def test_the_readme_build_keeps_doctrees_out_of_the_published_folder():
    command = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
                   if "-m sphinx" in line)
    words = shlex.split(command.split("-m sphinx", 1)[1])
    output = words[-1]
    doctrees = words[words.index("-d") + 1]
    assert not Path(doctrees).is_relative_to(output), (doctrees, output)
