"""The solver's accelerator against the pure-Python reference.

Along the recorded playouts of ``tests/engine/test_recorded_moves.py`` (the same deals, the
same random moves, the same undos), the accelerator's engine must list exactly the
reference's legal moves, in order, hold the same piles, score the position exactly as the
search's score does, and find the same safe move; and on deals of every game it hands over,
its searches must decide as the reference's do, position for position. Where the extension is
not built the tests are skipped, unless ``PATIENCE_REQUIRE_NATIVE=1`` (as in CI) makes that a
failure.
"""

from __future__ import annotations

import os

import pytest

from patience.cards import rank_of, suit_of
from patience.engine.game import Game
from patience.engine.rng import SplitMix64, seed
from patience.rulespec.compile import games, load_game, rules_from_file
from patience.rulespec.loading import SPEC_DIR
from patience.solver import native
from patience.solver.ordering import score
from patience.solver.position import Keys, symmetric_areas
from patience.solver.safe import SafeMoves
from patience.solver.search import reference
from tests.engine.test_recorded_moves import DEALS, STEPS

GAME_IDS = [entry.id for entry in games() if entry.playable]
HANDED_OVER = [game_id for game_id in GAME_IDS if not native.unsupported(load_game(game_id))]


@pytest.fixture(autouse=True)
def built():
    if native._native is None:
        if os.environ.get("PATIENCE_REQUIRE_NATIVE") == "1":
            pytest.fail("the solver's accelerator is not built (patience/solver/_native.c)")
        pytest.skip("the solver's accelerator is not built")


def test_the_accelerator_takes_every_game_whose_rules_do_not_read_the_history():
    assert sorted(set(GAME_IDS) - set(HANDED_OVER)) == ["sympathie", "zodiac", "zodiac:russian"]
    for game_id in ("zodiac", "zodiac:russian"):
        assert native.unsupported(load_game(game_id)) == (
            "redeals without limit (the history decides whether another is allowed)",)


@pytest.mark.parametrize("game_id", HANDED_OVER)
def test_the_recorded_playouts_are_played_alike(game_id):
    game = load_game(game_id)
    lockstep = Lockstep(game)
    for number in range(DEALS):
        lockstep.play(game.deal(number), SplitMix64(seed(f"record:{game_id}:{number}")))


class Lockstep:
    """The two engines driven together from a position, by the reference's random moves
    (with undos), compared at every step; ``seen`` gathers the positions passed through."""

    def __init__(self, game):
        self.game, self.keys, self.safe = game, Keys(game), SafeMoves(game, symmetric_areas(game))
        self.positions: dict[int, int] = {}
        self.seen: list = []

    def play(self, state, generator) -> None:
        game, fast = self.game, native.engine(self.game, state)
        for _ in range(STEPS):
            moves = game.legal_moves(state)
            self.seen.append((state.snapshot(), moves))
            assert fast.legal_moves() == [native.values_of(move) for move in moves], (state.key, len(state.history))
            assert fast.piles() == [bytes(pile) for pile in state.piles]
            assert fast.score() == score(game, state, peek=True)
            expected = self.safe.find(state, moves)
            assert fast.safe() == (None if expected is None else native.values_of(expected))
            assert fast.won() == game.is_won(state)
            _same_key_same_position(self.positions, fast.key(), self.keys.key(state, "root"))
            if not moves:
                break
            move = moves[generator.below(len(moves))]
            game.apply(state, move)
            fast.apply(native.values_of(move))
            if generator.below(5) == 0:
                game.undo(state)
                fast.undo()
                assert fast.piles() == [bytes(pile) for pile in state.piles]
                game.apply(state, move)
                fast.apply(native.values_of(move))


def test_spaces_filled_in_turn_are_played_alike(tmp_path):
    """The Zodiac's equator, filled from the talon, or from the pack only when the talon is
    empty (``order: in_turn``): the Zodiac itself is left to the reference for its redeals
    without limit, so its spec is played here with two redeals."""
    text = (SPEC_DIR / "zodiac.yaml").read_text(encoding="utf-8")
    assert text.count("redeals: unlimited") == 1
    (tmp_path / "zodiac.yaml").write_text(text.replace("redeals: unlimited", "redeals: 2"), encoding="utf-8")
    game = Game(rules_from_file(tmp_path / "zodiac.yaml"))
    assert not native.unsupported(game)
    lockstep = Lockstep(game)
    for number in range(DEALS):
        lockstep.play(game.deal(number), SplitMix64(seed(f"in turn:{number}")))
    equator, talon = game.rules.areas["equator"].piles, game.rules.piles_of("talon")
    waited = [moves for (_, piles), moves in lockstep.seen
              if piles[0] and any(piles[p] for p in talon) and not all(piles[p] for p in equator)]
    assert waited, "no position had a space in the equator while the talon held cards"
    assert all(game.rules.role(m.src) != "stock" or game.pile_area[m.dst] != "equator"
               for moves in waited for m in moves)


