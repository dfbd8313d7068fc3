"""A broken spec is a clear error naming the file, the line and what is wrong."""

import textwrap
from types import SimpleNamespace

import pytest

from patience.datafile import DataFileError
from patience.rulespec.compile import compile_rules, rules_from_file

GOOD = """\
game: tiny
title: Tiny
title_ru: Малый
status: complete
summary: A test game.
clauses:
  - id: packs
    kind: packs
    count: 1
    says: One pack.
    conjecture: A test spec with no text behind it.
  - id: talon
    kind: area
    name: talon
    role: talon
    label_ru: талонъ
    piles: 1
    says: One talon.
    conjecture: A test spec with no text behind it.
  - id: foundations
    kind: foundations
    name: foundation
    label_ru: основанія
    piles: 4
    base: [{rank: A, count: 4}]
    placed: as_they_appear
    direction: up
    last: K
    suit: follow
    says: Aces up to kings.
    conjecture: A test spec with no text behind it.
  - id: turn
    kind: flow
    from: stock
    to: [foundation, talon]
    says: Turn the pack.
    conjecture: A test spec with no text behind it.
"""


def write(tmp_path, text, name="tiny.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def line(text: str, fragment: str, after: int = 0) -> int:
    """The 1-based line of the first ``fragment`` at or after line ``after``."""
    lines = text.splitlines()
    return next(i for i, content in enumerate(lines, 1) if i >= after and fragment in content)


def error_of(tmp_path, text) -> DataFileError:
    with pytest.raises(DataFileError) as caught:
        rules_from_file(write(tmp_path, text))
    return caught.value


def test_the_good_spec_compiles(tmp_path):
    rules = rules_from_file(write(tmp_path, GOOD))
    assert [rules.pile_name(p) for p in range(len(rules.pile_area))] == [
        "stock", "talon", "foundation 1", "foundation 2", "foundation 3", "foundation 4"]


def test_a_clause_kind_without_a_compile_step_is_a_programming_error(tmp_path):
    """A kind the schema gained but ``_add`` does not name is not passed over, nor taken
    for a fault of the spec."""
    path = write(tmp_path, GOOD)
    spec = rules_from_file(path).spec
    unnamed = SimpleNamespace(kind="no_such_kind", id="unnamed")
    with pytest.raises(NotImplementedError, match="no step for clause kind 'no_such_kind' \\(clause unnamed\\)"):
        compile_rules(spec, [unnamed], path, "tiny")


def test_an_unknown_key_is_named_with_its_line(tmp_path):
    text = GOOD.replace("    piles: 1\n", "    piles: 1\n    shade: red\n")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "shade: red") and "clauses.1.shade: unknown key" in error.message


def test_a_wrong_type_is_named_with_its_line(tmp_path):
    text = GOOD.replace("piles: 4", "piles: many")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "piles: many") and "clauses.2.piles: Input should be a valid integer" in error.message


def test_an_impossible_value_is_refused(tmp_path):
    text = GOOD.replace("count: 1\n", "count: 3\n", 1)
    error = error_of(tmp_path, text)
    assert error.line == line(text, "count: 3") and "should be 1, 2 or 4" in error.message


def test_base_cards_must_match_the_piles(tmp_path):
    error = error_of(tmp_path, GOOD.replace("{rank: A, count: 4}", "{rank: A, count: 3}"))
    assert error.line == line(GOOD, "id: foundations") and "3, not 4 piles" in error.message


def test_a_clause_needs_passages_or_a_conjecture(tmp_path):
    error = error_of(tmp_path, GOOD.replace("    says: One talon.\n    conjecture: A test spec with no text behind it.\n",
                                            "    says: One talon.\n"))
    assert error.line == line(GOOD, "id: talon") and "passages or a conjecture" in error.message


def test_a_passage_id_must_look_like_one(tmp_path):
    text = GOOD.replace("    says: One talon.\n", "    says: One talon.\n    passages: [Sultan 2]\n")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "[Sultan 2]")
    assert "'Sultan 2' is not a passage id (GAME.PART[.N[.M]]" in error.message


def test_an_unknown_area_names_the_clause_and_its_line(tmp_path):
    error = error_of(tmp_path, GOOD.replace("to: [foundation, talon]", "to: [foundations, talon]"))
    assert error.line == line(GOOD, "id: turn") and "clause 'turn': no area named 'foundations'" in error.message


def test_a_contradicted_claim_needs_a_note(tmp_path):
    claims = """\
claims:
  - id: wrong
    says: Something the engine refutes.
    passages: [tiny.rules.1]
    check: {kind: capacity}
    expect: contradicted
"""
    error = error_of(tmp_path, GOOD + claims)
    assert error.line == line(GOOD + claims, "id: wrong") and "editorial 'note'" in error.message


