"""What moves are legal, asked along reproducible random playouts: which areas cards
leave and reach, when, and what is never offered."""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain

from patience.cards import card, card_code, card_name, is_red, parse_card, parse_rank, rank_of, suit_of
from patience.claims.support import (
    ClaimError,
    ClaimResult,
    area_piles,
    built_end_positions,
    fits,
    patterns,
    playouts,
    runs,
)
from patience.engine.actions import PAIR, TURN_UP, fits_colour
from patience.engine.game import DEAL_ROW, Game
from patience.engine.game import position as build
from patience.engine.rows import ends, line_ends_of, rows_of
from patience.engine.state import State
from patience.rulespec.claim_kinds.playouts import (
    AnyCardAvailable,
    AreaColour,
    CannotReach,
    EveryFoundationPlayed,
    FoundationsWaitUntilPlaced,
    Goal,
    InPosition,
    InSequence,
    LeavesOnlyTo,
    MovesBetween,
    MovesFromFoundations,
    NeverEmptyWhile,
    NoDealWhilePlayable,
    NoMoveBetween,
    OnlyFromToRole,
    OnlyToLineEnds,
    OnlyTop,
    OnlyToRowEnds,
    PackWaits,
    SpaceMayWait,
    SpacesFilledFrom,
    SpacesInTurn,
    Stays,
    TalonTakesOnlyUnplayable,
    TalonTakesPlayable,
    UnavailableUntilStockEmpty,
)


@runs(Stays)
def stays(game: Game, area: str, cards: list) -> ClaimResult:
    piles = area_piles(game, area)
    for state, _ in playouts(game):
        held = [c for p in piles for c in state.piles[p]]
        if not fits(held, patterns(cards)):
            return ClaimResult(False, f"{area} held {[card_name(c) for c in held]}")
    return ClaimResult(True, f"{area} unchanged through random playouts")


def _piles_named(game: Game, names: str | list[str]) -> set[int]:
    if names == "any":
        return set(range(len(game.rules.pile_area)))
    return {p for name in ([names] if isinstance(names, str) else names) for p in area_piles(game, name, "")}


def _steps(move) -> list[tuple[int, int]]:
    """The (source, target) piles of a move: one for a card or a card turned up, two for
    a pair."""
    if move.kind == "move":
        return [(move.src, move.dst)]
    if move.kind == PAIR:
        return [(move.src, move.dst), (move.src2, move.dst2)]
    if move.kind == TURN_UP:
        return [(move.src, move.dst)]
    return []


def _moves_between(game: Game, source, target, into_empty: bool, onto_card: bool = False,
                   last_positions: bool = False):
    """The legal moves from ``source`` to ``target`` along random playouts, and, with
    ``last_positions``, in the last positions of a won game (:func:`built_end_positions`), where
    random play seldom comes: a move the rules forbid must be absent there too."""
    sources, targets = _piles_named(game, source), _piles_named(game, target)
    positions = playouts(game)
    if last_positions:
        positions = chain(positions, ((state, game.legal_moves(state)) for _, state in built_end_positions(game)))
    for state, moves in positions:
        for move in moves:
            if any(src in sources and dst in targets and (not into_empty or not state.piles[dst])
                   and (not onto_card or state.piles[dst]) for src, dst in _steps(move)):
                yield state, move


@runs(NoMoveBetween)
def no_move_between(game: Game, source: str | list[str], to: str | list[str], into_empty: bool,
                    onto_card: bool) -> ClaimResult:
    """No legal move, of a card or of either card of a pair, from one area (or several,
    or ``any``) to another (or into its empty piles, or onto a card there)."""
    found = next(_moves_between(game, source, to, into_empty, onto_card, last_positions=True), None)
    where = f"empty piles of {to}" if into_empty else f"a card of {to}" if onto_card else to
    if found:
        return ClaimResult(False, f"legal: {game.describe(found[1])}")
    return ClaimResult(True, f"no move from {source} to {where} in random playouts and the last positions of a won game")


