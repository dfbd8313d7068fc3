"""What the foundations take: their sequences, suits, counts and capacity, asked by
offering cards to :meth:`Game.accepts` on empty or hand-built piles."""

from __future__ import annotations

from collections import Counter

from patience.cards import RANK_NAMES, card, parse_rank, rank_of, suit_of
from patience.claims.support import (
    ClaimResult,
    area_pile,
    area_piles,
    empty_state,
    engine_foundation,
    foundation_ranks,
    runs,
)
from patience.engine.game import Game
from patience.engine.game import position as build
from patience.rulespec.claim_kinds.foundations import (
    Capacity,
    ExchangeBothWays,
    ExchangeOneWay,
    FoundationPiles,
    FoundationsEnd,
    FoundationSequence,
    FoundationSuit,
    Marriage,
    MarriageKept,
    PlayingOrder,
    RankOnlyLast,
)


@runs(FoundationsEnd)
def foundations_end(game: Game, piles: int, rank: str, area: str | None = None) -> ClaimResult:
    found = area_piles(game, area)
    lasts = [foundation_ranks(game, p)[-1] for p in found]
    wanted = parse_rank(rank)
    holds = len(found) == piles and all(last == wanted for last in lasts)
    return ClaimResult(holds, f"{len(found)} foundations, ending with ranks {lasts}")


@runs(Capacity)
def capacity(game: Game) -> ClaimResult:
    """The foundations take the cards not set aside: as many as there are, and of each rank
    as many as there are of that rank (the suits of foundations begun in play are the
    player's to choose, so they are not compared)."""
    taken = Counter(rank_of(c) for p in game.rules.piles_of("foundation") for c in engine_foundation(game, p))
    aside = [c for p in game.rules.piles_of("aside") for c in game.deal(0).piles[p]]
    in_play = Counter(rank_of(c) for c in range(game.total_cards)) - Counter(rank_of(c) for c in aside)
    if taken == in_play:
        return ClaimResult(True, f"foundations take {sum(taken.values())} cards, {len(aside)} set aside, "
                                 f"{game.total_cards} in the packs")
    missing, extra = in_play - taken, taken - in_play
    return ClaimResult(False, f"the foundations take {sum(taken.values())} cards; no place for "
                              f"{sum(missing.values())} cards of ranks {sorted(RANK_NAMES[r - 1] for r in missing)}, "
                              f"places for {sum(extra.values())} of ranks out of play "
                              f"{sorted(RANK_NAMES[r - 1] for r in extra)}")


@runs(FoundationPiles)
def foundation_piles(game: Game, piles: int, capacity: int) -> ClaimResult:
    """How many foundation piles there are, and how many cards they take together."""
    found = game.rules.piles_of("foundation")
    taken = sum(len(engine_foundation(game, p)) for p in found)
    return ClaimResult(len(found) == piles and taken == capacity, f"{len(found)} foundations taking {taken} cards")


@runs(FoundationSequence)
def foundation_sequence(game: Game, area: str, pile: int, ranks: list | None = None,
                        after: str | None = None, next: list | None = None) -> ClaimResult:
    seen = foundation_ranks(game, area_pile(game, area, pile))
    if ranks is not None:
        wanted = [parse_rank(r) for r in ranks]
        return ClaimResult(seen == wanted, f"the engine's sequence is {seen}")
    if after is None or next is None:  # the schema asks for ranks, or for after and next
        return ClaimResult(False, "the check names neither the ranks nor what comes after which rank")
    at = seen.index(parse_rank(after)) if parse_rank(after) in seen else None
    following = seen[at + 1: at + 1 + len(next)] if at is not None else []
    return ClaimResult(following == [parse_rank(r) for r in next], f"after {after} come {following}")


@runs(RankOnlyLast)
def rank_only_last(game: Game, rank: str) -> ClaimResult:
    wanted = parse_rank(rank)
    bad = [game.rules.pile_name(p) for p in game.rules.piles_of("foundation")
           if wanted in foundation_ranks(game, p)[:-1]]
    return ClaimResult(not bad, f"{rank} comes before the end on {bad}" if bad else f"{rank} only ends foundations")


@runs(FoundationSuit)
def foundation_suit(game: Game, area: str | list[str], follows: bool | None, distinct: bool) -> ClaimResult:
    """Asked of every foundation of every area named."""
    wrong = []
    for name in [area] if isinstance(area, str) else area:
        piles = area_piles(game, name)
        if follows is not None:
            wrong += [game.rules.pile_name(p) for p in piles if _follows_suit(game, p) != follows]
        if distinct:
            wrong += [game.rules.pile_name(p) for p in piles[1:] if not _refuses_suit_of(game, piles[0], p)]
    if wrong:
        return ClaimResult(False, f"not as stated on {wrong}")
    return ClaimResult(True, f"as stated on every foundation of {area}")


def _follows_suit(game: Game, pile: int) -> bool | None:
    """On the pile holding its base: True if its next card is taken only in the base's
    suit, False if it is taken in another suit too."""
    base, following = engine_foundation(game, pile)[:2]
    state = empty_state(game)
    state.piles[pile] = [base]
    other = card(rank_of(following), (suit_of(following) + 1) % 4)
    if game.accepts(state, pile, other, "stock"):
        return False
    return game.accepts(state, pile, following, "stock")


