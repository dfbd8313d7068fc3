"""A compiled game follows its spec file: a long-lived process (the Sphinx build, a
server, a notebook) that loads a game, sees its spec edited and loads it again plays
the edited rules, and one that loads it twice unchanged shares one object."""

from __future__ import annotations

import os
import shutil

import pytest

from patience.rulespec import compile as compiling
from patience.rulespec import loading


@pytest.fixture
def specs(tmp_path, monkeypatch):
    """A copy of the specs, read in place of the package's."""
    folder = tmp_path / "specs"
    shutil.copytree(loading.SPEC_DIR, folder)
    monkeypatch.setattr(loading, "SPEC_DIR", folder)
    return folder


def _edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    before = path.stat().st_mtime_ns
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))  # a later time, whatever the clock


def test_an_unchanged_spec_gives_the_same_game(specs):
    assert compiling.load_game("sultan") is compiling.load_game("sultan")
    assert compiling.load_rules("napoleon:twelve") is compiling.load_rules("napoleon:twelve")


def test_an_edited_spec_is_compiled_again(specs):
    path = specs / "calculation.yaml"
    before = compiling.load_game("calculation")
    title = loading.read_spec(path)[0].title
    _edit(path, f"title: {title}\n", f"title: {title} (edited)\n")
    after = compiling.load_game("calculation")
    assert after is not before
    assert after.rules.spec.title == f"{title} (edited)"
    assert compiling.load_game("calculation") is after


def test_a_spec_broken_by_an_edit_is_reported_not_served_from_the_cache(specs):
    path = specs / "duchess.yaml"
    compiling.load_game("duchess")
    _edit(path, "\ngame: duchess\n", "\ngame: duchess\nunknown_key: 1\n")
    with pytest.raises(Exception, match="unknown_key"):
        compiling.load_game("duchess")
