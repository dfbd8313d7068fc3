"""The pages' JavaScript modules, bundled by the build (patience_sphinx._scripts): each page
script one classic script in ``_static/``, Play's worker a module; without esbuild, or with
a module it finds a fault in, the build says so."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from patience_sphinx import _scripts

from tests.sphinx.helpers import page, warnings_of

ESBUILD = Path(__file__).resolve().parents[2] / "node_modules" / "esbuild" / "bin" / "esbuild"
needs_esbuild = pytest.mark.skipif(not ESBUILD.is_file(), reason="esbuild is not installed (npm ci)")


@needs_esbuild
def test_each_page_script_is_one_classic_script_and_the_worker_a_module(rules_site, build):
    app = build(rules_site())
    assert [w for w in warnings_of(app) if "scripts." in w] == []
    static = Path(app.outdir, "_static")
    for name in ("rules.js", "edition.js"):
        bundle = (static / name).read_text(encoding="utf-8")
        assert bundle.startswith('"use strict";\n(() => {\n') and bundle.endswith("})();\n"), name
        assert not re.search(r"^\s*(import|export)\b", bundle, re.M), name  # nothing a classic script cannot run
    rules = (static / "rules.js").read_text(encoding="utf-8")
    for module in ("board", "replay", "player", "engine", "link", "moves"):  # named by their place in the package
        assert f"// rules/js/{module}.js\n" in rules, module
    assert "window.PatienceBoard" not in rules and "startReplays" in rules
    worker = (static / "play-worker.js").read_text(encoding="utf-8")
    assert worker.startswith("// rules/js/play-worker.js\n") and "self.onmessage = async" in worker
    sultan = page(app, "sultan")
    scripts = re.findall(r'<script[^>]* src="(?:\.\./)*_static/([^"?]+)', sultan)
    assert {"rules.js", "edition.js"} <= set(scripts) and not {"board.js", "play.js"} & set(scripts)


def test_without_esbuild_the_build_says_to_run_npm_ci(rules_site, build, tmp_path):
    app = build(rules_site(), scripts_esbuild=str(tmp_path / "nowhere"))
    said = [w for w in warnings_of(app) if "[scripts.bundle]" in w]
    assert len(said) == 3 and all("run `npm ci`" in w and str(tmp_path / "nowhere") in w for w in said)
    assert not Path(app.outdir, "_static", "rules.js").exists()


@needs_esbuild
def test_a_module_esbuild_finds_a_fault_in_is_not_shipped_in_silence(tmp_path):
    broken = tmp_path / "broken.js"
    broken.write_text("export const = 1;\n")
    said = _scripts.run(ESBUILD, [str(broken)], "iife", tmp_path / "out")
    assert said.startswith("esbuild says:") and "broken.js" in said
    doubtful = tmp_path / "doubtful.js"  # a classic script has no import.meta: esbuild warns, the build too
    doubtful.write_text("console.log(import.meta.url);\n")
    said = _scripts.run(ESBUILD, [str(doubtful)], "iife", tmp_path / "out")
    assert said is not None and "import.meta" in said
    fine = tmp_path / "fine.js"
    fine.write_text("export const answer = 42;\nconsole.log(answer);\n")
    assert _scripts.run(ESBUILD, [str(fine)], "iife", tmp_path / "out") is None
    assert "42" in (tmp_path / "out" / "fine.js").read_text()


def test_a_bundle_is_made_again_only_when_a_module_is_newer(tmp_path):
    module, bundle = tmp_path / "a.js", tmp_path / "out.js"
    module.write_text("")
    bundle.write_text("")
    os.utime(module, (1000, 1000))
    os.utime(bundle, (2000, 2000))
    assert _scripts._fresh([bundle], [module])
    os.utime(module, (3000, 3000))
    assert not _scripts._fresh([bundle], [module])
    assert not _scripts._fresh([bundle, tmp_path / "missing.js"], [])
