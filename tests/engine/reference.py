"""The straightforward move generation that the engine's move index must agree with:
every available card of every open route offered to every target pile, each tested by
the rule itself (:meth:`Game.accepts`), as the engine did before it had an index."""

from patience.engine import actions
from patience.engine.game import DEAL_ROW, REDEAL
from patience.engine.rules import STOCK
from patience.engine.state import Move


def card_moves(game, state) -> list[Move]:
    """Every route's moves; a route of the pack that waits for no other move (``when:
    no_other_move``) comes last, and only when nothing else but an exchange between
    foundations can be played."""
    moves = route_moves(game, state, [r for r in game.routes if r.condition != "no_other_move"])
    waiting = [r for r in game.routes if r.condition == "no_other_move"]
    others = moves + actions.moves(game, state, None) if waiting else moves
    if waiting and not any(m.kind != "move" or game.rules.role(m.src) != "foundation" for m in others):
        moves += route_moves(game, state, waiting)
    return moves


def route_moves(game, state, routes) -> list[Move]:
    moves = []
    for route in routes:
        if route.condition != "no_other_move" and not game.flow_open(state, route.condition):
            continue
        for src in route.sources:
            cards = state.piles[src]
            for pos in (range(len(cards)) if route.any_card else range(len(cards) - 1, len(cards))):
                if pos < 0:
                    continue
                card, offered = cards[pos], set()
                for dst in route.targets:
                    if dst == src or not game.accepts(state, dst, card, route.source):
                        continue
                    if not state.piles[dst]:  # empty piles of one area: only the first
                        area = game.rules.pile_area[dst]
                        if area in offered:
                            continue
                        offered.add(area)
                    moves.append(Move("move", card, src, dst))
    return moves


def moves_of(game, state, player) -> list[Move]:
    own = [m for m in card_moves(game, state) if actions.owner(game.rules, m.src) == player]
    return own + actions.moves(game, state, player)


def legal_moves(game, state) -> list[Move]:
    if game.rules.players is not None:
        last = actions.mover(game, state.history[-1][0]) if state.history else 0
        last = 0 if last is None else last
        return moves_of(game, state, last) or moves_of(game, state, 1 - last)
    moves = card_moves(game, state) + actions.moves(game, state, None)
    if may_deal_row(game, state, moves):
        moves.append(DEAL_ROW)
    if may_redeal(game, state, any(m.kind != "move" or game.rules.role(m.src) != "foundation" for m in moves)):
        moves.append(REDEAL)
    return filling_compulsory_spaces(game, state, moves)


def filling_compulsory_spaces(game, state, moves) -> list[Move]:
    """While a space that must be filled at once can be filled, only the moves that fill it."""
    empty = {pile for name, spaces in game.rules.spaces.items() if spaces.fill == "compulsory"
             for pile in game.rules.areas[name].piles if not state.piles[pile]}
    return [m for m in moves if m.kind == "move" and m.dst in empty] or moves


def may_deal_row(game, state, moves) -> bool:
    deal_row = game.rules.deal_row
    if not deal_row or not state.piles[STOCK]:
        return False
    if deal_row.when == "nothing_to_play":
        return not any(game.rules.role(m.dst) == "foundation" and game.rules.role(m.src) != "foundation"
                       for m in moves)
    return True


def may_redeal(game, state, other_moves: bool) -> bool:
    redeal = game.rules.redeal
    if not redeal or state.piles[STOCK]:
        return False
    gathered = sum(len(state.piles[p]) for name in redeal.gather for p in game.rules.areas[name].piles)
    if redeal.redeals == "unlimited":
        last = next((ops for move, ops in reversed(state.history) if move.kind == "redeal"), None)
        if last is not None and gathered >= sum(len(op[2]) for op in last if op[0] == "set" and op[1] != STOCK):
            return False
    elif state.passes > redeal.redeals:
        return False
    if redeal.when == "no_other_move" and other_moves:
        return False
    return bool(gathered)
