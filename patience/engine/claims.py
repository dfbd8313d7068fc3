"""Running the text's checkable statements (claims) against the engine.

A claim's ``check`` names one of the kinds below and its parameters. Each kind
asks the engine, not the spec: foundation sequences are found by offering cards
to :meth:`Game.accepts`, layouts by dealing, move restrictions by generating
legal moves along reproducible random playouts. :func:`run_claim` returns
whether the statement holds and a one-line account of what was seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from patience.engine import arrangement, rng
from patience.engine.autoplay import autoplay
from patience.engine.cards import card, card_name, parse_card, parse_rank, rank_of, suit_of
from patience.engine.game import DEAL_ROW, Game, matches
from patience.engine.game import position as build
from patience.engine.schema import CardPattern, Claim
from patience.engine.state import State

PLAYOUT_DEALS = range(6)
PLAYOUT_LENGTH = 400


@dataclass
class ClaimResult:
    holds: bool
    detail: str


class ClaimError(ValueError):
    """A claim whose check is malformed (unknown kind, missing parameter)."""


def run_claim(game: Game, claim: Claim) -> ClaimResult:
    params = dict(claim.check)
    kind = params.pop("kind", None)
    check = CHECKS.get(kind)
    if check is None:
        raise ClaimError(f"claim {claim.id!r}: unknown check kind {kind!r}; known: {', '.join(sorted(CHECKS))}")
    try:
        return check(game, **params)
    except TypeError as error:
        raise ClaimError(f"claim {claim.id!r}: bad parameters for {kind}: {error}") from None


# -- helpers ---------------------------------------------------------------------------------
def _piles(game: Game, area: str | None, role: str = "foundation") -> list[int]:
    if area is None:
        return game.rules.piles_of(role)
    if area not in game.rules.areas:
        raise ClaimError(f"no area {area!r}")
    return list(game.rules.areas[area].piles)


def _empty(game: Game) -> State:
    return State([[] for _ in game.rules.pile_area], "claim")


def engine_foundation(game: Game, pile: int) -> list[int]:
    """The cards a foundation takes, found by offering cards one by one to the engine."""
    state = _empty(game)
    if game.rules.foundation[pile].placed == "at_start":
        state.piles[pile] = game.deal(0).piles[pile][:1]
    pool = [c for c in range(game.total_cards) if c not in state.piles[pile]]
    while True:
        offered = next((c for c in pool if game.accepts(state, pile, c, "stock")), None)
        if offered is None:
            return state.piles[pile]
        state.piles[pile].append(offered)
        pool.remove(offered)


def _ranks(game: Game, pile: int) -> list[int]:
    return [rank_of(c) for c in engine_foundation(game, pile)]


def _pile(game: Game, area: str, pile: int) -> int:
    piles = _piles(game, area)
    if not 1 <= pile <= len(piles):
        raise ClaimError(f"{area} has no pile {pile}")
    return piles[pile - 1]


def _playouts(game: Game, deals=PLAYOUT_DEALS, length=PLAYOUT_LENGTH, start: Callable | None = None):
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


def _fits(cards: list[int], patterns: list[CardPattern]) -> bool:
    remaining = list(cards)
    for pattern in patterns:
        for _ in range(pattern.count):
            found = next((c for c in remaining if matches(pattern, c)), None)
            if found is None:
                return False
            remaining.remove(found)
    return not remaining


def _patterns(items) -> list[CardPattern]:
    return [CardPattern.model_validate(item) for item in items]


# -- the kinds of check -----------------------------------------------------------------------
def foundations_end(game: Game, piles: int, rank: str, area: str | None = None) -> ClaimResult:
    found = _piles(game, area)
    lasts = [_ranks(game, p)[-1] for p in found]
    wanted = parse_rank(rank)
    holds = len(found) == piles and all(last == wanted for last in lasts)
    return ClaimResult(holds, f"{len(found)} foundations, ending with ranks {lasts}")


def capacity(game: Game) -> ClaimResult:
    taken = sum(len(engine_foundation(game, p)) for p in game.rules.piles_of("foundation"))
    aside = sum(len(game.deal(0).piles[p]) for p in game.rules.piles_of("aside"))
    holds = taken + aside == game.total_cards
    return ClaimResult(holds, f"foundations take {taken} cards, {aside} set aside, {game.total_cards} in the packs")


def foundation_sequence(game: Game, area: str, pile: int, ranks: list | None = None,
                        after: str | None = None, next: list | None = None) -> ClaimResult:
    seen = _ranks(game, _pile(game, area, pile))
    if ranks is not None:
        wanted = [parse_rank(r) for r in ranks]
        return ClaimResult(seen == wanted, f"the engine's sequence is {seen}")
    if after is None or next is None:
        raise ClaimError("foundation_sequence needs 'ranks', or 'after' and 'next'")
    at = seen.index(parse_rank(after)) if parse_rank(after) in seen else None
    following = seen[at + 1: at + 1 + len(next)] if at is not None else []
    return ClaimResult(following == [parse_rank(r) for r in next], f"after {after} come {following}")


def _counts(ranks: list[int]) -> list[int]:
    """Calculation's running numbers: each card counts on from the one before (past 13)."""
    counts = [ranks[0]]
    for before, after in zip(ranks, ranks[1:]):
        counts.append(counts[-1] + (after - before) % 13)
    return counts


