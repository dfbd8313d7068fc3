"""``patience play GAME NUMBER``: play a deal in the terminal.

The layout is shown with the legal moves numbered; type a number to play it,
``u`` to undo, ``q`` to quit. Reading moves from standard input makes the game
scriptable (``printf '1\\nu\\nq\\n' | patience play sultan 3``).
"""

from __future__ import annotations

import re
import sys

from patience.cli.deal import add_deal_arguments, open_deal

HELP = "Type a move's number, u to undo, q to quit."


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "play", help="play a numbered deal interactively in the terminal",
        description="Shows the layout and the numbered legal moves; a number plays a move, u undoes, q quits.",
    )
    add_deal_arguments(parser)
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.engine.render import render

    game, state = open_deal(arguments.game, arguments.number)
    while True:
        print(render(game, state))
        moves = game.legal_moves(state)
        if game.is_won(state) or not moves:
            return 0
        for index, move in enumerate(moves, 1):
            print(f"  {index:3}) {game.describe(move)}")
        answer = _ask()
        if answer is None or answer == "q":
            print("Goodbye.")
            return 0
        if answer == "u":
            if state.history:
                print(f"Undone: {game.describe(game.undo(state))}")
            else:
                print("Nothing to undo.")
        elif _move_number(answer, len(moves)):
            game.apply(state, moves[int(answer) - 1])
        else:
            print(f"Not understood: {answer!r}. {HELP}")


def _move_number(answer: str, count: int) -> bool:
    """Whether ``answer`` is the number of one of ``count`` moves, in ASCII digits (``²`` and ``①``
    are digits to :meth:`str.isdigit` but not to :func:`int`, and a huge number is none)."""
    return bool(re.fullmatch(r"[0-9]{1,6}", answer)) and 1 <= int(answer) <= count


def _ask() -> str | None:
    print(f"Move? ({HELP}) ", end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print()
        return None
    if not sys.stdin.isatty():
        print(line.strip())  # echo scripted input so the transcript reads as a dialogue
    return line.strip().lower()
