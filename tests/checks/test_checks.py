"""``patience check`` and :mod:`patience.consistency`: the edition is consistent, and each kind of
inconsistency is found, located (file:line) and fails the command."""

from __future__ import annotations

import json
import shutil

import pytest

from patience import findings as light
from patience.cli import main
from patience.consistency import CHECKS, KINDS, check_source
from patience.rulespec.loading import SPEC_DIR
from tests.editing import edit, line_of

FAST = [kind for kind in KINDS if kind not in ("claim", "statistics")]  # tests/engine/test_claims.py, tests/stats


@pytest.fixture
def specs_copy(tmp_path):
    copy = tmp_path / "specs"
    shutil.copytree(SPEC_DIR, copy)
    return copy


def test_the_edition_is_consistent():
    findings = check_source(kinds=FAST)
    assert findings == [], "\n".join(map(str, findings))


def test_every_kind_listed_has_its_check_and_its_description():
    """The light list the build's warning types read names exactly the checks there are."""
    assert sorted(CHECKS) == sorted(KINDS)
    described = [line.split("``")[1] for line in (light.__doc__ or "").splitlines() if line.startswith("``")]
    assert described == list(KINDS)


def located(findings, kind):
    return [(f.path, f.line, f.message) for f in findings if f.kind == kind]


def test_a_quotation_in_no_passage_is_found_at_its_clause(source_copy, specs_copy):
    path = specs_copy / "sultan.yaml"
    edit(path, "quote: восемь королей", "quote: девять королей")
    found = located(check_source(source_copy, specs_copy, ["quotation"]), "quotation")
    assert found == [(str(path), line_of(path, "- id: packs"),
                      "sultan: packs: quote 'девять королей' is not in sultan.end.1")]


def test_two_specs_of_one_game_are_a_duplicate(source_copy, specs_copy):
    shutil.copy(specs_copy / "sultan.yaml", specs_copy / "sultan-copy.yaml")
    found = located(check_source(source_copy, specs_copy, ["duplicate"]), "duplicate")
    assert found == [(str(specs_copy / "sultan.yaml"), 3, "game 'sultan' is already defined in sultan-copy.yaml")]


def test_a_spec_titled_otherwise_than_games_yaml(source_copy, specs_copy):
    edit(specs_copy / "sultan.yaml", "title: Sultan", "title: The Sultan")
    found = located(check_source(source_copy, specs_copy, ["title"]), "title")
    assert len(found) == 1 and found[0][0].endswith("sultan.yaml") and "differ from games.yaml" in found[0][2]


def test_an_uncited_rule_is_a_coverage_finding(source_copy, specs_copy):
    path = specs_copy / "sultan.yaml"
    edit(path, "passages: [sultan.end.1]", "passages: [sultan.end.2]", -1)
    found = located(check_source(source_copy, specs_copy, ["coverage"]), "coverage")
    assert found == [(str(path), 3, "sultan.end.1 is cited by no clause or claim")]


def test_an_english_without_the_terms_rendering_is_a_glossary_finding(source_copy, specs_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, "Divan", "council", -1)  # a named part: capitalised
    found = located(check_source(source_copy, specs_copy, ["glossary"]), "glossary")
    assert [(p, m) for p, _, m in found] == [
        (str(path), "passage sultan.end.2: «диванъ» (divan) is in the Russian but 'divan' is not in the English")]
    assert found[0][1] == line_of(path, "- id: sultan.end.2")


def test_an_exception_naming_an_unknown_term_is_a_glossary_finding(source_copy, specs_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, "  - id: sultan.end.2\n", "  - id: sultan.end.2\n    exceptions:\n      - {term: dragon, reason: none}\n")
    found = located(check_source(source_copy, specs_copy, ["glossary"]), "glossary")
    assert found == [(str(path), line_of(path, "- id: sultan.end.2"),
                      "passage sultan.end.2: exception for an unknown glossary term 'dragon'")]


def test_a_term_copied_under_a_new_id_is_a_glossary_finding(source_copy, specs_copy):
    path = source_copy / "glossary.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: divan\n")
    end = text.index("\n  - id: ", start + 1) + 1
    path.write_text(text + text[start:end].replace("id: divan", "id: divan-again"), encoding="utf-8")
    found = located(check_source(source_copy, specs_copy, ["glossary"]), "glossary")
    assert found == [(str(path), line_of(path, "id: divan-again"), "term divan-again repeats term divan («диванъ», 'divan')")]


