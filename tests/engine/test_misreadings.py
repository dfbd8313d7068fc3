"""The misreadings and over-claims found against the text, each settled: every test here
fails on the rules or claims as they stood before (each says how)."""

import shutil
from pathlib import Path

import pytest

from patience.claims import run_claim
from patience.consistency import check_source
from patience.engine.game import Game, position
from patience.rulespec.compile import compile_rules, load_game
from patience.rulespec.loading import clauses_of, find
from patience.text import load_edition
from patience.views import plate

REPO = Path(__file__).resolve().parents[2]
EDITION = load_edition()


def claim(game_id: str, claim_id: str):
    return next(c for c in load_game(game_id).rules.claims if c.id == claim_id)


def holds(game: Game, claim_id: str) -> bool:
    found = next(c for c in game.rules.claims if c.id == claim_id)
    return run_claim(game, found).holds


def with_clauses(game_id: str, changes: dict, dropped=(), added=()) -> Game:
    """The game with some clauses' parameters changed (the spec file untouched)."""
    spec, lines, path = find(game_id)
    variant = game_id.split(":")[1] if ":" in game_id else None
    clauses = [type(c).model_validate({**c.model_dump(by_alias=True, exclude_unset=True), **changes[c.id]})
               if c.id in changes else c for c in clauses_of(spec, variant) if c.id not in dropped]
    rules = compile_rules(spec, [*clauses, *added], path, game_id, lines)
    return Game(rules)


def notations(game: Game, state) -> set[str]:
    return {game.describe(m) for m in game.legal_moves(state)}


# -- the Zodiac: the pack fills an equator space only when there is no talon ----------------------
def test_an_equator_space_takes_the_pack_s_card_only_without_a_talon():
    game = load_game("zodiac")
    state = position(game, {"equator 1": [], "zodiac 1": ["5♥/1"], "talon": ["9♣/1"]})
    legal = notations(game, state)
    assert "9♣ talon → equator 1" in legal
    assert not any(n.endswith("stock → equator 1") for n in legal)
    emptied = position(game, {"zodiac 1": ["5♥/1"]})
    assert any(n.endswith("stock → equator 1") for n in notations(game, emptied))


def test_the_old_order_of_sources_breaks_the_claim():
    """Before, the pack could fill an equator space while the talon had cards: the claim
    that states zodiac.game.2's order fails on that rule."""
    old = with_clauses("zodiac", {"equator-spaces": {"order": "any"}})
    assert not holds(old, "equator-spaces-from-the-pack-only-without-a-talon")
    assert holds(load_game("zodiac"), "equator-spaces-from-the-pack-only-without-a-talon")


def test_the_order_of_the_equator_s_sources_is_stated_not_conjecture():
    spaces = next(c for c in load_game("zodiac").rules.clauses if c.id == "equator-spaces")
    assert spaces.order == "in_turn" and "order of sources" not in spaces.conjectural
    assert "нѣтъ надобности" in " ".join(spaces.quotes)  # the fill at will is stated, not guessed


# -- the Constitution: the pack waits for every play and placing -----------------------------------
def test_the_constitution_s_pack_waits_while_the_privy_council_can_play():
    game = load_game("constitution")
    state = game.deal(1)
    legal = notations(game, state)
    assert "2♠ privy council 1 → foundation 2" in legal
    assert "3♣ stock → talon" not in legal  # legal before: the pack was turned beside the council's play
    old = with_clauses("constitution", {"pack-to-talon": {"when": "always"}})
    assert "3♣ stock → talon" in notations(old, old.deal(1))
    assert not holds(old, "pack-waits-for-play-and-placing")


# -- the Sultan: the divan before the pack; the talon again only if need be ------------------------
def test_the_sultan_s_pack_waits_for_the_divan_and_the_redeal_for_the_end():
    for game_id in ("sultan", "sultan:english"):
        assert holds(load_game(game_id), "divan-before-the-pack")
        assert holds(load_game(game_id), "talon-again-only-if-need-be")
    old = with_clauses("sultan", {"stock-turned": {"when": "always"}, "redeal": {"when": "stock_empty"}})
    assert not holds(old, "divan-before-the-pack") and not holds(old, "talon-again-only-if-need-be")