def _refuses_suit_of(game: Game, first: int, pile: int) -> bool:
    """With the first foundation begun, the pile refuses a base card of the first's suit
    and takes one of another suit."""
    taken = engine_foundation(game, first)[0]
    state = empty_state(game)
    state.piles[first] = [taken]
    same = card(rank_of(taken), suit_of(taken), 1)
    other = card(rank_of(taken), (suit_of(taken) + 1) % 4, 1)
    return not game.accepts(state, pile, same, "stock") and game.accepts(state, pile, other, "stock")


@runs(Marriage)
def marriage(game: Game, area: str, direction: str) -> ClaimResult:
    """On a hand-built packet topped by 8♥: which of 7♥, 9♥, 7♣ the engine lets on it."""
    pile = area_piles(game, area, "")[0]
    state = build(game, {game.rules.pile_name(pile): ["8♥/1"]})
    offered = {name: game.accepts(state, pile, card(rank, suit), "stock")
               for name, rank, suit in (("7♥", 7, 2), ("9♥", 9, 2), ("7♣", 7, 0))}
    wanted = {"down": {"7♥": True, "9♥": False, "7♣": False}, "up": {"7♥": False, "9♥": True, "7♣": False},
              "either": {"7♥": True, "9♥": True, "7♣": False}}
    return ClaimResult(offered == wanted[direction], f"on 8♥ the engine takes {[n for n, ok in offered.items() if ok]}")


@runs(MarriageKept)
def marriage_kept(game: Game, area: str, kept: bool) -> ClaimResult:
    """On 7♥ built up to 8♥ the engine takes 9♥ but not 7♥; on 9♥ built down to 8♥ the
    reverse. With ``kept: false``, a packet may turn: it takes both (the Zodiac's «въ
    одной и той же пачкѣ», one packet holding both orders)."""
    pile = area_piles(game, area, "")[0]
    name = game.rules.pile_name(pile)
    up = build(game, {name: ["7♥/1", "8♥/1"]})
    down = build(game, {name: ["9♥/1", "8♥/1"]})
    seen = (game.accepts(up, pile, card(9, 2, 1), "stock"), game.accepts(up, pile, card(7, 2, 1), "stock"),
            game.accepts(down, pile, card(7, 2, 1), "stock"), game.accepts(down, pile, card(9, 2, 1), "stock"))
    wanted = (True, not kept, True, not kept)
    return ClaimResult(seen == wanted, f"up: 9♥ {seen[0]}, 7♥ {seen[1]}; down: 7♥ {seen[2]}, 9♥ {seen[3]}")


@runs(PlayingOrder)
def playing_order(game: Game, area: str, pairs: list) -> ClaimResult:
    """On a hand-built packet topped by the second card of each pair (♥), the first is
    taken; the same card of another suit is not."""
    pile = area_piles(game, area, "")[0]
    refused = []
    for upper, lower in pairs:
        state = build(game, {game.rules.pile_name(pile): [f"{lower}♥/1"]})
        same, other = card(parse_rank(upper), 2, 1), card(parse_rank(upper), 0, 1)
        if not game.accepts(state, pile, same, "stock") or game.accepts(state, pile, other, "stock"):
            refused.append(f"{upper} on {lower}")
    return ClaimResult(not refused, f"not as stated: {refused}" if refused else f"taken in suit: {pairs}")


@runs(ExchangeBothWays)
def exchange_both_ways(game: Game, rising: str, falling: str) -> ClaimResult:
    """With A♥…5♥ rising and K♥…6♥ falling, 5♥ may go onto 6♥ and 6♥ onto 5♥, one card
    at a time; and a legal exchange is undone by the opposite one."""
    state, up, down, moves = _hearts_half_built(game, rising, falling)
    there, back = moves.get((up, down)), moves.get((down, up))
    if not (there and back):
        return ClaimResult(False, f"exchanges offered: {[game.describe(m) for m in moves.values()]}")
    game.apply(state, there)
    returned = any(m.src == down and m.dst == up and m.card == there.card for m in game.legal_moves(state))
    return ClaimResult(returned, f"{game.describe(there)} and {game.describe(back)} legal; back again: {returned}")


@runs(ExchangeOneWay)
def exchange_one_way(game: Game, rising: str, falling: str) -> ClaimResult:
    """With A♥…5♥ rising and K♥…6♥ falling, 5♥ may go onto 6♥."""
    _, up, down, moves = _hearts_half_built(game, rising, falling)
    there = moves.get((up, down))
    return ClaimResult(there is not None, f"{game.describe(there)} legal" if there else
                       f"no exchange from the rising foundation; offered: {[game.describe(m) for m in moves.values()]}")


def _hearts_half_built(game: Game, rising: str, falling: str):
    """A position with A♥…5♥ on the first rising and K♥…6♥ on the first falling foundation:
    the state, the two piles, and the one-card moves offered, by (source, target)."""
    up, down = area_piles(game, rising)[0], area_piles(game, falling)[0]
    state = build(game, {game.rules.pile_name(up): [f"{r}♥/1" for r in ("A", 2, 3, 4, 5)],
                         game.rules.pile_name(down): [f"{r}♥/1" for r in ("K", "Q", "J", 10, 9, 8, 7, 6)]})
    return state, up, down, {(m.src, m.dst): m for m in game.legal_moves(state) if m.kind == "move"}