@runs(MovesBetween)
def moves_between(game: Game, source: str | list[str], to: str | list[str], into_empty: bool,
                  onto_card: bool) -> ClaimResult:
    """Some legal move takes a card from ``source`` to each area of ``to`` (into its empty
    piles, or onto a card there)."""
    missing = [target for target in ([to] if isinstance(to, str) else to)
               if next(_moves_between(game, source, target, into_empty, onto_card), None) is None]
    where = "the empty piles of " if into_empty else "a card of " if onto_card else ""
    if missing:
        return ClaimResult(False, f"no move from {source} to {where}{missing} in random playouts")
    return ClaimResult(True, f"cards went from {source} to {where}each of {to}")


def _move_from_below_top(game: Game, area: str):
    """The first legal move, along random playouts, that takes a card of ``area`` from
    under its top card; ``None`` if none does."""
    piles = set(area_piles(game, area, ""))
    for state, moves in playouts(game):
        for move in moves:
            if move.kind == "move" and move.src in piles and state.piles[move.src][-1] != move.card:
                return move
    return None


@runs(OnlyTop)
def only_top(game: Game, area: str) -> ClaimResult:
    move = _move_from_below_top(game, area)
    if move is not None:
        return ClaimResult(False, f"legal: {game.describe(move)} (not a top card)")
    return ClaimResult(True, f"only top cards leave the {area}")


@runs(AnyCardAvailable)
def any_card_available(game: Game, area: str) -> ClaimResult:
    move = _move_from_below_top(game, area)
    if move is not None:
        return ClaimResult(True, f"legal: {game.describe(move)} (not a top card)")
    return ClaimResult(False, f"only top cards left the {area} in random playouts")


@runs(TalonTakesOnlyUnplayable)
def talon_takes_only_unplayable(game: Game, area: str) -> ClaimResult:
    """A card from the pack may go to the talon only when no foundation and no packet
    (by marriage) takes it; shown along random playouts, and that such cases occur."""
    talons, seen = set(area_piles(game, area, "")), 0
    for state, moves in playouts(game):
        playable = {m.card for m in moves if m.kind == "move" and m.src == 0 and m.dst not in talons
                    and (game.rules.role(m.dst) == "foundation" or state.piles[m.dst])}
        for move in moves:
            if move.kind == "move" and move.src == 0 and move.dst in talons:
                if move.card in playable:
                    return ClaimResult(False, f"legal although the card plays elsewhere: {game.describe(move)}")
        seen += bool(playable)
    return ClaimResult(seen > 0, f"a playable card from the pack never had the talon offered ({seen} positions)")


@runs(TalonTakesPlayable)
def talon_takes_playable(game: Game, area: str) -> ClaimResult:
    """A card of the pack that could be placed may still go to the talon."""
    talons = set(area_piles(game, area, ""))
    for _, moves in playouts(game):
        from_pack = [m for m in moves if m.kind == "move" and m.src == 0]
        if any(m.dst in talons for m in from_pack) and any(m.dst not in talons for m in from_pack):
            return ClaimResult(True, f"e.g. {[game.describe(m) for m in from_pack][:3]}")
    return ClaimResult(False, "no card of the pack was ever both placeable and offered to the talon")


@runs(NeverEmptyWhile)
def never_empty_while(game: Game, area: str, sources: list) -> ClaimResult:
    """A pile of ``area`` is never found empty while any of ``sources`` has a card."""
    piles = area_piles(game, area, "")
    donors = [p for name in sources for p in area_piles(game, name, "")]
    for state, _ in playouts(game, length=1000):
        if any(state.piles[d] for d in donors) and not all(state.piles[p] for p in piles):
            return ClaimResult(False, f"an empty {area} pile while {sources} had cards")
    return ClaimResult(True, f"the {area} is never left with a space while {sources} have cards")


