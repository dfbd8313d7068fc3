"""The solver against exhaustive search on small positions, and its results' form."""

from __future__ import annotations

import random

import pytest

from patience.engine.state import State
from patience.rulespec.compile import load_game
from patience.solver import safe, solve
from patience.solver import search as searches
from patience.solver.position import Keys, symmetric_areas
from patience.solver.safe import unsafe_reasons
from patience.solver.search import Beam, BeamPass, BestFirst, DepthFirst, verify
from tests.solver.endgames import endgame, exhaustive

# Games whose positions are their piles and pass alone (no turn, no unlimited redeal),
# so the independent search below may cut repeated positions by snapshot.
GAMES = ["calculation", "calculation:waiting", "napoleon", "constitution", "besieged",
         "sultan", "duchess", "nivernaise", "empress"]


def disagreements(game_id: str, samples: int = 25, search=BestFirst, left: int = 8,
                  limit: int = 5_000) -> tuple[dict, list[int]]:
    """Compare one of the solver's three searches with exhaustive search on small positions
    of the game (``solve`` hands a small position whole to the first)."""
    game = load_game(game_id)
    compared, wrong = {True: 0, False: 0}, []
    for sample in range(samples):
        state = endgame(game, 1 + sample, left=left, seed=sample)
        truth = exhaustive(game, state.copy(), limit=limit)
        if truth is None:
            continue
        solution = search(game, state, 1_000_000).run()
        if solution.outcome != ("won" if truth else "lost"):
            wrong.append(sample)
        compared[truth] += 1
        if compared[True] >= 5 and compared[False] >= 3:
            break
    return compared, wrong


@pytest.mark.parametrize("search", [BestFirst, Beam, DepthFirst])
@pytest.mark.parametrize("game_id", GAMES)
def test_solver_agrees_with_exhaustive_search(game_id, search):
    compared, wrong = disagreements(game_id, search=search)
    assert not wrong, f"{game_id}: the solver disagrees on samples {wrong}"
    assert sum(compared.values()) >= 6, compared


def test_the_comparison_catches_an_unsound_pruning(monkeypatch):
    """Taking every foundation move as safe is unsound in Calculation (a card may be
    wanted on another foundation): the comparison must see it."""
    monkeypatch.setattr(safe, "unsafe_reasons", lambda game: [])
    monkeypatch.setattr(safe.SafeMoves, "is_safe", lambda self, state, move: True)
    for search in (BestFirst, DepthFirst):
        compared, wrong = disagreements("calculation", search=search)
        assert compared[False] and wrong, search


def test_the_comparison_catches_a_beam_that_says_lost_after_leaving_positions_out(monkeypatch):
    """A pass of the beam that kept only some positions of a depth has not seen them all:
    taken for a proof of loss, it would call won positions lost."""
    run = BeamPass.run

    def forgetting(self):
        solution = run(self)
        return searches.Solution("lost", solution.nodes, [], "exhausted") if solution.outcome == "unknown" else solution
    assert disagreements("calculation", search=Beam, left=12, limit=20_000)[1] == []  # where passes are cut
    monkeypatch.setattr(BeamPass, "run", forgetting)
    compared, wrong = disagreements("calculation", search=Beam, left=12, limit=20_000)
    assert compared[True] and wrong


def test_a_beam_widens_until_a_pass_wins(monkeypatch):
    game = load_game("calculation")
    widths = []
    run = BeamPass.run

    def noted(self):
        widths.append(self.width)
        return run(self)
    monkeypatch.setattr(BeamPass, "run", noted)
    solution = Beam(game, game.deal(5), 100_000).run()
    assert solution.outcome == "won" and widths == [1, 2, 4, 8, 16, 32, 64]
    verify(game, game.deal(5), solution.line)


def test_safe_moves_are_exercised_where_sound():
    """The games whose rules allow safe moves are among those checked above."""
    assert not unsafe_reasons(load_game("besieged"))
    assert unsafe_reasons(load_game("constitution")) == ["a space must be filled before anything else is done"]
    assert unsafe_reasons(load_game("calculation")) == ["the talon takes only cards that fit nowhere else"]


def test_a_won_line_is_replayed_and_verified():
    game = load_game("duchess")
    state = game.deal(1)
    solution = solve(game, state, budget=50_000)
    assert solution.outcome == "won"
    assert not state.history, "the caller's state is left unchanged"
    verify(game, state, solution.line)
    with pytest.raises(AssertionError):
        verify(game, state, solution.line[:-1])


def test_budget_runs_out_as_unknown():
    game = load_game("calculation")
    solution = solve(game, game.deal(1), budget=50)
    assert (solution.outcome, solution.nodes, solution.line) == ("unknown", 50, [])


def test_a_position_with_no_move_is_lost():
    game = load_game("calculation")
    state = endgame(game, 3, left=3, seed=0)
    while game.legal_moves(state):
        game.apply(state, game.legal_moves(state)[-1])
    state = State([list(p) for p in state.piles], state.key)
    if not game.is_won(state):
        assert solve(game, state).outcome == "lost"


def test_bad_budget():
    game = load_game("sultan")
    with pytest.raises(ValueError):
        solve(game, game.deal(1), budget=0)


@pytest.mark.parametrize(("game_id", "number", "budget"),
                         [("besieged", 1, 10_000), ("besieged", 8, 10_000), ("constitution", 1, 20_000)])