def counting(game: Game, values: dict, area: str | None = None, pile: int | None = None) -> ClaimResult:
    piles = [_pile(game, area, pile)] if pile else _piles(game, area)
    seen: dict[int, set[int]] = {}
    for p in piles:
        ranks = _ranks(game, p)
        for count, rank in zip(_counts(ranks), ranks):
            seen.setdefault(count, set()).add(rank)
    wrong = {v: sorted(seen.get(int(v), [])) for v, r in values.items() if seen.get(int(v)) != {parse_rank(r)}}
    return ClaimResult(not wrong, f"counts not as stated: {wrong}" if wrong else "every stated count names its rank")


def rank_only_last(game: Game, rank: str) -> ClaimResult:
    wanted = parse_rank(rank)
    bad = [game.rules.pile_name(p) for p in game.rules.piles_of("foundation")
           if wanted in _ranks(game, p)[:-1]]
    return ClaimResult(not bad, f"{rank} comes before the end on {bad}" if bad else f"{rank} only ends foundations")


def bases(game: Game, cards: list) -> ClaimResult:
    for number in range(5):
        state = game.deal(number)
        found = [state.piles[p][0] for p in game.rules.piles_of("foundation") if state.piles[p]]
        if not _fits(found, _patterns(cards)):
            return ClaimResult(False, f"deal {number}: foundations {[card_name(c) for c in found]}")
    return ClaimResult(True, "deals 0–4 have exactly these foundation cards")


def out_of_pack(game: Game, cards: list) -> ClaimResult:
    """The cards laid out before play (foundation bases and cards set aside), deals 0–4."""
    placed_roles = [p for p in range(len(game.rules.pile_area)) if game.rules.role(p) in ("foundation", "aside")]
    for number in range(5):
        state = game.deal(number)
        found = [c for p in placed_roles for c in state.piles[p]]
        if not _fits(found, _patterns(cards)):
            return ClaimResult(False, f"deal {number}: taken out {[card_name(c) for c in found]}")
    return ClaimResult(True, "deals 0–4 take out exactly these cards")


def piles(game: Game, area: str, count: int) -> ClaimResult:
    found = len(_piles(game, area, ""))
    return ClaimResult(found == count, f"the {area} has {found} piles")


def redeal_shuffled(game: Game) -> ClaimResult:
    """Turn the pack (onto the talon where allowed) until a redeal is legal; the new
    stock must hold the gathered cards, not in the order they were gathered."""
    state = game.deal(0)
    while state.piles[0]:
        moves = [m for m in game.legal_moves(state) if m.src == 0]
        game.apply(state, next((m for m in moves if game.rules.role(m.dst) == "talon"), moves[0]))
    gathered = [c for name in game.rules.redeal.gather for p in game.rules.areas[name].piles for c in state.piles[p]]
    game.apply(state, game.legal_moves(state)[-1])
    new_stock = state.piles[0][::-1]
    holds = sorted(new_stock) == sorted(gathered) and new_stock != gathered and len(gathered) > 2
    return ClaimResult(holds, f"{len(gathered)} cards gathered; the new stock is {'shuffled' if holds else 'not shuffled'}")


def no_deal_while_playable(game: Game) -> ClaimResult:
    """Along random playouts, ``deal a row`` is never offered beside a foundation move."""
    offered = 0
    for _, moves in _playouts(game):
        dealing = DEAL_ROW in moves
        offered += dealing
        if dealing and any(m.kind == "move" and game.rules.role(m.dst) == "foundation"
                           and game.rules.role(m.src) != "foundation" for m in moves):
            return ClaimResult(False, "a row could be dealt while a card could go to a foundation")
    return ClaimResult(offered > 0, f"rows were offered {offered} times, never with a foundation move open")


