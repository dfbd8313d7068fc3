"""Going through the pack again: how many times, what is gathered, in what order."""

from __future__ import annotations

from patience.cards import card_name
from patience.claims.support import ClaimResult, area_piles, playouts, runs
from patience.engine.autoplay import autoplay
from patience.engine.game import REDEAL, Game
from patience.engine.state import State
from patience.rulespec.claim_kinds.redeals import (
    Passes,
    RedealGathers,
    RedealKeepsOrder,
    RedealNeedsProgress,
    RedealShuffled,
    RedealWhenBlocked,
)


@runs(Passes)
def passes(game: Game, total: int) -> ClaimResult:
    most = 0
    for number in range(8):
        state = game.deal(number)
        autoplay(game, state)
        most = max(most, state.passes)
    return ClaimResult(most == total, f"autoplayed deals went through the pack at most {most} times")


@runs(RedealShuffled)
def redeal_shuffled(game: Game) -> ClaimResult:
    """Turn the pack (onto the talon where allowed; other play first where the pack must
    wait for it) until the redeal is legal; the new stock must hold the gathered cards,
    not in the order they were gathered."""
    state = game.deal(0)
    for _ in range(5 * game.total_cards):  # a rule that lets cards go round for ever ends here
        if game.is_legal(state, REDEAL):
            break
        moves = [m for m in game.legal_moves(state) if m != REDEAL]
        if not moves:
            return ClaimResult(False, "deal 0 came to an end without a redeal")
        turned = [m for m in moves if m.src == 0]
        game.apply(state, next((m for m in turned if game.rules.role(m.dst) == "talon"), (turned or moves)[0]))
    else:
        return ClaimResult(False, f"no redeal after {5 * game.total_cards} moves of deal 0")
    redeal = game.rules.redeal
    assert redeal is not None  # a redeal was just offered
    gathered = [c for name in redeal.gather for p in game.rules.areas[name].piles for c in state.piles[p]]
    game.apply(state, REDEAL)
    new_stock = state.piles[0][::-1]
    holds = sorted(new_stock) == sorted(gathered) and new_stock != gathered and len(gathered) > 2
    return ClaimResult(holds, f"{len(gathered)} cards gathered; the new stock is {'shuffled' if holds else 'not shuffled'}")


def _turn_all(game: Game, state: State) -> None:
    """Turn the whole pack onto the talon, placing nothing."""
    talon = game.rules.piles_of("talon")[0]
    while state.piles[0]:
        move = next(m for m in game.legal_moves(state) if m.src == 0 and m.dst == talon)
        game.apply(state, move)


@runs(RedealNeedsProgress)
def redeal_needs_progress(game: Game) -> ClaimResult:
    """A pass that places nothing leaves no redeal; a pass that places a card leaves one."""
    state = game.deal(0)
    _turn_all(game, state)
    first = game.is_legal(state, REDEAL)
    game.apply(state, REDEAL)
    turned = len(state.history)
    _turn_all(game, state)
    idle = game.is_legal(state, REDEAL)
    while len(state.history) > turned:
        game.undo(state)
    talon = game.rules.piles_of("talon")[0]
    while state.piles[0]:
        moves = [m for m in game.legal_moves(state) if m.src == 0]
        placing = next((m for m in moves if m.dst != talon), None)
        if placing is not None:
            break
        game.apply(state, next(m for m in moves if m.dst == talon))
    else:
        return ClaimResult(False, "no card from the talon could be placed in deal 0: nothing shown")
    game.apply(state, placing)
    _turn_all(game, state)
    useful = game.is_legal(state, REDEAL)
    holds = first and not idle and useful
    return ClaimResult(holds, f"redeal after the first pass {first}, after an idle pass {idle}, "
                              f"after a pass placing {card_name(placing.card)} {useful}")


@runs(RedealKeepsOrder)
def redeal_keeps_order(game: Game, area: str, cards: int) -> ClaimResult:
    """Along random playouts, at each redeal the first pile of ``area`` is laid out again
    with the ``cards`` that lay at the bottom of the first pile before: taken up from
    the left, in order."""
    first, seen = area_piles(game, area, "")[0], 0
    for state, moves in playouts(game, length=1000):
        if REDEAL in moves and len(state.piles[first]) >= cards:
            bottom = state.piles[first][:cards]
            game.apply(state, REDEAL)
            laid = state.piles[first][:cards]
            game.undo(state)
            seen += 1
            if laid != bottom:
                return ClaimResult(False, f"{[card_name(c) for c in bottom]} became {[card_name(c) for c in laid]}")
    return ClaimResult(seen > 0, f"{seen} redeals, each laying the first packet's bottom {cards} cards out first")


@runs(RedealGathers)
def redeal_gathers(game: Game, areas: list[str]) -> ClaimResult:
    """At each redeal: the new pack is the old pack's rest and the cards of ``areas``,
    with the last area's cards at the bottom; every other pile keeps its cards. Cards
    the rules lay out at once from the new pack (La Nivernaise's line) count as its own."""
    groups = [area_piles(game, name, "") for name in areas]
    gathered = {p for group in groups for p in group}
    others = [p for p in range(1, len(game.rules.pile_area)) if p not in gathered]
    seen = 0
    for state, moves in playouts(game, length=1000):
        if REDEAL not in moves:
            continue
        held = [sorted(c for p in group for c in state.piles[p]) for group in groups]
        rest, kept = list(state.piles[0]), [list(state.piles[p]) for p in others]
        game.apply(state, REDEAL)
        laid = _laid_at_once(state, gathered)
        stock = list(state.piles[0])
        new_pack = stock + [c for p in gathered for c in state.piles[p][len(state.piles[p]) - laid[p]:]]
        after = [list(state.piles[p]) for p in others]
        game.undo(state)
        seen += 1
        if after != kept:
            moved = next(game.rules.pile_name(p) for p, a, b in zip(others, after, kept) if a != b)
            return ClaimResult(False, f"a redeal took cards from the {moved}, which is not among {areas}")
        if sorted(new_pack) != sorted(rest + [c for cards in held for c in cards]):
            return ClaimResult(False, f"a redeal made a pack of {len(new_pack)} cards, not the rest and {areas}")
        if not any(laid.values()) and sorted(stock[:len(held[-1])]) != held[-1]:  # the pack's last card is its top
            return ClaimResult(False, f"a redeal did not lay the {areas[-1]} at the bottom of the new pack")
    return ClaimResult(seen > 0, f"{seen} redeals, each gathering {areas} and nothing else")


def _laid_at_once(state, gathered: set[int]) -> dict[int, int]:
    """How many cards the last move (a redeal) laid from the new pack onto each gathered
    pile: its top cards; any card under them stayed there, ungathered."""
    ops = state.history[-1][1]
    return {p: sum(op[0] == "mv" and op[1] == 0 and op[3] == p for op in ops) for p in gathered}


@runs(RedealWhenBlocked)
def redeal_when_blocked(game: Game) -> ClaimResult:
    seen = 0
    for _, moves in playouts(game, length=1000):
        if REDEAL in moves:
            seen += 1
            if len(moves) > 1:
                return ClaimResult(False, f"redeal offered beside {game.describe(next(m for m in moves if m != REDEAL))}")
    return ClaimResult(seen > 0, f"{seen} redeals offered, each only when nothing else could be played")
