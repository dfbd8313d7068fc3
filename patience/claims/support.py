"""What every kind of claim check uses: the result, the error, the piles of an area,
the cards a foundation takes, and reproducible random playouts."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from patience.cards import rank_of
from patience.engine import rng
from patience.engine.game import IN_PLAY, Game, matches
from patience.engine.rules import Pattern
from patience.engine.state import State
from patience.rulespec.compile import pattern as engine_pattern
from patience.rulespec.terms import CardPattern, Check

PLAYOUT_DEALS = range(6)
PLAYOUT_LENGTH = 400


@dataclass
class ClaimResult:
    holds: bool
    detail: str
    shown: bool = True  # False: the figures tell neither way (a claim about chance: "not shown")

    @property
    def verdict(self) -> str:
        """What the engine says of the claim: ``holds``, ``contradicted`` or ``not_shown``."""
        return "holds" if self.holds else "contradicted" if self.shown else "not_shown"


class ClaimError(ValueError):
    """A claim the engine cannot ask (an area the game lacks, a pile it does not have)."""


RUNNERS: dict[type[Check], Callable[..., ClaimResult]] = {}


def runs(model: type[Check]):
    """Register a function as what claims of this kind ask the engine. It takes the game
    and the model's parameters by name; a function whose parameters differ from the
    model's fields is refused here, when the module is imported."""
    def register(function: Callable[..., ClaimResult]) -> Callable[..., ClaimResult]:
        taken = list(inspect.signature(function).parameters)[1:]
        wanted = [name for name in model.model_fields if name != "kind"]
        if sorted(taken) != sorted(wanted):
            raise TypeError(f"{function.__name__} takes {taken}; {model.__name__} has {wanted}")
        RUNNERS[model] = function
        return function
    return register


def area_piles(game: Game, area: str | None, role: str = "foundation") -> list[int]:
    if area is None:
        return game.rules.piles_of(role)
    if area not in game.rules.areas:
        raise ClaimError(f"no area {area!r}")
    return list(game.rules.areas[area].piles)


def empty_state(game: Game) -> State:
    return State([[] for _ in game.rules.pile_area], "claim")


def engine_foundation(game: Game, pile: int) -> list[int]:
    """The cards a foundation takes, found by offering cards one by one to the engine."""
    state = empty_state(game)
    if game.rules.foundation[pile].placed == "at_start":
        state.piles[pile] = game.deal(0).piles[pile][:1]
    pool = [c for c in range(game.total_cards) if c not in state.piles[pile]]
    while True:
        offered = next((c for c in pool if game.accepts(state, pile, c, "stock")), None)
        if offered is None:
            return state.piles[pile]
        state.piles[pile].append(offered)
        pool.remove(offered)


def foundation_ranks(game: Game, pile: int) -> list[int]:
    return [rank_of(c) for c in engine_foundation(game, pile)]


def area_pile(game: Game, area: str, pile: int) -> int:
    piles = area_piles(game, area)
    if not 1 <= pile <= len(piles):
        raise ClaimError(f"{area} has no pile {pile}")
    return piles[pile - 1]


def playouts(game: Game, deals=PLAYOUT_DEALS, length=PLAYOUT_LENGTH, start: Callable | None = None):
    """Reproducible random playouts: yields (state, legal moves) before every move."""
    for number in deals:
        state = start(number) if start else game.deal(number)
        generator = rng.SplitMix64(rng.seed(f"{game.id}:{number}:claims"))
        for _ in range(length):
            moves = game.legal_moves(state)
            yield state, moves
            if not moves:
                break
            game.apply(state, moves[generator.below(len(moves))])


def fits(cards: list[int], patterns: list[Pattern]) -> bool:
    remaining = list(cards)
    for pattern in patterns:
        for _ in range(pattern.count):
            found = next((c for c in remaining if matches(pattern, c)), None)
            if found is None:
                return False
            remaining.remove(found)
    return not remaining


def patterns(items) -> list[Pattern]:
    """The cards a check describes (as the spec writes them), as the engine matches them."""
    return [engine_pattern(CardPattern.model_validate(item)) for item in items]


def built_end_positions(game: Game) -> list[tuple[str, State]]:
    """The last positions of a won game, as the game's own rules build them: the cards of
    deal 0 laid on the foundations one by one wherever a foundation takes one (the cards set
    aside, and those dealt to the foundations, left where they lie), and then that position
    with each foundation's last card back on the first pile of each area in play that sends
    cards to it. None if the cards cannot all be laid so, or the game does not call it won."""
    built = _foundations_built(game)
    if built is None:
        return []
    state, dealt = built
    ends = [("every foundation built up", state)]
    for pile in game.rules.piles_of("foundation"):
        if len(state.piles[pile]) <= dealt[pile]:
            continue
        area = game.rules.pile_area[pile]
        for flow in game.rules.flows:
            source = game.rules.areas.get(flow.source)
            if area in flow.to and source is not None and source.role in IN_PLAY:
                left = State([list(cards) for cards in state.piles], "end position")
                left.piles[source.piles[0]].append(left.piles[pile].pop())
                ends.append((f"the last card of {game.rules.pile_name(pile)} in the {flow.source}", left))
    return ends


def _foundations_built(game: Game) -> tuple[State, dict[int, int]] | None:
    start = game.deal(0)
    foundations = game.rules.piles_of("foundation")
    kept = set(foundations) | {p for p in range(len(start.piles)) if game.area_of[p].holds}
    pool = sorted(c for p, cards in enumerate(start.piles) if p not in kept for c in cards)
    state = State([list(cards) if p in kept else [] for p, cards in enumerate(start.piles)], "end position")
    dealt = {pile: len(state.piles[pile]) for pile in foundations}
    laid = True
    while pool and laid:
        laid = False
        for pile in foundations:
            card = next((c for c in pool if game.accepts(state, pile, c, "stock")), None)
            if card is not None:
                state.piles[pile].append(card)
                pool.remove(card)
                laid = True
    return (state, dealt) if not pool and game.is_won(state) else None


def end_positions(game: Game, areas: list[str] | None = None) -> list[tuple[str, State]]:
    """Where a win is declared or not: every card of deal 0 on the foundations (the cards
    taken out and set aside left where they lie), then every card but one, left in the
    first pile of each of ``areas`` in turn (default: each area in play; the last
    foundation gives the card up)."""
    start = game.deal(0)
    foundations = game.rules.piles_of("foundation")
    if not foundations:
        return []
    aside = {p for p in range(len(start.piles)) if game.area_of[p].holds}
    every = State([list(cards) if p in aside else [] for p, cards in enumerate(start.piles)], "end position")
    every.piles[foundations[-1]] = [c for p, cards in enumerate(start.piles) if p not in aside for c in cards]
    ends = [("every card on the foundations", every)]
    names = areas if areas is not None else [a.name for a in game.rules.areas.values() if a.role in IN_PLAY]
    for name in names:
        left = State([list(cards) for cards in every.piles], "end position")
        left.piles[game.rules.areas[name].piles[0]].append(left.piles[foundations[-1]].pop())
        ends.append((f"one card left in the {name}", left))
    return ends
