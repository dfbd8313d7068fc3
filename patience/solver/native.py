"""The solver's optional accelerator: the reference's three searches, run in C (``_native.c``).

The extension is a port of the pure-Python engine's rules and of :mod:`patience.solver.search`
that lists moves and enters positions in exactly the reference's order, so a deal is decided
alike by either, position for position: with the same budget, the same outcome, the same
count of positions and the same winning line. It is built when the package is installed
(``setup.py``; a machine without a C compiler simply goes without it) and used by
:func:`patience.solver.solve` wherever :func:`unsupported` finds nothing: games whose rules
read the history of play (partners' turns, redeals without limit) stay with the reference.
``PATIENCE_NATIVE=0`` in the environment turns it off. ``tests/solver/test_native.py`` holds
it to the reference on the recorded deals of ``tests/engine/`` and on the solver's decisions.
"""

from __future__ import annotations

import os
import struct
from functools import lru_cache
from types import ModuleType

from patience.engine import rng
from patience.engine.game import Game
from patience.engine.state import Move, State
from patience.solver import search
from patience.solver.ordering import _piles
from patience.solver.position import Keys, card_classes, symmetric_areas
from patience.solver.safe import SafeMoves

_native: ModuleType | None
try:
    from patience.solver import _native
except ImportError:  # not built: the reference alone
    _native = None

ROLES = ("stock", "talon", "tableau", "reserve", "aside", "foundation")
KINDS = ("move", "deal_row", "redeal", "pair", "pair_ahead")
CONDITIONS = ("always", "stock_empty", "all_placed", "no_other_move")
MATCHES = ("any", "same_card", "same_rank")
DIRECTIONS = ("up", "down", "either", "by_colour")
BUILD_SUITS = ("same", "any", "alternate")
SUITS = ("clubs", "diamonds", "hearts", "spades")


def available() -> bool:
    """Whether the extension is built and not turned off."""
    return _native is not None and os.environ.get("PATIENCE_NATIVE", "1") != "0"


def _built() -> ModuleType:
    """The extension's module, where it is built (asked only once :func:`available` said so)."""
    if _native is None:
        raise RuntimeError("the solver's accelerator is not built (python setup.py build_ext --inplace)")
    return _native


@lru_cache(maxsize=64)
def unsupported(game: Game) -> tuple[str, ...]:
    """What in this game's rules the accelerator leaves to the reference (empty: nothing)."""
    rules, why = game.rules, []
    if rules.players is not None or rules.turn_ups:
        why.append("partners' turns or packets turned up")
    if rules.redeal and rules.redeal.redeals == "unlimited":
        why.append("redeals without limit (the history decides whether another is allowed)")
    if any(plan.aside is not None for plan in game.pair_plans):
        why.append("pairs put aside")
    if len(rules.pile_area) > 255 or game.total_cards > 255 or len(rules.areas) > 63:
        why.append("more piles, cards or areas than the accelerator holds")
    if any(len(rule.sequence) > 32 for rule in rules.foundation.values()):
        why.append("a foundation longer than the accelerator holds")
    return tuple(why)


def _colour(value: str | None) -> int:
    return -1 if value is None else int(value == "red")


