"""``patience plate GAME``: the game's lost plate, redrawn as SVG from its spec."""

from __future__ import annotations

SUMMARY = "print the game's plate, redrawn from its spec, as SVG"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "plate", help=SUMMARY,
        description="Prints an SVG of GAME's layout at the start of play (the book's lost plate), "
                    "drawn from its rule specification, with its text alternative.",
    )
    parser.add_argument("game", metavar="GAME", help="a game id, e.g. sultan or napoleon:twelve (see `patience games`)")
    parser.add_argument("--describe", action="store_true", help="print the plate's text alternative instead")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.cli.deal import open_deal
    from patience.views import plate

    game, _ = open_deal(arguments.game, 0)
    print(plate.describe(game) if arguments.describe else plate.svg(game))
    return 0