@runs(SpacesFilledFrom)
def spaces_filled_from(game: Game, area: str, sources: list[str]) -> ClaimResult:
    """Each move (of a card, or a pair) that empties one pile of ``area`` leaves in it the
    card that was on top of the first of ``sources`` to have one the area takes (of its
    colour, for the Empress's army and navy), or, when all of them are empty, leaves it
    empty; and each source fills some space."""
    piles = set(area_piles(game, area, ""))
    donors = [area_piles(game, name, "") for name in sources]
    seen = {name: 0 for name in sources}
    for state, moves in playouts(game):
        for move in moves:
            emptied = [src for src, dst in _steps(move) if src in piles and len(state.piles[src]) == 1
                       and not any(dst in group for group in donors)]
            if len(emptied) != 1:
                continue
            taker = game.rules.areas[game.rules.pile_area[emptied[0]]]
            expected = next((state.piles[p][-1] for group in donors for p in group
                             if state.piles[p] and fits_colour(taker, state.piles[p][-1])), None)
            game.apply(state, move)
            filled = state.piles[emptied[0]][-1:]
            game.undo(state)
            if expected is None:
                if filled and not any(state.piles[p] for group in donors for p in group):
                    return ClaimResult(False, f"after {game.describe(move)} the space took {card_name(filled[0])}, "
                                              f"though {sources} were empty")
                continue
            if filled != [expected]:
                return ClaimResult(False, f"after {game.describe(move)} the space held "
                                          f"{[card_name(c) for c in filled]}, not {card_name(expected)}")
            seen[next(name for name, group in zip(sources, donors) if any(
                state.piles[p] and state.piles[p][-1] == expected for p in group))] += 1
    return ClaimResult(all(seen.values()), f"spaces filled, each from the first of {sources} with a card: {seen}")


@runs(SpacesInTurn)
def spaces_in_turn(game: Game, area: str, sources: list[str]) -> ClaimResult:
    """Every legal move into an empty pile of ``area`` comes from one of ``sources`` whose
    predecessors in the list are all empty; and each source fills some space."""
    piles = set(area_piles(game, area, ""))
    donors = [area_piles(game, name, "") for name in sources]
    seen = {name: 0 for name in sources}
    for state, moves in playouts(game, length=1000):
        for move in moves:
            for src, dst in _steps(move):
                if dst not in piles or state.piles[dst]:
                    continue
                turn = next((i for i, group in enumerate(donors) if src in group), None)
                if turn is None:
                    continue
                waiting = [name for name, group in zip(sources[:turn], donors) if any(state.piles[p] for p in group)]
                if waiting:
                    return ClaimResult(False, f"{game.describe(move)} offered while the {waiting[0]} had cards")
                seen[sources[turn]] += 1
    return ClaimResult(all(seen.values()), f"spaces filled, each source only once those before it were empty: {seen}")


@runs(SpaceMayWait)
def space_may_wait(game: Game, area: str) -> ClaimResult:
    piles = set(area_piles(game, area, ""))
    for state, moves in playouts(game, length=1000):
        filling = [m for m in moves if any(dst in piles and not state.piles[dst] for _, dst in _steps(m))]
        others = [m for m in moves if m not in filling]
        if filling and others:
            return ClaimResult(True, f"{game.describe(others[0])} offered while {game.describe(filling[0])} "
                                     "could fill the space")
    return ClaimResult(False, f"no space of the {area} was seen left open while it could be filled")


@runs(EveryFoundationPlayed)
def every_foundation_played(game: Game) -> ClaimResult:
    """Along random playouts, every group of foundations is offered a card."""
    waiting = {area.name for area in game.rules.areas.values() if area.role == "foundation"}
    for _, moves in playouts(game, length=1000):
        waiting -= {game.pile_area[dst] for move in moves for src, dst in _steps(move) if src != dst}
        if not waiting:
            return ClaimResult(True, "every group of foundations was offered a card in random playouts")
    return ClaimResult(False, f"no card offered to the {sorted(waiting)[0]}")


