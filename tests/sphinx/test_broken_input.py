"""Broken input gives located, typed warnings, exactly these, and ``-W`` fails the build."""

from __future__ import annotations

import subprocess
import sys

import pytest

from patience.text import load_edition

from .helpers import warnings_of

EXPECTED = [
    ("broken.md", 3, "no passage 'sultan.end.99' in the edition [edition.dangling]"),
    ("broken.md", 5, "passage range 'sultan.end.3-sultan.end.1' runs backwards: sultan.end.1 comes before sultan.end.3 [edition.argument]"),
    ("broken.md", 7, "passage range 'sultan.end.1-sultan.end.77': no passage 'sultan.end.77' in the edition [edition.dangling]"),
    ("broken.md", 9, "no note '99' in the edition [edition.dangling]"),
    ("broken.md", 11, "no game 'whist' in the edition [edition.dangling]"),
    ("broken.md", 13, "no game 'whist' in the edition [edition.dangling]"),
    ("broken.md", 16, ":from: 'sultan.end.77' is not a passage of this page [edition.argument]"),
    ("broken.md", 21, "'ed:parallel': Unknown option key: 'colour' (allowed: ['from', 'to']) [myst.directive_option]"),
    ("broken.md", 27, "game 'sympathie' is already declared in broken [edition.duplicate]"),
]


def expected_lines(srcdir):
    return sorted(f"{srcdir / name}:{line}: WARNING: {message}" for name, line, message in EXPECTED)


@pytest.mark.sphinx("html", testroot="broken", freshenv=True)
def test_each_broken_reference_is_one_located_typed_warning(app):
    app.build()
    assert sorted(warnings_of(app)) == expected_lines(app.srcdir)


@pytest.mark.sphinx("html", testroot="broken", freshenv=True, parallel=2, srcdir="broken-parallel")
def test_parallel_build_warns_the_same(app):
    app.build()
    assert sorted(warnings_of(app)) == expected_lines(app.srcdir)


def test_warnings_fail_a_build_with_W(rootdir, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-n", "-W", "-q", "-b", "html", str(rootdir / "test-broken"), str(tmp_path)],
        capture_output=True, text=True,
    )
    assert result.returncode != 0
    assert "[edition.dangling]" in result.stderr


def _unknown_key(text: str) -> tuple[str, int, str]:
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.strip() == "- id: sultan.end.2")
    lines.insert(index + 1, "    colour: red\n")
    return "".join(lines), index + 2, "colour"


def _yaml_syntax(text: str) -> tuple[str, int, str]:
    return text.replace("- id: sultan.end.2", "- id: [sultan.end.2", 1), 0, "YAML syntax"


@pytest.mark.parametrize("breakage", [_unknown_key, _yaml_syntax])
def test_unreadable_passage_file_is_one_warning_at_its_line(make_app, site_copy, source_copy, breakage):
    segmentation = source_copy / "segmentation" / "000.yaml"
    broken_text, line, says = breakage(segmentation.read_text(encoding="utf-8"))
    segmentation.write_text(broken_text, encoding="utf-8")
    broken = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    broken.build()
    warnings = warnings_of(broken)
    source_warnings = [w for w in warnings if "[edition.source]" in w]
    assert warnings == source_warnings and len(source_warnings) == 1  # no dangling reference as a consequence
    where = f"{segmentation}:{line}:" if line else f"{segmentation}:"
    assert source_warnings[0].startswith(f"{where}") and "WARNING: the edition's data cannot be read:" in source_warnings[0]
    assert says in source_warnings[0]


def test_a_file_that_is_not_utf8_is_named(make_app, site_copy, source_copy):
    segmentation = source_copy / "segmentation" / "003.yaml"
    segmentation.write_bytes(b"\xff\xfe" + segmentation.read_bytes())
    broken = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    broken.build()
    source_warnings = [w for w in warnings_of(broken) if "[edition.source]" in w]
    assert len(source_warnings) == 1 and source_warnings[0].startswith(f"{segmentation}:")
    assert "UTF-8" in source_warnings[0]


def test_the_copy_used_above_is_readable_before_it_is_broken(source_copy):
    assert load_edition(source_copy).passage("sultan.end.2").id == "sultan.end.2"


def test_a_title_with_markup_is_text_in_the_index_of_passages(make_app, site_copy, source_copy):
    from tests.editing import edit

    edit(source_copy / "games.yaml", "title_en: Sultan\n", "title_en: Sultan <img src=x onerror=alert(1)>\n")
    app = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    app.build()
    index = (app.outdir / "ed-passages.html").read_text(encoding="utf-8")
    assert "<img src=x" not in index and "Sultan &lt;img src=x onerror=alert(1)&gt;" in index


def test_glossary_errors_are_warnings_that_fail_the_build(make_app, site_copy, source_copy):
    from tests.editing import edit, line_of

    english = source_copy / "english" / "sultan.yaml"
    edit(english, "Divan", "council", -1)  # the Russian has «диванъ»; the English no longer says divan
    edit(english, "  - id: sultan.end.3\n", "  - id: sultan.end.3\n    exceptions:\n      - {term: dragon, reason: none}\n")
    app = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    app.build()
    glossary = sorted(w for w in warnings_of(app) if w.endswith("[check.glossary]"))
    assert glossary == sorted([
        f"{english}:{line_of(english, '- id: sultan.end.2')}: WARNING: passage sultan.end.2: «диванъ» (divan) is in "
        "the Russian but 'divan' is not in the English [check.glossary]",
        f"{english}:{line_of(english, '- id: sultan.end.3')}: WARNING: passage sultan.end.3: exception for an "
        "unknown glossary term 'dragon' [check.glossary]",
    ])


def test_a_witness_that_is_not_utf8_is_named_by_the_build(make_app, site_copy, source_copy):
    import hashlib

    from tests.editing import edit

    witness = next((source_copy / "witnesses").glob("003_*"))
    old = hashlib.sha256(witness.read_bytes()).hexdigest()
    witness.write_bytes(witness.read_text(encoding="utf-8").encode("cp1251", errors="replace"))
    edit(source_copy / "witnesses.yaml", old, hashlib.sha256(witness.read_bytes()).hexdigest())
    broken = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    broken.build()
    assert [w for w in warnings_of(broken)] == [
        f"{witness}:1: WARNING: the edition's data cannot be read: is not UTF-8 (byte 0: invalid continuation byte) "
        "[edition.source]"]