def layout(game: Game, area: str, piles: int, cards_each: int) -> ClaimResult:
    for number in range(5):
        sizes = [len(game.deal(number).piles[p]) for p in _piles(game, area)]
        if sizes != [cards_each] * piles:
            return ClaimResult(False, f"deal {number}: {area} sizes {sizes}")
    return ClaimResult(True, f"{area}: {piles} piles of {cards_each} in deals 0–4")


def stays(game: Game, area: str, cards: list) -> ClaimResult:
    piles = _piles(game, area)
    for state, _ in _playouts(game):
        held = [c for p in piles for c in state.piles[p]]
        if not _fits(held, _patterns(cards)):
            return ClaimResult(False, f"{area} held {[card_name(c) for c in held]}")
    return ClaimResult(True, f"{area} unchanged through random playouts")


def _moves_between(game: Game, source: str, target: str, into_empty: bool):
    sources = set(range(len(game.rules.pile_area))) if source == "any" else set(_piles(game, source, ""))
    targets = set(_piles(game, target, ""))
    for state, moves in _playouts(game):
        for move in moves:
            if (move.kind == "move" and move.src in sources and move.dst in targets
                    and (not into_empty or not state.piles[move.dst])):
                yield state, move


def no_move_between(game: Game, into_empty: bool = False, **params) -> ClaimResult:
    """No legal move from one area (or ``any``) to another (or into its empty piles)."""
    found = next(_moves_between(game, params["from"], params["to"], into_empty), None)
    where = f"empty piles of the {params['to']}" if into_empty else params["to"]
    if found:
        return ClaimResult(False, f"legal: {game.describe(found[1])}")
    return ClaimResult(True, f"no move from {params['from']} to {where} in random playouts")


def talon_takes_only_unplayable(game: Game, area: str) -> ClaimResult:
    """A card from the pack may go to the talon only when no foundation and no packet
    (by marriage) takes it; shown along random playouts, and that such cases occur."""
    talons, seen = set(_piles(game, area, "")), 0
    for state, moves in _playouts(game):
        playable = {m.card for m in moves if m.kind == "move" and m.src == 0 and m.dst not in talons
                    and (game.rules.role(m.dst) == "foundation" or state.piles[m.dst])}
        for move in moves:
            if move.kind == "move" and move.src == 0 and move.dst in talons:
                if move.card in playable:
                    return ClaimResult(False, f"legal although the card plays elsewhere: {game.describe(move)}")
        seen += bool(playable)
    return ClaimResult(seen > 0, f"a playable card from the pack never had the talon offered ({seen} positions)")


def never_empty_while(game: Game, area: str, sources: list) -> ClaimResult:
    """A pile of ``area`` is never found empty while any of ``sources`` has a card."""
    piles = _piles(game, area, "")
    donors = [p for name in sources for p in _piles(game, name, "")]
    for state, _ in _playouts(game, length=1000):
        if any(state.piles[d] for d in donors) and not all(state.piles[p] for p in piles):
            return ClaimResult(False, f"an empty {area} pile while {sources} had cards")
    return ClaimResult(True, f"the {area} is never left with a space while {sources} have cards")


def marriage(game: Game, area: str, direction: str) -> ClaimResult:
    """On a hand-built packet topped by 8♥: which of 7♥, 9♥, 7♣ the engine lets on it."""
    pile = _piles(game, area, "")[0]
    state = build(game, {game.rules.pile_name(pile): ["8♥/1"]})
    offered = {name: game.accepts(state, pile, card(rank, suit), "stock")
               for name, rank, suit in (("7♥", 7, 2), ("9♥", 9, 2), ("7♣", 7, 0))}
    wanted = {"down": {"7♥": True, "9♥": False, "7♣": False}, "up": {"7♥": False, "9♥": True, "7♣": False},
              "either": {"7♥": True, "9♥": True, "7♣": False}}
    return ClaimResult(offered == wanted[direction], f"on 8♥ the engine takes {[n for n, ok in offered.items() if ok]}")


def passes(game: Game, total: int) -> ClaimResult:
    most = 0
    for number in range(8):
        state = game.deal(number)
        autoplay(game, state)
        most = max(most, state.passes)
    return ClaimResult(most == total, f"autoplayed deals went through the pack at most {most} times")