def test_duplicate_ids_are_refused(tmp_path):
    error = error_of(tmp_path, GOOD.replace("id: talon", "id: packs"))
    assert "'packs' is used twice" in error.message


def test_a_yaml_syntax_error_has_its_line(tmp_path):
    error = error_of(tmp_path, GOOD + "  - id: [unclosed\n")
    assert error.line is not None and "YAML syntax" in error.message


CLAIM = """\
claims:
  - id: laid-out
    says: One talon pile, empty.
    passages: [tiny.rules.1]
    check:
      kind: layout
      area: talon
      piles: 1
      cards_each: 0
"""


def test_a_typed_check_compiles(tmp_path):
    rules = rules_from_file(write(tmp_path, GOOD + CLAIM))
    check = rules.claims[0].check
    assert type(check).__name__ == "Layout" and check.parameters() == {"area": "talon", "piles": 1, "cards_each": 0}


@pytest.mark.parametrize("change, fragment, message", [
    (("      piles: 1\n", "      piles: one\n"), "piles: one", "check.piles: Input should be a valid integer"),
    (("      piles: 1\n", "      piles: 0\n"), "piles: 0", "check.piles: Input should be greater than 0"),
    (("      piles: 1\n", "      pile: 1\n"), "pile: 1", "check.pile: unknown key"),
    (("      area: talon\n", "      area: Talon\n"), "area: Talon", "check.area: String should match pattern"),
    (("      kind: layout\n", "      kind: lay_out\n"), "kind: lay_out", "check: Input tag 'lay_out' found using 'kind' does not match"),
])
def test_a_bad_check_parameter_is_located_when_the_spec_loads(tmp_path, change, fragment, message):
    text = GOOD + CLAIM.replace(*change)
    error = error_of(tmp_path, text)
    assert error.line == line(text, fragment) and message in error.message


def test_a_missing_check_parameter_is_located_at_the_check(tmp_path):
    text = GOOD + CLAIM.replace("      cards_each: 0\n", "")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "kind: layout") and "check.cards_each: required key is missing" in error.message


def test_a_bad_rank_in_a_check_is_located(tmp_path):
    text = GOOD + CLAIM.replace("""      kind: layout
      area: talon
      piles: 1
      cards_each: 0
""", """      kind: foundations_end
      piles: 4
      rank: Z
""")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "rank: Z") and "unknown rank 'Z'" in error.message


def test_a_check_asking_two_things_at_once_is_refused(tmp_path):
    text = GOOD + CLAIM.replace("""      kind: layout
      area: talon
      piles: 1
      cards_each: 0
""", """      kind: foundation_sequence
      area: foundation
      pile: 1
      ranks: [A, 2]
      after: A
      next: [2]
""")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "kind: foundation_sequence") and "give 'ranks', or 'after' and 'next'" in error.message


def test_a_move_into_a_space_and_onto_a_card_at_once_is_refused(tmp_path):
    text = GOOD + CLAIM.replace("""      kind: layout
      area: talon
      piles: 1
      cards_each: 0
""", """      kind: moves_between
      from: stock
      to: talon
      into_empty: true
      onto_card: true
""")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "kind: moves_between") and "give 'into_empty' or 'onto_card', not both" in error.message


@pytest.mark.parametrize("old, new, key, value", [
    ("count: 1\n", "count: true\n", "count", "True"),
    ("piles: 4", 'piles: "4"', "piles", "'4'"),
])
def test_a_number_written_as_a_boolean_or_a_string_is_refused(tmp_path, old, new, key, value):
    text = GOOD.replace(old, new, 1)
    error = error_of(tmp_path, text)
    assert f"{key} must be a number, not {value}" in error.message
    assert error.line == line(text, "- id: ", after=line(text, new.strip()) - 6)  # the clause's line


def test_a_deal_that_needs_more_cards_than_the_packs_hold_is_refused(tmp_path):
    from patience.engine.game import DealError, Game

    text = GOOD.replace("    piles: 1\n", "    piles: 2\n").replace("  - id: turn\n", "  - id: deal\n    kind: deal\n    to: talon\n    cards_each: 30\n"
                        "    says: Deal sixty.\n    conjecture: A test spec with no text behind it.\n  - id: turn\n")
    rules = rules_from_file(write(tmp_path, text))
    with pytest.raises(DealError) as caught:
        Game(rules).deal(0)
    assert caught.value.clause == "deal" and "deal 'deal' needs more cards than 1 pack hold" in str(caught.value)