def test_the_redeal_claim_finds_the_redeal_rather_than_take_the_last_move():
    """talon-shuffled applied the last legal move, assuming it was the redeal."""
    source = (REPO / "patience" / "claims" / "redeals.py").read_text(encoding="utf-8")
    assert "legal_moves(state)[-1]" not in source
    assert holds(load_game("sultan"), "talon-shuffled")


# -- Napoleon's Square: the runs the text describes --------------------------------------------------
def test_napoleon_s_runs_are_judged_on_runs_and_the_text_holds():
    runs = claim("napoleon", "runs-make-it-impossible")
    square = {pile: cards for pile, cards in runs.check.position.items() if pile.startswith("square")}
    assert len(square) == 2 and all(len(cards) >= 4 for cards in square.values())  # a run over a low card
    assert runs.expect == "holds" and run_claim(load_game("napoleon"), runs).holds
    assert runs.conjecture and "in both cases" in runs.conjecture


# -- claims that said more than their text ----------------------------------------------------------
def test_the_sultan_has_no_claim_comparing_its_two_readings():
    """The comparison of one redeal with two is the departure's measured effect, not a claim of the text."""
    for game_id in ("sultan", "sultan:english"):
        assert not [c for c in load_game(game_id).rules.claims if c.check.kind == "rarer_than"]
    redeals = next(d for d in EDITION.collation.departures if d.id == "sultan.redeals")
    assert redeals.played == {"russian": "sultan", "english": "sultan:english"}


def test_counting_past_thirteen_says_it_rests_on_the_inferred_step():
    found = claim("calculation", "counting-past-thirteen")
    assert found.conjecture and "calculation.steps" in found.conjecture


def test_the_paquets_claim_asks_one_way_only():
    """Its words say "from the ascending to the descending order": a game with that way
    alone must satisfy it (the former check asked for the way back too)."""
    one_way = {"id": "one-way", "kind": "flow", "from": "ascending foundation", "to": ["descending foundation"],
               "says": "One way only.", "conjecture": "A hand-made rule for this test."}
    spec, _, _ = find("paquets")
    added = type(spec).model_validate({**spec.model_dump(by_alias=True, exclude_unset=True),
                                       "clauses": [*spec.model_dump(by_alias=True, exclude_unset=True)["clauses"],
                                                   one_way]}).clauses[-1:]
    game = with_clauses("paquets", {}, dropped=["exchange"], added=added)
    assert holds(game, "exchange-from-ascending-to-descending")


def test_patience_check_runs_the_claims_of_a_spec_that_cannot_be_played(tmp_path):
    specs = tmp_path / "specs"
    shutil.copytree(REPO / "patience" / "specs", specs)
    path = specs / "paquets.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "check: {kind: exchange_one_way, rising: ascending foundation, falling: descending foundation}",
        "check: {kind: exchange_one_way, rising: descending foundation, falling: ascending foundation}"),
        encoding="utf-8")
    findings = check_source(specs_dir=specs, kinds=["claim"])
    assert [f for f in findings if "paquets" in f.message and "exchange-from-ascending" in f.message]


def test_the_zodiac_s_not_vice_versa_is_marked_as_the_english_s():
    found = claim("zodiac", "no-marriage-from-zodiac-to-equator")
    assert found.conjecture and "English" in found.conjecture and "vice" in found.conjecture


# -- plates and departures ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["besieged", "constitution"])
def test_a_reconstructed_layout_says_so_in_its_plate(game_id):
    words = plate.reconstruction(load_game(game_id))
    assert words and "reconstruction" in words and words in plate.describe(load_game(game_id))


def test_a_layout_the_text_gives_is_not_called_a_reconstruction():
    assert plate.reconstruction(load_game("sultan")) is None and plate.reconstruction(load_game("empress")) is None


def test_the_departures_found_since_are_recorded():
    recorded = {d.id: d for d in EDITION.collation.departures}
    assert recorded["empress.must-pair"].played["english"] == "empress:english-pairing"
    assert recorded["nivernaise.new-row"].spec == "english"
    new_row = next(c for c in load_game("nivernaise").rules.clauses if c.id == "new-row")
    assert "nivernaise.new-row" in new_row.conjecture and "on the old packets" not in new_row.conjectural
