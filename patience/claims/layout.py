"""What lies on the table after the deal: piles, packets, the cards taken out, each
player's pack, the Calculation's arrangement and the rows dealt in play."""

from __future__ import annotations

from patience.cards import card_name, pack_of, parse_rank, rank_of
from patience.claims.support import (
    ClaimError,
    ClaimResult,
    area_piles,
    end_positions,
    engine_foundation,
    fits,
    patterns,
    runs,
)
from patience.engine import arrangement, looking
from patience.engine.actions import owner
from patience.engine.game import DEAL_ROW, Game
from patience.rulespec.claim_kinds.layout import (
    Arrangement,
    ArrangementFirst,
    ArrangementRoundEnds,
    Bases,
    Layout,
    LookedThrough,
    OutOfPack,
    OwnPacks,
    Piles,
    RowAdds,
    WonOnlyWhenAllBuilt,
)


@runs(Bases)
def bases(game: Game, cards: list) -> ClaimResult:
    for number in range(5):
        state = game.deal(number)
        found = [state.piles[p][0] for p in game.rules.piles_of("foundation") if state.piles[p]]
        if not fits(found, patterns(cards)):
            return ClaimResult(False, f"deal {number}: foundations {[card_name(c) for c in found]}")
    return ClaimResult(True, "deals 0–4 have exactly these foundation cards")


@runs(OutOfPack)
def out_of_pack(game: Game, cards: list) -> ClaimResult:
    """The cards laid out before play (foundation bases and cards set aside), deals 0–4."""
    placed_roles = [p for p in range(len(game.rules.pile_area)) if game.rules.role(p) in ("foundation", "aside")]
    for number in range(5):
        state = game.deal(number)
        found = [c for p in placed_roles for c in state.piles[p]]
        if not fits(found, patterns(cards)):
            return ClaimResult(False, f"deal {number}: taken out {[card_name(c) for c in found]}")
    return ClaimResult(True, "deals 0–4 take out exactly these cards")


@runs(Piles)
def piles(game: Game, area: str, count: int) -> ClaimResult:
    found = len(area_piles(game, area, ""))
    return ClaimResult(found == count, f"the {area} has {found} piles")


@runs(Layout)
def layout(game: Game, area: str, piles: int, cards_each: int) -> ClaimResult:
    for number in range(5):
        sizes = [len(game.deal(number).piles[p]) for p in area_piles(game, area)]
        if sizes != [cards_each] * piles:
            return ClaimResult(False, f"deal {number}: {area} sizes {sizes}")
    return ClaimResult(True, f"{area}: {piles} piles of {cards_each} in deals 0–4")


@runs(OwnPacks)
def own_packs(game: Game) -> ClaimResult:
    """In deals 0–4 every card a player holds comes from his own pack."""
    for number in range(5):
        state = game.deal(number)
        for pile, cards in enumerate(state.piles):
            player = owner(game.rules, pile)
            if player is not None and any(pack_of(c) != player for c in cards):
                return ClaimResult(False, f"deal {number}: {game.rules.pile_name(pile)} holds a card of the other pack")
    return ClaimResult(True, "each player's cards are all of his own pack")


@runs(RowAdds)
def row_adds(game: Game, adds: dict, on_pass: int = 1) -> ClaimResult:
    """What one ``deal_row`` adds to each area, in deal ``on_pass`` through the pack: the
    named areas get ``adds`` cards, every other area but the pack none."""
    for name in adds:
        area_piles(game, name, "")  # an area the game lacks is a ClaimError
    state = next(s for s in map(game.deal, range(100)) if game.is_legal(s, DEAL_ROW))
    state.passes = on_pass
    names = [name for name in game.rules.areas if name != "stock"]
    before = {name: sum(len(state.piles[p]) for p in game.rules.areas[name].piles) for name in names}
    game.apply(state, DEAL_ROW)
    after = {name: sum(len(state.piles[p]) for p in game.rules.areas[name].piles) for name in names}
    added = {name: after[name] - before[name] for name in names if after[name] != before[name]}
    wanted = {name: int(count) for name, count in adds.items() if int(count)}
    return ClaimResult(added == wanted, f"a row in deal {on_pass} added {added}")


def arrangement_places(game: Game) -> tuple[list[list[int]], list[int], list[int]]:
    clause = game.rules.arrangement
    if clause is None:
        raise ClaimError(f"{game.id} has no arrangement clause")
    finished = [engine_foundation(game, p) for p in game.rules.areas[clause.source].piles]
    cards = arrangement.stacked(clause, finished)
    places, ends = arrangement.stride_deal(clause, cards)
    return places, ends, cards


@runs(Arrangement)
def arrangement_same_rank(game: Game, same_rank: int) -> ClaimResult:
    places, _, _ = arrangement_places(game)
    ranks = [sorted({rank_of(c) for c in place}) for place in places]
    holds = all(len(place) == same_rank and len(r) == 1 for place, r in zip(places, ranks))
    return ClaimResult(holds, f"ranks by place: {ranks}")


@runs(ArrangementRoundEnds)
def arrangement_round_ends(game: Game, position: int) -> ClaimResult:
    _, ends, _ = arrangement_places(game)
    return ClaimResult(all(end == position for end in ends), f"rounds end on places {ends}")


@runs(ArrangementFirst)
def arrangement_first(game: Game, ranks: list) -> ClaimResult:
    _, _, cards = arrangement_places(game)
    first = [rank_of(c) for c in cards[:len(ranks)]]
    return ClaimResult(first == [parse_rank(r) for r in ranks], f"first cards dealt: {first}")


@runs(LookedThrough)
def looked_through(game: Game, area: str, spaces_in: str, cards: str) -> ClaimResult:
    packets, places = area_piles(game, area, ""), area_piles(game, spaces_in, "")
    seen = []
    for emptied in range(3):
        state = game.deal(0)
        for place in places[:emptied]:
            state.piles[0][:0] = state.piles[place]  # under the pack: the cards leave the table
            state.piles[place] = []
        state.edited()
        counts = {looking.seen(game, state, pile) for pile in packets}
        wanted = (1 if not emptied else None) if cards == "all" else 1 + emptied
        seen.append(sorted(counts, key=str))
        if counts != {wanted}:
            return ClaimResult(False, f"with {emptied} empty places in the {spaces_in}, cards seen of each "
                                      f"{area} packet from the top: {seen[-1]} (None: all)")
    return ClaimResult(True, f"cards seen of each {area} packet with 0, 1, 2 spaces in the {spaces_in}: {seen}")


@runs(WonOnlyWhenAllBuilt)
def won_only_when_all_built(game: Game, areas: list[str]) -> ClaimResult:
    unknown = [name for name in areas if name not in game.rules.areas]
    if unknown:
        raise ClaimError(f"no area {unknown[0]!r}")
    ends = end_positions(game, areas)
    if not ends:
        return ClaimResult(False, "the game has no foundations")
    wrong = [label for index, (label, state) in enumerate(ends) if game.is_won(state) != (index == 0)]
    if wrong:
        return ClaimResult(False, f"{wrong[0]}: the engine says {'won' if game.is_won(ends[0][1]) else 'not won'}"
                           if wrong[0] == ends[0][0] else f"{wrong[0]}: counted won")
    return ClaimResult(True, f"won with every card on the foundations; not with one left in any of {areas}")