def test_deals_are_won_from_the_deal_alone(game_id, number, budget):
    """Deals a search that knows nothing of a recorded line wins (``solve`` replays the line)."""
    game = load_game(game_id)
    solution = solve(game, game.deal(number), budget)
    assert solution.outcome == "won"
    state = game.deal(number)
    for move in solution.line:
        game.apply(state, move)
    assert game.is_won(state)


def test_the_constitutions_divisions_filled_by_choice_are_interchangeable():
    """Its Privy Council, Lords and Commons are filled from any place of the division below,
    at the player's choice: interchangeable; the People, filled by the engine from the talon
    or the pack into the first empty place, are not. Its eight foundations follow one rule."""
    game = load_game("constitution")
    assert [game.rules.pile_area[r[0]] for r in symmetric_areas(game)] == [
        "foundation", "privy council", "house of lords", "house of commons"]


def test_foundations_are_interchangeable_only_under_one_rule():
    """Calculation's four foundations step by one, two, three and four: told apart."""
    assert "foundation" not in [load_game("calculation").rules.pile_area[r[0]]
                                for r in symmetric_areas(load_game("calculation"))]
    besieged = load_game("besieged")
    assert "foundation" in [besieged.rules.pile_area[r[0]] for r in symmetric_areas(besieged)]


def test_symmetric_areas_follow_the_rules():
    """Calculation's talon packets are interchangeable; the Besieged City's trenches
    (fed by row ends) and the Duchess's packets (dealt in rows) are not."""
    calculation = load_game("calculation")
    assert [calculation.rules.pile_area[r[0]] for r in symmetric_areas(calculation)] == ["talon"]
    assert symmetric_areas(load_game("sympathie")) == []
    besieged = [load_game("besieged").rules.pile_area[r[0]] for r in symmetric_areas(load_game("besieged"))]
    assert "trench" not in besieged and "reserve" not in besieged
    duchess = load_game("duchess")
    assert "packet" not in [duchess.rules.pile_area[r[0]] for r in symmetric_areas(duchess)]


@pytest.mark.parametrize("game_id", ["calculation", "zodiac", "constitution", "sultan", "sympathie", "napoleon"])
def test_keys_tell_positions_apart_exactly_as_the_picture_does(game_id):
    """Two positions share a key exactly when their pictures agree: the pass, the history's
    part, the piles told apart in order, each symmetric area's piles as a set, and each card
    as what tells it apart (its rank in Calculation, its rank and suit where copies cannot be
    told apart). The variants shuffle each area's piles, move a top card, exchange two cards
    of one class, and change the pass or the history; each has a twin whose symmetric areas'
    piles are shuffled again."""
    game, generator = load_game(game_id), random.Random(game_id)
    areas = [area.piles for area in game.rules.areas.values()]
    variants = []
    for number in range(1, 4):
        state = game.deal(number)
        for _ in range(8):
            piles = [list(cards) for cards in state.piles]
            for area in areas:
                piles[area.start:area.stop] = generator.sample(piles[area.start:area.stop], len(area))
            source, target = generator.sample(range(len(piles)), 2)
            if piles[source] and generator.random() < 0.5:
                piles[target].append(piles[source].pop())
            if generator.random() < 0.5:
                _exchange_alike(game, piles, generator)
            passes, extra = state.passes + generator.randrange(2), generator.choice([None, 0, 1])
            variants.append((position(state, piles, passes), extra))
            for area in symmetric_areas(game):  # a twin: the same picture
                piles[area.start:area.stop] = generator.sample(piles[area.start:area.stop], len(area))
            variants.append((position(state, piles, passes), extra))
    keys = Keys(game)
    for first in variants:
        for second in variants:
            assert (keys.key(*first) == keys.key(*second)) == (picture(game, *first) == picture(game, *second))


def _exchange_alike(game, piles: list[list[int]], generator) -> None:
    """Exchange two cards of the same rank (Calculation) or rank and suit (other packs), wherever they lie."""
    places = [(p, i) for p, cards in enumerate(piles) for i in range(len(cards))]
    generator.shuffle(places)
    for (p, i), (q, j) in zip(places, places[1:]):
        if _class(game, piles[p][i]) == _class(game, piles[q][j]) and piles[p][i] != piles[q][j]:
            piles[p][i], piles[q][j] = piles[q][j], piles[p][i]
            return


def _class(game, card: int) -> int:
    """What tells a card apart, worked out from the game directly: nothing but its rank where
    suits matter to no rule (Calculation's foundations take any suit); its rank and suit in
    games of several packs, but where partners play their own packs (Sympathie) or, before the
    last pass, a shuffled redeal orders cards by their ids."""
    if game.id.startswith("calculation"):
        return card % 13
    if game.rules.packs > 1 and game.id != "sympathie":
        return card % 52
    return card


def position(state: State, piles: list[list[int]], passes: int) -> State:
    variant = state.copy()
    variant.piles, variant.passes = [list(cards) for cards in piles], passes
    variant.edited()
    return variant


def picture(game, state: State, extra) -> tuple:
    """What the search must tell apart in a position, built from the piles directly."""
    redeal = game.rules.redeal
    shuffled_later = redeal is not None and redeal.shuffle and (redeal.redeals == "unlimited"
                                                                  or state.passes <= redeal.redeals)
    cards = [[card if shuffled_later else _class(game, card) for card in pile] for pile in state.piles]
    symmetric = symmetric_areas(game)
    grouped = {pile for piles in symmetric for pile in piles}
    fixed = [pile for number, pile in enumerate(cards) if number not in grouped]
    sets = [sorted(cards[pile] for pile in piles) for piles in symmetric]
    return state.passes, extra, fixed, sets
