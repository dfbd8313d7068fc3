"""``patience deal GAME NUMBER``: print the layout of a numbered deal (or its JSON)."""

from __future__ import annotations

import json

from patience.cli import UsageError

SUMMARY = "print the layout of a numbered deal"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "deal", help=SUMMARY,
        description="Deals deal NUMBER of GAME (the same deal on every machine) and prints the layout.",
    )
    add_deal_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the state as JSON")
    parser.set_defaults(func=run)


def add_deal_arguments(parser) -> None:
    """GAME and NUMBER, which name a deal for every command that plays one."""
    parser.add_argument("game", metavar="GAME", help="a game id, e.g. sultan or napoleon:twelve (see `patience games`)")
    parser.add_argument("number", metavar="NUMBER", type=int, help="the deal number, 0 or more")


def open_deal(game_id: str, number: int):
    """The game and its dealt state; unknown games and bad numbers are usage errors."""
    from patience.rulespec.compile import load_game

    try:
        game = load_game(game_id)
    except KeyError as error:
        raise UsageError(error.args[0]) from None
    if not getattr(game.spec, "playable", True):  # the compiled tables keep the spec untyped
        raise UsageError(f"{game_id} cannot be played: too little of its text survives (see `patience games`)")
    if number < 0:
        raise UsageError("the deal number must be 0 or more")
    return game, game.deal(number)


def run(arguments) -> int:
    from patience.views.jsonio import state_to_json
    from patience.views.render import render

    game, state = open_deal(arguments.game, arguments.number)
    if arguments.json:
        print(json.dumps(state_to_json(game, state), ensure_ascii=False, indent=1))
    else:
        print(render(game, state))
    return 0