@runs(PackWaits)
def pack_waits(game: Game) -> ClaimResult:
    """Whenever the pack holds cards, a move from it is offered only if no other move is
    (an exchange between foundations aside); and some position has the pack waiting."""
    waited = 0
    for state, moves in playouts(game, length=1000):
        if not state.piles[0]:
            continue
        turning = [m for m in moves if m.kind == "move" and m.src == 0]
        others = [m for m in moves if (m.kind != "move" or m.src != 0) and m.kind in ("move", PAIR, TURN_UP)
                  and not (m.kind == "move" and game.rules.role(m.src) == "foundation")]
        if turning and others:
            return ClaimResult(False, f"{game.describe(turning[0])} offered beside {game.describe(others[0])}")
        waited += bool(others)
    return ClaimResult(waited > 0, f"the pack waited at {waited} positions while other cards could be played")


@runs(InSequence)
def in_sequence(game: Game, area: str) -> ClaimResult:
    """Each card laid on a card of ``area`` is one rank above or below it («по порядку»)."""
    piles = set(area_piles(game, area, ""))
    seen = 0
    for state, moves in playouts(game):
        for move in moves:
            for moved, (_, dst) in zip((move.card, move.card2), _steps(move)):
                if dst in piles and state.piles[dst]:
                    below = state.piles[dst][-1]
                    if abs(rank_of(moved) - rank_of(below)) != 1:
                        return ClaimResult(False, f"legal: {game.describe(move)}, {card_name(moved)} on {card_name(below)}")
                    seen += 1
    return ClaimResult(seen > 0, f"{seen} cards laid on the {area}, each next in rank to the card below")


def _buried_suit(game: Game, area: str, rank: int, packets: int) -> Callable[[int], State]:
    """A deal rearranged so that, in ``packets`` packets, a card of ``rank`` lies on the
    two smallest cards (twos) of its suit, suit ♦; cards are swapped, none added or lost."""
    piles = area_piles(game, area, "")[:packets]

    def start(number: int) -> State:
        state = game.deal(number)
        for index, pile in enumerate(piles):
            for position, wanted in ((-2, card(2, 1, index)), (-1, card(rank, 1, index))):
                holder = next((p for p, cards in enumerate(state.piles) if wanted in cards), None)
                if holder is None:  # fewer packs than packets
                    raise ClaimError(f"{packets} packets need card {card_code(wanted)}, which is not in the packs")
                at = state.piles[holder].index(wanted)
                target = len(state.piles[pile]) + position
                state.piles[holder][at], state.piles[pile][target] = state.piles[pile][target], wanted
        return state
    return start


@runs(LeavesOnlyTo)
def leaves_only_to(game: Game, area: str, rank: str, roles: list, packets: int) -> ClaimResult:
    wanted, piles = parse_rank(rank), list(area_piles(game, area, ""))
    seen = 0
    for state, moves in playouts(game):
        tops = {p for p in piles if state.piles[p] and rank_of(state.piles[p][-1]) == wanted}
        seen += len(tops)
        for move in moves:
            if move.kind == "move" and move.src in tops and game.rules.role(move.dst) not in roles:
                return ClaimResult(False, f"legal: {game.describe(move)}")
    if not seen:
        return ClaimResult(False, f"no {rank} lay on top of the {area} in random playouts: nothing shown")
    for state, _ in playouts(game, start=_buried_suit(game, area, wanted, packets)):
        grown = [p for p in game.rules.piles_of("foundation")
                 if len(state.piles[p]) > 1 and suit_of(state.piles[p][0]) == 1]
        if grown or game.is_won(state):
            return ClaimResult(False, "a diamond foundation grew past its ace although both kings lay on the twos")
    return ClaimResult(True, f"a {rank} on top of the {area} could go only to {roles} ({seen} times seen); "
                             f"with both ♦ kings on the ♦ twos, no ♦ foundation passed its ace")


