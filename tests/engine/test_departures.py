"""The departures from Cadogan's English against the specs: every clause and variant a
departure or a settled reading names exists, and the English reading of a departure
that changes play is a playable variant whose spec differs where the departure says."""

import pytest

from patience.engine import games, load_game
from patience.spec.loading import clauses_of, find
from patience.text import load_edition

EDITION = load_edition()
ITEMS = [*EDITION.collation.departures, *EDITION.collation.readings]


def clause_ids(game_id: str) -> set[str]:
    spec = find(game_id)[0]
    variant = game_id.split(":", 1)[1] if ":" in game_id else None
    return {clause.id for clause in clauses_of(spec, variant)}


@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item.id)
def test_every_clause_named_exists(item):
    for reference in item.clauses:
        game_id, clause = reference.rsplit(".", 1)
        assert clause in clause_ids(game_id), f"{item.id}: no clause {reference}"


@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item.id)
def test_an_item_concerns_the_clauses_of_its_own_game(item):
    assert all(reference.split(".")[0].split(":")[0] == item.game for reference in item.clauses)


def test_every_english_reading_that_changes_play_is_a_playable_variant():
    known = {entry.id for entry in games()}
    changing = [d for d in EDITION.collation.departures if d.play == "changes" and d.spec == "russian"]
    assert changing, "the Sultan's redeals, at least, change play"
    for departure in changing:
        assert departure.variant in known, departure.id
        base, variant = load_game(departure.game), load_game(departure.variant)
        changed = {c.id for c in variant.rules.clauses} & {c.id for c in base.rules.clauses}
        differs = [cid for cid in changed
                   if next(c for c in variant.rules.clauses if c.id == cid) != next(c for c in base.rules.clauses if c.id == cid)]
        named = {reference.rsplit(".", 1)[1] for reference in departure.clauses}
        assert set(differs) & named, f"{departure.variant} changes none of the clauses {departure.id} names"


def test_the_sultan_as_cadogan_has_it_is_played_through_three_times():
    game = load_game("sultan:english")
    assert game.rules.redeal.redeals == 2 and load_game("sultan").rules.redeal.redeals == 1


def test_every_game_says_whether_its_english_survives():
    listed = {e.game: e for e in EDITION.collation.english}
    assert set(listed) == {g.id for g in EDITION.games}
    assert {g for g, e in listed.items() if e.extent == "none"} == {"calculation", "paquets", "duchess", "sympathie"}
