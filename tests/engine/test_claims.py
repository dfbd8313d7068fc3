"""The text's claims, run against the engine; and that they would catch a wrong rule."""

import pytest

from patience.claims import ClaimError, run_claim
from patience.datafile import DataFileError
from patience.engine.game import Game
from patience.rulespec.compile import compile_rules, games, load_game
from patience.rulespec.loading import clauses_of, find, variant_of

CLAIMS = [(entry.id, claim) for entry in games() for claim in load_game(entry.id).rules.claims]


@pytest.mark.parametrize("game_id, claim", CLAIMS, ids=[f"{g}/{c.id}" for g, c in CLAIMS])
def test_claim_outcome_is_as_the_spec_records(game_id, claim):
    result = run_claim(load_game(game_id), claim)
    assert result.verdict == claim.expect, result.detail


def test_the_known_contradictions_are_recorded_with_a_note():
    contradicted = [claim for _, claim in CLAIMS if claim.expect == "contradicted"]
    assert {"note-16-black-kings", "pairs-of-one-rank"} <= {claim.id for claim in contradicted}
    assert all(claim.note for claim in contradicted)


def altered(game_id: str, clause_id: str, **changes) -> Game:
    """The game or variant with one of its clauses' parameters changed (the spec file is untouched)."""
    spec, lines, path = find(game_id)
    clauses = [type(c).model_validate({**c.model_dump(by_alias=True), **changes}) if c.id == clause_id else c
               for c in clauses_of(spec, variant_of(game_id))]
    assert clause_id in {c.id for c in clauses}, f"{game_id} has no clause {clause_id!r}"
    rules = compile_rules(spec, clauses, path, game_id, lines)
    return Game(rules)


def test_a_variant_s_own_clause_is_altered():
    """The Sultan as the English has it replaces the game's redeal (once through again) by
    its own (twice): altering the variant alters its own clause, not the game's."""
    redeal = altered("sultan:english", "redeal", shuffle=False).rules.redeal
    assert (redeal.redeals, redeal.shuffle) == (2, False)
    assert load_game("sultan:english").rules.redeal.shuffle and load_game("sultan").rules.redeal.redeals == 1


def claim(game_id: str, claim_id: str):
    return next(c for c in load_game(game_id).rules.claims if c.id == claim_id)


@pytest.mark.parametrize("game_id, clause_id, changes, claim_id", [
    ("calculation", "foundations", {"step": [1, 3, 2, 4]}, "second-after-queen-sequence"),
    ("calculation", "foundations", {"wrap": True, "last": "Q"}, "four-end-with-kings"),
    ("calculation", "thirteen-card-arrangement", {"stack": [1, 2, 3, 4]}, "arrangement-gathers-ranks"),
    ("sultan", "king-foundations", {"last": "J"}, "eight-end-with-queens"),
    ("napoleon", "foundations", {"suit": "any"}, "foundations-follow-suit"),
    ("napoleon", "square-deal", {"cards_each": 3}, "twelve-packets-of-four"),
    ("duchess", "redeal", {"redeals": 2}, "four-deals"),
    ("duchess", "reserve", {"available_when": "always"}, "reserve-only-at-end"),
    # in_sequence: a division that takes any card (a talon) breaks «по порядку»
    ("constitution", "privy-council", {"role": "talon"}, "placed-in-sequence-on-the-council"),
    # moves_between onto_card: no moves from packet to packet
    ("besieged", "trench-moves", {"to": ["foundation"]}, "trench-to-trench"),
    # spaces_filled_from: every source must fill some space (an empty talon fills none)
    ("besieged", "talon", {"role": "tableau"}, "reserve-filled-from-talon-then-pack"),
    # moves_between sees a packet's card turned up
    ("sympathie", "players", {"own": [["first packet", "first open", "first grace"],
                                      ["second open", "second grace"]]}, "second-partner-turns-up-his-packets"),
])
def test_a_wrong_parameter_makes_a_claim_fail(game_id, clause_id, changes, claim_id):
    game = altered(game_id, clause_id, **changes)
    assert not run_claim(game, claim(game_id, claim_id)).holds


def test_an_impossible_foundation_sequence_is_refused_with_its_clause():
    with pytest.raises(DataFileError, match="king-foundations.*never reaches"):
        altered("sultan", "king-foundations", wrap=False)


def test_a_check_naming_an_area_the_game_lacks_is_a_clear_error():
    base = claim("sultan", "eight-end-with-queens")
    check = base.check.model_copy(update={"area": "nowhere"})
    with pytest.raises(ClaimError, match="claim 'eight-end-with-queens': no area 'nowhere'"):
        run_claim(load_game("sultan"), base.model_copy(update={"check": check}))