@runs(CannotReach)
def cannot_reach(game: Game, position: dict, goal: Goal, depth: int) -> ClaimResult:
    """Holds if, from the given position, no sequence of at most ``depth`` legal moves
    plays ``goal.card`` to a pile of role ``goal.role``."""
    target, role = parse_card(goal.card), goal.role
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
    return ClaimResult(True, f"{goal.card} cannot reach a {role} within {depth} moves")


@runs(InPosition)
def in_position(game: Game, position: dict, rest: str, legal: list[str], illegal: list[str], won: bool | None,
                blocked: bool | None, then: str | None, empty: list[str]) -> ClaimResult:
    state = build(game, position)
    names = {game.rules.pile_name(p): p for p in range(len(state.piles))}
    unknown = [name for name in [rest, *empty] if name not in names]
    if unknown:
        raise ClaimError(f"no pile named {unknown[0]!r}")
    if rest != "stock":
        state.piles[names[rest]][:0] = state.piles[0]
        state.piles[0] = []
        state.edited()
    if then is not None:
        try:
            game.apply(state, game.parse_move(state, then))
        except ValueError as error:
            return ClaimResult(False, str(error))
        filled = [name for name in empty if state.piles[names[name]]]
        if filled:
            return ClaimResult(False, f"after {then}, {filled[0]} holds {card_name(state.piles[names[filled[0]]][-1])}")
    offered = {game.describe(m) for m in game.legal_moves(state)}
    missing = [m for m in legal if m not in offered]
    if missing:
        return ClaimResult(False, f"{missing[0]} is not legal there; offered: {sorted(offered)[:6]}")
    allowed = [m for m in illegal if m in offered]
    if allowed:
        return ClaimResult(False, f"{allowed[0]} is legal there")
    outcome = {"won": game.is_won(state), "blocked": game.is_blocked(state)}
    wrong = [key for key, wanted in (("won", won), ("blocked", blocked)) if wanted is not None and outcome[key] != wanted]
    if wrong:
        return ClaimResult(False, f"the position is {'' if outcome[wrong[0]] else 'not '}{wrong[0]}")
    return ClaimResult(True, f"legal there: {legal}; won {outcome['won']}, blocked {outcome['blocked']}")


@runs(UnavailableUntilStockEmpty)
def unavailable_until_stock_empty(game: Game, area: str) -> ClaimResult:
    piles, used = set(area_piles(game, area, "")), 0
    for state, moves in playouts(game, length=2000):
        for move in moves:
            if move.kind == "move" and move.src in piles:
                if state.piles[0]:
                    return ClaimResult(False, f"legal with cards in the pack: {game.describe(move)}")
                used += 1
    return ClaimResult(used > 0, f"{area} played only once the pack was spent ({used} such moves seen)")


@runs(NoDealWhilePlayable)
def no_deal_while_playable(game: Game) -> ClaimResult:
    """Along random playouts, ``deal a row`` is never offered beside a foundation move."""
    offered = 0
    for _, moves in playouts(game):
        dealing = DEAL_ROW in moves
        offered += dealing
        if dealing and any(m.kind == "move" and game.rules.role(m.dst) == "foundation"
                           and game.rules.role(m.src) != "foundation" for m in moves):
            return ClaimResult(False, "a row could be dealt while a card could go to a foundation")
    return ClaimResult(offered > 0, f"rows were offered {offered} times, never with a foundation move open")


@runs(MovesFromFoundations)
def moves_from_foundations(game: Game) -> ClaimResult:
    """Holds if, along random playouts, some legal move takes a card off a foundation."""
    for _, moves in playouts(game):
        for move in moves:
            if move.kind in ("move", PAIR) and game.rules.role(move.src) == "foundation":
                return ClaimResult(True, f"legal: {game.describe(move)}")
    return ClaimResult(False, "no card ever left a foundation in random playouts")