def test_pairs_of_one_rank_are_played_alike():
    """The Empress as rule I is printed pairs two cards of one rank, which no deal ever
    lets happen: the foundations are built here (with cards from outside the layout) until an admiral and a
    general both want a seven, and two sevens of each are put in the army and the navy."""
    game = load_game("empress:russian-rule-one")
    lockstep = Lockstep(game)
    for number in (0, 2, 3, 4):  # deal 1 has but one seven of the admiral's suit outside the layout
        state = game.deal(number)
        admiral, general = game.rules.areas["ace foundation"].piles[0], game.rules.areas["king foundation"].piles[0]
        for pile, ranks in ((admiral, (2, 3, 4, 5, 6)), (general, (12, 10, 9, 8))):
            suit = suit_of(state.piles[pile][0])
            state.piles[pile] += [_taken_out(game, state, suit * 13 + rank - 1) for rank in ranks]
        army, navy = game.rules.areas["army"].piles, game.rules.areas["navy"].piles
        for place, foundation in ((army[number], general), (army[-1], general), (navy[number], admiral),
                                  (navy[-1], admiral)):  # a red seven for the general, a black for the admiral
            seven = _taken_out(game, state, suit_of(state.piles[foundation][0]) * 13 + 6)
            state.piles[0].append(state.piles[place].pop())
            state.piles[place].append(seven)
        state.edited()
        pairs = [move for move in game.legal_moves(state) if move.kind == "pair"]
        assert len(pairs) >= 4 and {(rank_of(move.card), rank_of(move.card2)) for move in pairs} == {(7, 7)}
        lockstep.play(state, SplitMix64(seed(f"one rank:{number}")))


def test_a_redeal_whose_first_gathered_pile_is_empty_is_played_alike():
    """The Duchess gathers its packets first: a fresh accelerator's state that redeals with
    the first packet empty (nothing saved yet, nothing to save) plays it as the reference."""
    game = load_game("duchess")
    first = game.rules.areas[game.rules.redeal.gather[0]].piles[0]
    met = 0
    for number in range(120):
        state, generator = game.deal(number), SplitMix64(seed(f"empty first packet:{number}"))
        for _ in range(STEPS):
            moves = game.legal_moves(state)
            redeal = next((move for move in moves if move.kind == "redeal"), None)
            if redeal is not None and not state.piles[first]:
                fast = native.engine(game, state)
                fast.apply(native.values_of(redeal))
                game.apply(state, redeal)
                assert fast.piles() == [bytes(pile) for pile in state.piles]
                Lockstep(game).play(state, generator)
                met += 1
                break
            if not moves:
                break
            game.apply(state, moves[generator.below(len(moves))])
    assert met >= 2, "no deal of the sample came to a redeal with its first packet empty"


def _taken_out(game, state, key: int) -> int:
    """A card of this suit and rank (of any pack), taken from the stock, or else from the
    cards set aside or the talons (never from the layout)."""
    for pile in range(len(state.piles)):
        if game.rules.role(pile) in ("stock", "aside", "talon"):
            card = next((card for card in reversed(state.piles[pile]) if card % 52 == key), None)
            if card is not None:
                state.piles[pile].remove(card)
                return card
    raise AssertionError(f"no card {key} outside the layout")


def _same_key_same_position(positions: dict, fast_key: int, reference_key: int) -> None:
    """The two keys must tell positions apart alike: one fast key, one reference key."""
    known = positions.setdefault(fast_key, reference_key)
    assert known == reference_key, "one accelerator key for two positions the reference tells apart"


@pytest.mark.parametrize("game_id", HANDED_OVER)
def test_the_searches_decide_alike(game_id):
    game = load_game(game_id)
    for number in (1, 2, 3):
        expected = reference(game, game.deal(number), 3_000)
        outcome, nodes, line = native.solve(game, game.deal(number), 3_000)
        assert (outcome, nodes, line) == (expected.outcome, expected.nodes, expected.line), number


def test_turned_off_by_the_environment(monkeypatch):
    game = load_game("calculation")
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    assert native.solve(game, game.deal(1), 100) is None