def tables(game: Game, pruning: bool = True) -> dict:
    """The game's rules and the search's tables as the extension reads them; without
    ``pruning``, no safe moves, no interchangeable piles and no card classes (for checking
    the proofs of losses against a search that uses none of them)."""
    rules = game.rules
    area_id = {name: number for number, name in enumerate(rules.areas)}
    piles = range(len(rules.pile_area))
    areas = [rules.areas[name] for name in rules.pile_area]
    found = [rules.foundation.get(pile) for pile in piles]
    builds = [rules.builds.get(area.name) for area in areas]
    safe = SafeMoves(game, symmetric_areas(game))
    classes = card_classes(game)
    redeal = rules.redeal
    return {
        "npiles": len(rules.pile_area), "total": game.total_cards, "packs": rules.packs, "nareas": len(rules.areas),
        "area_of": [area_id[area.name] for area in areas], "role": [ROLES.index(area.role) for area in areas],
        "colour": [_colour(area.colour) for area in areas],
        "unplayable": [int(area.role == "talon" and area.takes != "any") for area in areas],
        "is_found": [int(rule is not None) for rule in found],
        "f_seq": [list(rule.sequence) if rule else [] for rule in found],
        "f_len": [len(rule.sequence) if rule else 0 for rule in found],
        "f_follow": [int(rule is not None and rule.suit == "follow") for rule in found],
        "f_brank": [rule.base.rank if rule else 0 for rule in found],
        "f_bsuit": [SUITS.index(rule.base.suit) if rule and rule.base.suit else -1 for rule in found],
        "f_bcolour": [_colour(rule.base.colour) if rule else -1 for rule in found],
        "f_appear": [int(rule is not None and rule.placed == "as_they_appear") for rule in found],
        "f_distinct": [int(rule is not None and rule.distinct_suits) for rule in found],
        "f_astart": [rules.areas[rule.area].piles.start if rule else 0 for rule in found],
        "f_astop": [rules.areas[rule.area].piles.stop if rule else 0 for rule in found],
        "b_has": [int(build is not None) for build in builds],
        "b_dir": [DIRECTIONS.index(build.direction) if build else 0 for build in builds],
        "b_suit": [BUILD_SUITS.index(build.suit) if build else 0 for build in builds],
        "b_kept": [int(bool(build and build.kept)) for build in builds],
        "b_order": [int(bool(build and build.playing_order)) for build in builds],
        "fills_from": [[area_id[name] for name in game.fills_from[pile]] for pile in piles],
        "fills_wait": [[number for name, before in game.fills_from[pile].items() for waited in before
                        for number in (area_id[name], waited)] for pile in piles],
        "routes": [{"area": area_id[route.source], "any_card": int(route.any_card),
                    "condition": CONDITIONS.index(route.condition), "sources": list(route.sources),
                    "targets": list(route.targets)} for route in game.routes],
        "waiting": list(game.waiting),  # in the order the reference lists them
        "reach": [sorted(game.reach[name]) for name in rules.areas],
        "talons": rules.piles_of("talon"),
        "in_play": [pile for pile in piles if areas[pile].role in ("stock", "talon", "tableau", "reserve")],
        "fills": [{"start": area.piles.start, "stop": area.piles.stop, "count": count, "colour": _colour(area.colour),
                   "donors": donors} for area, donors, count in game._auto_fill],
        "autopiles": [pile for area, _, _ in game._auto_fill for pile in area.piles],
        "compulsory": sorted(game.compulsory),
        "has_row": int(rules.deal_row is not None),
        "row_when": int(rules.deal_row is not None and rules.deal_row.when == "nothing_to_play"),
        "row": [[area_id[name], rules.areas[name].piles.start, rules.areas[name].piles.stop, per_pile]
                for name, per_pile in (rules.deal_row.to.items() if rules.deal_row else ())],
        "omit_last": [area_id[name] for name in rules.last_pass_omit],
        "has_redeal": int(redeal is not None), "redeals": int(redeal.redeals) if redeal else 0,
        "shuffle": int(bool(redeal and redeal.shuffle)),
        "redeal_when": int(redeal is not None and redeal.when == "no_other_move"),
        "gather": [pile for name in (redeal.gather if redeal else ()) for pile in rules.areas[name].piles],
        "pairs": [{"match": MATCHES.index(plan.clause.match), "ahead": int(plan.ahead), "mine": list(plan.groups[0]),
                   "theirs": list(plan.groups[1]), "foundations": [[r.start, r.stop] for r in plan.foundations]}
                  for plan in game.pair_plans],
        "symmetric": [[r.start, r.stop] for r in symmetric_areas(game)] if pruning else [],
        "classes": list(classes) if pruning and classes is not None and Keys(game).classes is not None else [],
        "classes_from": Keys(game).classes_from,
        "safe_enabled": int(safe.enabled and pruning), "eligible": [int(e) for e in safe.eligible],
        "may_empty": [int(e) for e in safe.may_empty], "foundations": list(rules.foundation),
        "partners": [[suit * 13 + rank - 1 for rank, suit in safe.partners[(r, s)]]
                     for s in range(4) for r in range(1, 14)],
        "dive": search.BestFirst.dive,
        "beam_share": search.BEAM_SHARE, "best_share": search.BEST_SHARE,
        "looked": [[pile, look, hops, int(blocking)] for pile, look, hops, blocking in _piles(game, True)],
    }


@lru_cache(maxsize=64)
def compiled(game: Game, pruning: bool = True):
    return _built().compile(tables(game, pruning))


def shuffle_keys(game: Game, state: State) -> bytes | None:
    """The keys each shuffled redeal of the deal orders its cards by, pass after pass."""
    redeal = game.rules.redeal
    if not (redeal and redeal.shuffle):
        return None
    keys = [key for k in range(1, int(redeal.redeals) + 1)
            for key in rng.card_keys(f"{state.key}:redeal:{k}", game.total_cards)]
    return struct.pack(f"={len(keys)}Q", *keys)


def move_of(values: tuple) -> Move:
    kind, card, src, dst, card2, src2, dst2 = values
    if kind in (1, 2):
        return Move(KINDS[kind])
    if kind == 0:
        return Move("move", card, src, dst)
    if kind == 4:  # laid on its partner ahead: card2 is the partner, the only card moved is card
        return Move("pair_ahead", card, src, dst, card2)
    return Move("pair", card, src, dst, card2, src2, dst2)


def values_of(move: Move) -> tuple:
    return (KINDS.index(move.kind), max(move.card, 0), move.src, move.dst, max(move.card2, 0), move.src2, move.dst2)


def solve(game: Game, state: State, budget: int, pruning: bool = True) -> tuple[str, int, list[Move]] | None:
    """The reference's ``Beam``, ``BestFirst`` then ``DepthFirst``, in C: (outcome, positions, line),
    or None where the accelerator is not built, turned off, or leaves the game to the reference."""
    if not available() or unsupported(game):
        return None
    outcome, nodes, line = _built().solve(compiled(game, pruning), [bytes(pile) for pile in state.piles],
                                          state.passes, shuffle_keys(game, state), budget)
    return outcome, nodes, [move_of(values) for values in line]


def engine(game: Game, state: State):
    """The accelerator's engine at ``state``, to be driven move by move (for the tests)."""
    return _built().Engine(compiled(game), [bytes(pile) for pile in state.piles], state.passes,
                           shuffle_keys(game, state))