@runs(OnlyToRowEnds)
def only_to_row_ends(game: Game, source: str, target: str) -> ClaimResult:
    """Along random playouts a card of row i of ``source`` goes only to an end pile of
    row i of ``target``; and such moves occur."""
    source_rows, target_rows = rows_of(game.rules, source), rows_of(game.rules, target)
    row_of = {p: i for i, row in enumerate(source_rows) for p in row}
    seen = 0
    for _, moves in playouts(game):
        for move in moves:
            if move.kind == "move" and move.src in row_of and game.rules.pile_area[move.dst] == target:
                seen += 1
                if move.dst not in ends(target_rows[row_of[move.src]]):
                    return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(seen > 0, f"{seen} moves from the {source}, all to the ends of the matching row")


@runs(OnlyToLineEnds)
def only_to_line_ends(game: Game, source: str, target: str) -> ClaimResult:
    """Along random playouts a card of row r, column c of ``source`` goes only to the
    piles of ``target`` at the ends of row r and of column c; and such moves occur."""
    allowed = {pile: set(ends_of) for piles, ends_of in line_ends_of(game.rules, source, [target]) for pile in piles}
    seen = 0
    for _, moves in playouts(game):
        for move in moves:
            if move.kind == "move" and move.src in allowed and game.rules.pile_area[move.dst] == target:
                seen += 1
                if move.dst not in allowed[move.src]:
                    return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(seen > 0, f"{seen} moves from the {source}, all to the ends of the card's row or column")


@runs(OnlyFromToRole)
def only_from_to_role(game: Game, area: str, role: str) -> ClaimResult:
    """Along random playouts every card reaching a pile of ``role`` comes from ``area``."""
    piles, seen = set(area_piles(game, area, "")), 0
    for _, moves in playouts(game, length=600):
        for move in moves:
            if move.kind == "move" and game.rules.role(move.dst) == role:
                seen += 1
                if move.src not in piles:
                    return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(seen > 0, f"{seen} moves to a {role}, all from the {area}")


def _placed(game: Game, state: State) -> bool:
    return not any(state.piles[p] for p in [0, *game.rules.piles_of("talon")])


def _to_foundation(game: Game, move) -> bool:
    return move.kind in ("move", PAIR) and game.rules.role(move.dst) == "foundation"


@runs(FoundationsWaitUntilPlaced)
def foundations_wait_until_placed(game: Game) -> ClaimResult:
    """Along random playouts no foundation move while the pack or a talon has cards; and
    in a deal whose pack is spread over the layout by hand, foundation moves appear."""
    for state, moves in playouts(game):
        if not _placed(game, state) and any(_to_foundation(game, m) for m in moves):
            return ClaimResult(False, "a foundation move was legal with cards still to place")
    state = game.deal(0)
    layout = [p for p in range(len(state.piles)) if game.rules.role(p) == "tableau"]
    for index, spread in enumerate(reversed(state.piles[0])):
        state.piles[layout[index % len(layout)]].append(spread)
    state.piles[0] = []
    opened = [game.describe(m) for m in game.legal_moves(state) if _to_foundation(game, m)]
    return ClaimResult(bool(opened), f"once all is placed: {opened[:3]}")


@runs(AreaColour)
def area_colour(game: Game, area: str, colour: str) -> ClaimResult:
    """The area holds only cards of the colour, in deals and along random playouts."""
    piles = area_piles(game, area, "")
    for state, _ in playouts(game, length=200):
        wrong = [c for p in piles for c in state.piles[p] if is_red(c) != (colour == "red")]
        if wrong:
            return ClaimResult(False, f"{area} held {card_name(wrong[0])}")
    return ClaimResult(True, f"the {area} held only {colour} cards")
