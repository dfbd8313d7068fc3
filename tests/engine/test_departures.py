"""The departures from Cadogan's English against the specs: every clause and variant a
departure or a settled reading names exists, and the English reading of a departure
that changes play is a playable variant whose spec differs where the departure says."""

import pytest

from patience.rulespec.compile import games, load_game
from patience.rulespec.loading import clauses_of, find, variant_of
from patience.text import load_edition

EDITION = load_edition()
ITEMS = [*EDITION.collation.departures, *EDITION.collation.readings]


def clause_ids(game_id: str) -> set[str]:
    spec = find(game_id)[0]
    return {clause.id for clause in clauses_of(spec, variant_of(game_id))}


@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item.id)
def test_every_clause_named_exists(item):
    for reference in item.clauses:
        game_id, clause = reference.rsplit(".", 1)
        assert clause in clause_ids(game_id), f"{item.id}: no clause {reference}"


@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item.id)
def test_an_item_concerns_the_clauses_of_its_own_game(item):
    assert all(reference.split(".")[0].split(":")[0] == item.game for reference in item.clauses)


CHANGING = [d for d in EDITION.collation.departures if d.play != "same" and d.spec != "neither"]


def test_every_departure_that_changes_play_or_may_names_both_readings():
    assert {d.id for d in CHANGING} >= {"sultan.redeals", "empress.rule-one", "empress.missing-ranks",
                                         "empress.no-pairs-yet", "empress.must-pair", "zodiac.equator-source",
                                         "nivernaise.looking-through"}
    assert all(d.played and d.variant for d in CHANGING)


@pytest.mark.parametrize("departure", CHANGING, ids=lambda d: d.id)
def test_both_readings_are_playable_and_the_spec_plays_its_own(departure):
    known = {entry.id for entry in games() if entry.playable}
    other = next(r for r in ("russian", "english") if r != departure.spec)
    assert departure.played[departure.spec] == departure.game, "the game itself plays the reading it follows"
    assert departure.played[other] == departure.variant and departure.variant in known
    assert departure.variant.split(":")[0] == departure.game


@pytest.mark.parametrize("departure", CHANGING, ids=lambda d: d.id)
def test_the_other_reading_changes_a_clause_the_departure_names(departure):
    base, variant = load_game(departure.game), load_game(departure.variant)
    clauses = {c.id: c for c in base.rules.clauses}
    changed = {c.id for c in variant.rules.clauses if clauses.get(c.id) != c}
    changed |= set(clauses) - {c.id for c in variant.rules.clauses}  # clauses the variant drops
    named = {reference.rsplit(".", 1)[1] for reference in departure.clauses}
    assert changed & named, f"{departure.variant} changes none of the clauses {departure.id} names"


@pytest.mark.parametrize("game_id", ["sultan:english", "empress:russian-rule-one", "empress:russian-note-sixteen",
                                     "empress:english-pairing", "zodiac:russian", "nivernaise:english"])
def test_a_variant_s_name_says_which_reading_it_plays(game_id):
    """GAME:english / GAME:russian, or GAME:english-WHAT / GAME:russian-WHAT where a game has
    several (docs/spec-language.md), and the departures say the same reading."""
    reading = game_id.split(":")[1].split("-")[0]
    playing = [d for d in EDITION.collation.departures if d.played and game_id in d.played.values()]
    assert playing and all(d.played[reading] == game_id for d in playing)


def test_the_sultan_as_cadogan_has_it_is_played_through_three_times():
    game = load_game("sultan:english")
    assert game.rules.redeal.redeals == 2 and load_game("sultan").rules.redeal.redeals == 1


def test_every_game_says_whether_its_english_survives():
    listed = {e.game: e for e in EDITION.collation.english}
    assert set(listed) == {g.id for g in EDITION.games}
    assert {g for g, e in listed.items() if e.extent == "none"} == {"calculation", "paquets", "duchess", "sympathie"}