def arrangement_places(game: Game) -> tuple[list[list[int]], list[int], list[int]]:
    clause = game.rules.arrangement
    if clause is None:
        raise ClaimError(f"{game.id} has no arrangement clause")
    finished = [engine_foundation(game, p) for p in game.rules.areas[clause.source].piles]
    cards = arrangement.stacked(clause, finished)
    places, ends = arrangement.stride_deal(clause, cards)
    return places, ends, cards


def arrangement_same_rank(game: Game, same_rank: int) -> ClaimResult:
    places, _, _ = arrangement_places(game)
    ranks = [sorted({rank_of(c) for c in place}) for place in places]
    holds = all(len(place) == same_rank and len(r) == 1 for place, r in zip(places, ranks))
    return ClaimResult(holds, f"ranks by place: {ranks}")


def arrangement_round_ends(game: Game, position: int) -> ClaimResult:
    _, ends, _ = arrangement_places(game)
    return ClaimResult(all(end == position for end in ends), f"rounds end on places {ends}")


def arrangement_first(game: Game, ranks: list) -> ClaimResult:
    _, _, cards = arrangement_places(game)
    first = [rank_of(c) for c in cards[:len(ranks)]]
    return ClaimResult(first == [parse_rank(r) for r in ranks], f"first cards dealt: {first}")


def foundation_suit(game: Game, area: str, follows: bool | None = None, distinct: bool = False) -> ClaimResult:
    piles = _piles(game, area)
    first = piles[0]
    base = engine_foundation(game, first)[:2]
    state = _empty(game)
    state.piles[first] = base[:1]
    if follows is False and not distinct:
        other_suit = card(rank_of(base[1]), (suit_of(base[1]) + 1) % 4)
        holds = game.accepts(state, first, other_suit, "stock")
        return ClaimResult(holds, f"on {card_name(base[0])} a {card_name(other_suit)} is {'taken' if holds else 'refused'}")
    if follows:
        other_suit = card(rank_of(base[1]), (suit_of(base[1]) + 1) % 4)
        holds = game.accepts(state, first, base[1], "stock") and not game.accepts(state, first, other_suit, "stock")
        return ClaimResult(holds, f"on {card_name(base[0])}: {card_name(base[1])} accepted, {card_name(other_suit)} refused" if holds else "suit not followed")
    if distinct and len(piles) > 1:
        same = card(rank_of(base[0]), suit_of(base[0]), 1)
        other = card(rank_of(base[0]), (suit_of(base[0]) + 1) % 4, 1)
        holds = not game.accepts(state, piles[1], same, "stock") and game.accepts(state, piles[1], other, "stock")
        return ClaimResult(holds, "a second foundation of the same suit is refused" if holds else "suits may repeat")
    raise ClaimError("foundation_suit needs follows: true or false, or distinct: true")


def only_top(game: Game, area: str) -> ClaimResult:
    piles = set(_piles(game, area, ""))
    for state, moves in _playouts(game):
        for move in moves:
            if move.kind == "move" and move.src in piles and state.piles[move.src][-1] != move.card:
                return ClaimResult(False, f"legal: {game.describe(move)} (not a top card)")
    return ClaimResult(True, f"only top cards leave the {area}")


def _buried_suit(game: Game, area: str, rank: int, packets: int) -> Callable[[int], State]:
    """A deal rearranged so that, in ``packets`` packets, a card of ``rank`` lies on the
    two smallest cards (twos) of its suit, suit ♦; cards are swapped, none added or lost."""
    piles = _piles(game, area, "")[:packets]

    def start(number: int) -> State:
        state = game.deal(number)
        for index, pile in enumerate(piles):
            for position, wanted in ((-2, card(2, 1, index)), (-1, card(rank, 1, index))):
                holder = next(p for p, cards in enumerate(state.piles) if wanted in cards)
                at = state.piles[holder].index(wanted)
                target = len(state.piles[pile]) + position
                state.piles[holder][at], state.piles[pile][target] = state.piles[pile][target], wanted
        return state
    return start


