"""Text and spec test each other: quotations, stated numbers, cited passages."""

import pytest

from patience.claims import run_claim
from patience.claims.provenance import (
    number_problems,
    parameter_numbers,
    quotation_problems,
)
from patience.claims.support import ClaimError
from patience.engine.game import Game
from patience.rulespec.compile import compile_rules
from patience.rulespec.loading import find, read_spec, spec_paths
from patience.text import load_edition

SPECS = [read_spec(path)[0] for path in spec_paths()]
IDS = [spec.game for spec in SPECS]


@pytest.fixture(scope="module")
def reading():
    edition = load_edition()
    return lambda passage_id: edition.passage(passage_id).reading


# Coverage, quotations and numbers over the whole edition: patience.consistency, run by tests/checks.


def _with_clause(spec, clause_id, **changes):
    clauses = [type(c).model_validate({**c.model_dump(by_alias=True), **changes}) if c.id == clause_id else c
               for c in spec.clauses]
    return spec.model_copy(update={"clauses": clauses})


def _spec(game):
    return next(spec for spec in SPECS if spec.game == game)


@pytest.mark.parametrize("game, clause_id, changes, stated", [
    ("nivernaise", "flanks", {"rows": 4, "plate": {"shape": "sides", "groups": 4, "per_group": 2}},
     "nivernaise.game.1 states 2"),
    ("duchess", "redeal", {"redeals": 2}, "duchess.game.6 states 3"),
])
def test_a_wrong_parameter_fails_the_numbers_check(game, clause_id, changes, stated, reading):
    problems = number_problems(_with_clause(_spec(game), clause_id, **changes), reading)
    assert any(stated in problem for problem in problems), problems


def _compiled(spec, game):
    rules = compile_rules(spec, list(spec.clauses), find(game)[2], game)
    return Game(rules)


@pytest.mark.parametrize("game, clause_id, changes, claim_id", [
    ("calculation", "talon", {"piles": 3, "plate": {"shape": "row", "per_group": 3}}, "four-talon-packets"),
    ("napoleon", "square-deal", {"cards_each": 5}, "twelve-packets-of-four"),
    ("napoleon", "foundations", {"piles": 6, "base": [{"rank": "A", "count": 6}],
                                 "plate": {"shape": "rows", "groups": 2, "per_group": 3}}, "eight-aces-to-kings"),
    ("duchess", "first-reserve", {"cards_each": 3}, "two-reserve-cards"),
])
def test_a_wrong_parameter_a_claim_states_too_makes_that_claim_fail(game, clause_id, changes, claim_id):
    """Where a claim carries the same number as the clause, the claim fails (the numbers
    check may not see it: the number is stated once)."""
    spec = _with_clause(_spec(game), clause_id, **changes)
    claim = next(c for c in spec.claims if c.id == claim_id)
    assert run_claim(_compiled(spec, game), claim).holds != (claim.expect == "holds")


def test_a_take_out_the_pack_cannot_give_is_an_error_of_the_claim_that_states_it():
    """Nine kings of one pack-pair: the deal itself is impossible, and the claim says so."""
    spec = _with_clause(_spec("sultan"), "take-out", cards=[{"rank": "K", "count": 9}, {"rank": "A", "suit": "hearts"}])
    claim = next(c for c in spec.claims if c.id == "eight-kings-and-an-ace-taken-out")
    with pytest.raises(ClaimError, match="the pack has too few cards for take_out"):
        run_claim(_compiled(spec, "sultan"), claim)


def test_a_plate_or_an_unwritten_default_carries_no_number():
    """The plate only draws the piles, and a default is nothing the spec states: neither
    may account for a number the text gives (the flanks' two rows were carried by their
    plate alone before)."""
    flanks = next(c for c in _spec("nivernaise").clauses if c.id == "flanks")
    assert parameter_numbers(flanks) == {8, 2}  # piles and rows; not the plate's 2 × 4
    talon = next(c for c in _spec("zodiac").clauses if c.id == "talon")
    assert parameter_numbers(talon) == {1}  # its one pile, written; not the default rows: 1


def test_a_misquotation_fails(reading):
    spec = _with_clause(_spec("sultan"), "redeal", quote="Талонъ берутъ и тасуютъ")
    assert quotation_problems(spec, reading)


def test_parameter_numbers_skip_ranks_and_provenance():
    spec = _spec("calculation")
    claim = next(c for c in spec.claims if c.id == "second-after-queen-sequence")
    assert parameter_numbers(claim) == {2}  # the pile; Q, A and 3 are ranks
    sequence = next(c for c in spec.claims if c.id == "first-foundation-by-ones")
    assert parameter_numbers(sequence) == {1}
