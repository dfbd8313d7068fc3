"""``patience autoplay GAME NUMBER``: a player plays a deal to its end: the engine's own
simple player, or with ``--look-ahead`` the player of :mod:`patience.player.lookahead`."""

from __future__ import annotations

import json
from typing import Any

from patience.cli.deal import add_deal_arguments, open_deal

SUMMARY = "play a numbered deal with the engine's player and print the moves"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "autoplay", help=SUMMARY,
        description="Plays deal NUMBER of GAME with the engine's simple player, printing every move and the result.",
    )
    add_deal_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the moves and result as JSON")
    parser.add_argument("--look-ahead", action="store_true",
                        help="play with the look-ahead player of the page examples (it never reads a face-down card)")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.engine.autoplay import autoplay
    from patience.views.jsonio import move_to_json
    from patience.views.render import render

    game, state = open_deal(arguments.game, arguments.number)
    playout: Any  # the engine's or the solver's playout: both carry the moves and the outcome
    if arguments.look_ahead:
        from patience.player import play

        playout = play(game, state)
    else:
        playout = autoplay(game, state)
    if arguments.json:
        print(json.dumps({"game": game.id, "deal": arguments.number, "outcome": playout.outcome,
                          "moves": [move_to_json(game, m) for m in playout.moves]}, ensure_ascii=False, indent=1))
        return 0
    for index, move in enumerate(playout.moves, 1):
        print(f"{index:4}. {game.describe(move)}")
    print(render(game, state))
    print(f"Result: {playout.outcome} after {len(playout.moves)} moves.")
    return 0
