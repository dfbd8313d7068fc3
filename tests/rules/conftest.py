"""Fixtures for the rules extension: a small site with its own copies of two specs.

``rules_site()`` copies the test root ``roots/test-rules`` and the engine's own
``sultan.yaml`` and ``calculation.yaml`` into its ``specs/`` (the root's
``rules_specs_dir``), so a test may break a spec without touching the real one.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from patience.rulespec.loading import SPEC_DIR

REPO = Path(__file__).resolve().parents[2]
ROOTS = Path(__file__).parent / "roots"


@pytest.fixture
def rules_site(tmp_path):
    def copy(*games: str) -> Path:
        site = tmp_path / "site"
        shutil.copytree(ROOTS / "test-rules", site)
        (site / "specs").mkdir()
        for game in games or ("sultan", "calculation"):
            shutil.copy(SPEC_DIR / f"{game}.yaml", site / "specs")
        return site
    return copy


@pytest.fixture
def build(make_app, tmp_path):
    """``build(site, **confoverrides)``: an HTML build of the site into one output folder."""
    def run(site: Path, parallel: int = 0, **overrides):
        app = make_app("html", srcdir=site, builddir=tmp_path / "out", parallel=parallel,
                       confoverrides=overrides)
        app.build()
        return app
    return run


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace ``old`` (which must occur ``count`` times) and move the file's mtime on."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000_000))
