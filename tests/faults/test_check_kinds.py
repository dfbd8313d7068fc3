"""D1: ``patience check --kind K`` never gives a false all-clear. A file the kind needs that
cannot be read is a located ``source`` finding, and the command exits 1."""

from __future__ import annotations

import pytest

from patience.cli import main
from patience.consistency import check_source
from tests.editing import edit, line_of

SPEC_KINDS = ["duplicate", "title", "coverage", "quotation", "number", "claim", "departures"]


def sources(findings) -> list[tuple[str, int | None, str]]:
    return [(f.path, f.line, f.message) for f in findings if f.kind == "source"]


@pytest.mark.parametrize("kind", SPEC_KINDS)
def test_d1_k_a_broken_spec_stops_every_kind_that_reads_the_specs(kind, source_copy, specs_copy):
    spec = specs_copy / "sultan.yaml"
    edit(spec, "status: partial\n", "status: partial\ncolour: red\n")
    found = sources(check_source(source_copy, specs_copy, [kind]))
    assert found == [(str(spec), line_of(spec, "colour: red"),
                      f"colour: unknown key (so the {kind} check could not run)")]


def test_d1_k_one_finding_names_every_check_it_stopped(source_copy, specs_copy):
    spec = specs_copy / "sultan.yaml"
    edit(spec, "status: partial\n", "status: partial\ncolour: red\n")
    found = sources(check_source(source_copy, specs_copy, ["source", "quotation", "number"]))
    assert found == [(str(spec), line_of(spec, "colour: red"),
                      "colour: unknown key (so the quotation, number checks could not run)")]


def first_excuse_reason(spec) -> str:
    text = spec.read_text(encoding="utf-8")
    return text[text.index("reason:", text.index("\nnumbers:")):].split("\n", 1)[0]


def test_d1_n14_a_spec_schema_error_is_found_by_the_number_kind(source_copy, specs_copy):
    spec = specs_copy / "besieged.yaml"
    edit(spec, first_excuse_reason(spec), "reason: short")
    found = sources(check_source(source_copy, specs_copy, ["number"]))
    assert found == [(str(spec), line_of(spec, "reason: short"),
                      "numbers.0.reason: String should have at least 10 characters (so the number check could not run)")]


def test_d1_x4_a_yaml_error_in_checked_tokens_is_found_by_the_corrections_kind(source_copy, specs_copy):
    path = source_copy / "checked_tokens.yaml"
    edit(path, "  - passage: sultan.end.2\n", "  - passage: [sultan.end.2\n")
    found = sources(check_source(source_copy, specs_copy, ["corrections"]))
    assert len(found) == 1 and found[0][:2] == (str(path), line_of(path, "[sultan.end.2") + 1)
    assert found[0][2].startswith("YAML syntax: ") and found[0][2].endswith("(so the corrections check could not run)")


def test_d1_n41_an_empty_checked_tokens_is_found_by_the_corrections_kind(source_copy, specs_copy):
    path = source_copy / "checked_tokens.yaml"
    path.write_text("", encoding="utf-8")
    assert sources(check_source(source_copy, specs_copy, ["corrections"])) == [
        (str(path), 1, "the file is empty (it should hold checked) (so the corrections check could not run)")]


def test_d1_x3_a_yaml_error_in_the_allow_list_is_found_by_the_modern_kind(source_copy, specs_copy):
    path = source_copy / "modern" / "allowlist.yaml"
    edit(path, "  - word: Нивернез\n", "  - word: [Нивернез\n")
    found = sources(check_source(source_copy, specs_copy, ["modern"]))
    assert len(found) == 1 and found[0][0] == str(path) and found[0][1] is not None
    assert found[0][2].startswith("YAML syntax: ") and found[0][2].endswith("(so the modern check could not run)")


def test_d1_n53_an_override_of_a_missing_word_is_found_by_the_modern_kind(source_copy, specs_copy):
    path = source_copy / "modern" / "overrides.yaml"
    edit(path, "    original: при чемъ\n", "    original: при чемъ-то\n")
    found = sources(check_source(source_copy, specs_copy, ["modern"]))
    assert found == [(str(path), line_of(path, "original: при чемъ-то") - 1,
                      "passage empress.game.2 has no word 'при чемъ-то' in its reading text (so the modern check could not run)")]


def test_d1_n33_a_term_whose_match_finds_nothing_is_found_by_the_glossary_kind(source_copy, specs_copy):
    path = source_copy / "glossary.yaml"
    edit(path, "    match: [колода]\n", "    match: [колодище]\n")
    found = sources(check_source(source_copy, specs_copy, ["glossary"]))
    assert len(found) == 1 and found[0][0] == str(path)
    assert "колода" in found[0][2] and found[0][2].endswith("(so the glossary check could not run)")


def test_d1_the_command_exits_1_on_a_kind_that_could_not_run(source_copy, monkeypatch, capsys):
    path = source_copy / "checked_tokens.yaml"
    path.write_text("", encoding="utf-8")
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source_copy))
    assert main(["check", "--kind", "corrections"]) == 1
    out = capsys.readouterr()
    assert out.out == f"{path}:1: the file is empty (it should hold checked) (so the corrections check could not run)\n"
    assert out.err == "1 finding\n"


def test_d1_x3_n41_the_source_kind_reads_the_lists_the_checks_excuse_by(source_copy, specs_copy):
    tokens, allowlist = source_copy / "checked_tokens.yaml", source_copy / "modern" / "allowlist.yaml"
    tokens.write_text("", encoding="utf-8")
    allowlist.write_text("words: []\nword: x\n", encoding="utf-8")
    assert sources(check_source(source_copy, specs_copy, ["source"])) == [
        (str(tokens), 1, "the file is empty (it should hold checked)"),
        (str(allowlist), 2, "word: unknown key"),
    ]