def test_the_command_prints_located_findings_and_fails(source_copy, monkeypatch, capsys):
    edit(source_copy / "english" / "sultan.yaml", "Divan", "council", -1)
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source_copy))
    assert main(["check", "--kind", "glossary"]) == 1
    out = capsys.readouterr()
    path = source_copy / "english" / "sultan.yaml"
    assert out.out.splitlines() == [
        f"{path}:{line_of(path, '- id: sultan.end.2')}: passage sultan.end.2: «диванъ» (divan) is in the Russian but "
        "'divan' is not in the English"]
    assert out.err == "1 finding\n"
    assert main(["check", "--kind", "glossary", "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert [f["kind"] for f in record["findings"]] == ["glossary"]


def test_the_command_passes_on_the_edition(capsys):
    assert main(["check", "--kind", "quotation", "--kind", "number", "--kind", "glossary"]) == 0
    assert capsys.readouterr().err == "0 findings\n"


def test_a_text_that_cannot_be_loaded_is_one_located_finding(source_copy, specs_copy):
    edit(source_copy / "games.yaml", "games:", "games: [")
    findings = check_source(source_copy, specs_copy)
    assert len(findings) == 1 and findings[0].kind == "source" and findings[0].path.endswith("games.yaml")


def test_an_ocr_fault_left_uncorrected_is_a_corrections_finding(source_copy, specs_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, "три дамы трефъ.\"\n    corrections:\n      - sic: \"треФъ\"\n        corr: \"трефъ\"\n        kind: case\n"
               "        note: \"The OCR often reads ф as Ф; the book writes the word in lower case elsewhere (флотъ, трефъ).\"\n",
         "три дамы треФъ.\"\n")
    found = located(check_source(source_copy, specs_copy, ["corrections"]), "corrections")
    line = line_of(path, "- id: empress.game.2")
    assert found == [
        (str(path), line, "passage empress.game.2: the reading text's «треФъ» looks like an OCR fault (inner-capital)"),
        (str(path), line, "passage empress.game.2: «треФъ» looks like an OCR fault (inner-capital): correct it, "
                          "or list it in checked_tokens.yaml"),
    ]


def test_a_word_no_dictionary_knows_is_a_modern_finding(source_copy, specs_copy):
    path = source_copy / "modern" / "allowlist.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.index("  - word:")
    second = text.index("  - word:", first + 1)
    word = text[first:second].split("word:", 1)[1].split("\n", 1)[0].strip().strip('"')
    path.write_text(text[:first] + text[second:], encoding="utf-8")
    found = located(check_source(source_copy, specs_copy, ["modern"]), "modern")
    assert found and all("the modern «" in m and "is in no dictionary" in m for _, _, m in found)
    assert any(word.lower() in m.lower() for _, _, m in found)


def test_a_claim_that_repeats_another_is_a_claim_finding(source_copy, tmp_path):
    """The Sultan's divan-cards-go-to-the-foundations-only asked again earlier in the
    spec, its areas in the other order, on the same passage: a finding at the later one. Another passage is another
    statement of the book, and no finding."""
    specs = tmp_path / "only-sultan"
    specs.mkdir()
    path = specs / "sultan.yaml"
    shutil.copy(SPEC_DIR / "sultan.yaml", path)
    repeat = ("  - id: divan-only-to-the-foundations\n    says: Again.\n    passages: [sultan.end.2]\n"
              "    check: {kind: no_move_between, from: divan, to: [talon, divan]}\n")
    edit(path, "  - id: pack-plays-to-the-foundations\n", repeat + "\n  - id: pack-plays-to-the-foundations\n")
    found = located(check_source(source_copy, specs, ["claim"]), "claim")
    assert found == [(str(path), line_of(path, "- id: divan-cards-go-to-the-foundations-only"),
                      "claim sultan.divan-cards-go-to-the-foundations-only repeats divan-only-to-the-foundations: "
                      "the same check on the same passages")]  # the later of the two, once (not per variant)
    edit(path, repeat, repeat.replace("sultan.end.2", "sultan.end.3"))
    assert located(check_source(source_copy, specs, ["claim"]), "claim") == []
