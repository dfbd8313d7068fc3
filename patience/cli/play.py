"""``patience play GAME NUMBER``: play a deal in the terminal.

The layout is shown with the moves the player can see, numbered; type a number to play
it, ``t`` to turn up the pack's next card (its moves are offered only then: nothing
shown names a face-down card, :mod:`patience.engine.visibility`), ``u`` to undo, ``q``
to quit. Reading moves from standard input makes the game scriptable (``printf
'1\\nu\\nq\\n' | patience play sultan 3``); a script may type the number of a move of the
pack's card without turning it up first, as the page's URL does.
"""

from __future__ import annotations

import re
import sys

from patience.cli.deal import add_deal_arguments, open_deal

HELP = "Type a move's number, t to turn up the stock's next card, u to undo, q to quit."
SUMMARY = "play a numbered deal interactively in the terminal"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "play", help=SUMMARY,
        description="Shows the layout and the numbered moves in sight; a number plays a move, t turns up "
                    "the stock's next card, u undoes, q quits.",
    )
    add_deal_arguments(parser)
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.engine import visibility
    from patience.session import Session
    from patience.views.render import render

    game, _ = open_deal(arguments.game, arguments.number)
    session = Session(game, arguments.number)
    while True:
        print(render(game, session.state, session.turned))
        view = session.view()
        if view["won"] or view["blocked"]:
            return 0
        for move in view["moves"]:
            print(f"  {move['n']:3}) {move['text']}")
        if view["turn"]:
            print(f"    t) {visibility.TURN_UP_NEXT}")
        answer = _ask()
        if answer is None or answer == "q":
            print("Goodbye.")
            return 0
        if answer == "u":
            print(f"Undone: {view['last']}" if session.undo() else "Nothing to undo.")
        elif answer == "t":
            if not session.turn():
                print("There is no card to turn up.")
        elif _move_number(answer, len(visibility.in_order(game, session.state))):
            session.play(int(answer))
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