def leaves_only_to(game: Game, area: str, rank: str, roles: list, packets: int) -> ClaimResult:
    wanted, piles = parse_rank(rank), list(_piles(game, area, ""))
    seen = 0
    for state, moves in _playouts(game):
        tops = {p for p in piles if state.piles[p] and rank_of(state.piles[p][-1]) == wanted}
        seen += len(tops)
        for move in moves:
            if move.kind == "move" and move.src in tops and game.rules.role(move.dst) not in roles:
                return ClaimResult(False, f"legal: {game.describe(move)}")
    if not seen:
        return ClaimResult(False, f"no {rank} lay on top of the {area} in random playouts: nothing shown")
    for state, _ in _playouts(game, start=_buried_suit(game, area, wanted, packets)):
        grown = [p for p in game.rules.piles_of("foundation")
                 if len(state.piles[p]) > 1 and suit_of(state.piles[p][0]) == 1]
        if grown or game.is_won(state):
            return ClaimResult(False, "a diamond foundation grew past its ace although both kings lay on the twos")
    return ClaimResult(True, f"a {rank} on top of the {area} could go only to {roles} ({seen} times seen); "
                             f"with both ♦ kings on the ♦ twos, no ♦ foundation passed its ace")


def cannot_reach(game: Game, position: dict, goal: dict, depth: int) -> ClaimResult:
    """Holds if, from the given position, no sequence of at most ``depth`` legal moves
    plays ``goal['card']`` to a pile of role ``goal['role']``."""
    target, role = parse_card(goal["card"]), goal["role"]
    frontier, seen = [build(game, position)], set()
    for level in range(depth):
        following = []
        for state in frontier:
            for move in game.legal_moves(state):
                game.apply(state, move)
                snapshot = state.snapshot()
                if move.card == target and game.rules.role(move.dst) == role:
                    line = " ; ".join(game.describe(m) for m, _ in state.history)
                    return ClaimResult(False, f"reached in {level + 1} moves: {line}")
                if snapshot not in seen:
                    seen.add(snapshot)
                    following.append(state.copy())
                game.undo(state)
        frontier = following
    return ClaimResult(True, f"{goal['card']} cannot reach a {role} within {depth} moves")


def unavailable_until_stock_empty(game: Game, area: str) -> ClaimResult:
    piles, used = set(_piles(game, area, "")), 0
    for state, moves in _playouts(game, length=2000):
        for move in moves:
            if move.kind == "move" and move.src in piles:
                if state.piles[0]:
                    return ClaimResult(False, f"legal with cards in the pack: {game.describe(move)}")
                used += 1
    return ClaimResult(used > 0, f"{area} played only once the pack was spent ({used} such moves seen)")


def row_adds(game: Game, adds: dict, on_pass: int = 1) -> ClaimResult:
    """What one ``deal_row`` adds to each area, in deal ``on_pass`` through the pack."""
    state = next(s for s in map(game.deal, range(100)) if game.is_legal(s, DEAL_ROW))
    state.passes = on_pass
    before = {name: sum(len(state.piles[p]) for p in _piles(game, name, "")) for name in adds}
    game.apply(state, DEAL_ROW)
    after = {name: sum(len(state.piles[p]) for p in _piles(game, name, "")) for name in adds}
    added = {name: after[name] - before[name] for name in adds}
    return ClaimResult(added == {k: int(v) for k, v in adds.items()}, f"a row in deal {on_pass} added {added}")


CHECKS: dict[str, Callable[..., ClaimResult]] = {
    "foundations_end": foundations_end,
    "capacity": capacity,
    "foundation_sequence": foundation_sequence,
    "counting": counting,
    "rank_only_last": rank_only_last,
    "bases": bases,
    "layout": layout,
    "stays": stays,
    "no_move_between": no_move_between,
    "passes": passes,
    "arrangement": arrangement_same_rank,
    "arrangement_round_ends": arrangement_round_ends,
    "arrangement_first": arrangement_first,
    "foundation_suit": foundation_suit,
    "only_top": only_top,
    "leaves_only_to": leaves_only_to,
    "unavailable_until_stock_empty": unavailable_until_stock_empty,
    "row_adds": row_adds,
    "cannot_reach": cannot_reach,
    "never_empty_while": never_empty_while,
    "marriage": marriage,
    "out_of_pack": out_of_pack,
    "piles": piles,
    "redeal_shuffled": redeal_shuffled,
    "no_deal_while_playable": no_deal_while_playable,
    "talon_takes_only_unplayable": talon_takes_only_unplayable,
}

from patience.engine.claims_more import MORE_CHECKS  # noqa: E402  (the games of issue 8)

CHECKS.update(MORE_CHECKS)
