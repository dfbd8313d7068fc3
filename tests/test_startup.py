"""The quick commands stay quick: what ``patience games``, ``deal`` and ``cite`` import, and the
quick reading of the specs' headers that ``games`` lists from.

A command's start is mostly its imports, so what these tests hold is the set of modules each
command leaves out (``benchmarks/bench_startup.py`` measures the time itself). Each command runs
in a fresh interpreter, which then lists ``sys.modules``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import astuple

import pytest

from patience import sources
from patience.cli import commands, main
from patience.cli import games as games_command
from patience.rulespec import loading
from patience.rulespec.headers import game_headers

PROBE = """
import contextlib, io, json, sys
from patience.cli import commands, main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        status = main(sys.argv[1:])
    except SystemExit as end:  # --help
        status = end.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""

# What every quick command leaves out: the whole edition, its spelling, its exports, the solver.
DATA_STACK = {"patience.corpus", "patience.consistency", "patience.orthography", "patience.export", "patience.claims",
              "patience.solver", "patience.stats", "pymorphy3", "reportlab", "dask", "distributed"}
COMMANDS = {  # the command: (what it must import, to show the probe sees it; what it must not)
    ("--help",): ({"patience.cli.stats", "patience.cli.tei"},
                  DATA_STACK | {"pydantic", "yaml", "patience.engine", "patience.rulespec", "patience.text",
                                "patience.citation", "patience.datafile"}),
    ("games",): ({"yaml", "patience.rulespec.headers"},
                 DATA_STACK | {"pydantic", "patience.engine", "patience.rulespec.schema", "patience.rulespec.loading",
                               "patience.text", "patience.citation", "patience.datafile", "patience.cli.deal"}),
    ("deal", "sultan", "7"): ({"patience.engine", "patience.rulespec.schema"},
                              DATA_STACK | {"patience.text", "patience.citation", "patience.cli.games"}),
    ("cite", "sultan.end.2"): ({"patience.citation", "patience.text"},
                               DATA_STACK | {"patience.engine", "patience.rulespec", "patience.cli.deal"}),
}


def imported(*argv: str) -> set[str]:
    result = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True)
    report = json.loads(result.stdout)
    assert report["status"] == 0, result.stderr
    return set(report["modules"])


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_quick_command_imports_what_it_uses_and_not_the_rest(argv):
    wanted, unwanted = COMMANDS[argv]
    modules = imported(*argv)
    assert wanted <= modules
    assert {name for name in modules if name in unwanted or name.rsplit(".", 1)[0] in unwanted} == set()


def test_the_headers_list_what_the_whole_reading_lists():
    assert [tuple(header) for header in game_headers()] == [astuple(entry) for entry in loading.games()]


def test_games_lists_alike_from_the_headers_and_from_the_whole_reading():
    quick, whole = games_command._read_quickly(), games_command._read_whole()
    assert quick is not None
    assert ([tuple(entry) for entry in quick[0]], quick[1]) == ([astuple(entry) for entry in whole[0]], whole[1])


def test_the_quick_reading_finds_the_files_where_the_whole_reading_does():
    from patience.text import edition

    assert sources.SPEC_DIR == loading.SPEC_DIR
    assert edition.source_texts_dir is sources.source_texts_dir


@pytest.fixture
def specs(tmp_path, monkeypatch):
    """A copy of the specs that both readings read."""
    copy = tmp_path / "specs"
    shutil.copytree(loading.SPEC_DIR, copy)
    for module in (sources, loading):
        monkeypatch.setattr(module, "SPEC_DIR", copy)
    return copy


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("old, new", [
    ("title: Sultan\n", "title: [Sultan]\n"),  # not a string
    ("title: Sultan\n", "title: Sultan\ntitle: Sultan again\n"),  # a key given twice
    ("game: sultan\n", "---\ngame: sultan\n"),  # a document marker
    ("    title: Sultan as Cadogan's English has it, with two redeals\n", ""),  # a variant without its title
    ("playable: false\n", "playable: 'no'\n"),  # not a boolean
])
def test_a_header_that_does_not_read_plainly_is_left_to_the_whole_reading(specs, old, new):
    path = specs / ("paquets.yaml" if "playable" in old else "sultan.yaml")
    edit(path, old, new)
    assert game_headers(specs) is None


def test_a_game_given_twice_is_left_to_the_whole_reading(specs):
    shutil.copy(specs / "sultan.yaml", specs / "zz-sultan.yaml")
    assert game_headers(specs) is None


def test_quoted_and_folded_headers_read_as_yaml_reads_them(specs):
    edit(specs / "sultan.yaml", "title: Sultan\n", "title: >-\n  Sultan:\n  the divan # not a comment\n")
    edit(specs / "sultan.yaml", "  - id: english\n", "  - id: 'english'  # a comment\n")
    headers = {header.id: header for header in game_headers(specs)}
    assert headers["sultan"].title == "Sultan: the divan # not a comment"
    assert "sultan:english" in headers
    assert [tuple(header) for header in headers.values()] == [astuple(entry) for entry in loading.games()]


def test_games_falls_back_to_the_whole_reading_and_its_located_error(specs, capsys):
    edit(specs / "sultan.yaml", "status: partial\n", "status: lost\n")
    assert main(["games"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"patience: {specs / 'sultan.yaml'}:") and "status" in err


@pytest.mark.parametrize("command", commands())
def test_every_command_listed_by_help_starts_by_its_own_name(command, capsys):
    """A module's name is its command's, with ``-`` for ``_`` (``claim_kinds``: ``claim-kinds``)."""
    with pytest.raises(SystemExit) as end:
        main([command, "--help"])
    assert end.value.code == 0 and capsys.readouterr().out.startswith(f"usage: patience {command} ")
