"""``patience solve GAME NUMBER``: decide a numbered deal with full knowledge of the cards.

Prints ``won`` with the winning line (replayed by the engine before it is shown),
``lost`` when no line of play wins, or ``unknown`` when the budget of positions
ran out first. The search and its pruning are described in ``docs/solver.md``.
"""

from __future__ import annotations

import json

from patience.cli import UsageError

SUMMARY = "decide a numbered deal with full knowledge: won (with the line), lost or unknown"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "solve", help=SUMMARY,
        description="Searches every line of play of deal NUMBER of GAME, seeing all the cards.",
    )
    parser.add_argument("game", metavar="GAME", help="a game id, e.g. sultan or napoleon:twelve (see `patience games`)")
    parser.add_argument("number", metavar="NUMBER", help="the deal number, 0 or more")
    add_game_options(parser)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--explain", action="store_true",
                        help="say how the verdict was reached: the line replayed, or what proved the loss")
    parser.set_defaults(func=run)


def add_game_options(parser, budget_help: str | None = None) -> None:
    """--variant and --budget, shared with ``patience stats``, which says what its budget is
    (``budget_help``) and leaves it unset when it is not given."""
    from patience.solver.search import DEFAULT_BUDGET

    parser.add_argument("--variant", metavar="V", help="a variant of GAME (the part after the colon, e.g. twelve)")
    parser.add_argument("--budget", metavar="NODES", default=None if budget_help else str(DEFAULT_BUDGET),
                        help=budget_help or f"positions the search may enter before it says unknown "
                                            f"(default {DEFAULT_BUDGET:,})")


def game_id(arguments) -> str:
    """GAME, or GAME:V with --variant; checked against the specs."""
    from patience.rulespec.compile import games

    ident = arguments.game
    if arguments.variant:
        if ":" in ident:
            raise UsageError(f"{ident!r} already names a variant; give --variant only with a game id")
        ident = f"{ident}:{arguments.variant}"
    entries = {entry.id: entry for entry in games()}
    if ident not in entries:
        raise UsageError(f"unknown game or variant {ident!r}; see `patience games`")
    if not entries[ident].playable:
        raise UsageError(f"{ident} cannot be played: too little of its text survives (see `patience games`)")
    return ident


def positive(text: str, what: str) -> int:
    """``text`` as a positive integer, or a one-line usage error."""
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise UsageError(f"{what} must be a positive whole number, not {text!r}") from None
    if value < 1:
        raise UsageError(f"{what} must be a positive whole number, not {text!r}")
    return value


def deal_number(text: str) -> int:
    try:
        if text.isdigit():
            return int(text)
    except ValueError:  # more digits than Python converts (4,300)
        raise UsageError(f"the deal number must be 0 or more, not a number of {len(text):,} digits") from None
    raise UsageError(f"the deal number must be 0 or more, not {text!r}")


def run(arguments) -> int:
    from patience.progress import Progress, interruptible
    from patience.rulespec.compile import load_game
    from patience.solver import solve
    from patience.views.jsonio import move_to_json

    ident, number = game_id(arguments), deal_number(arguments.number)
    budget = positive(arguments.budget, "the budget")
    try:
        with Progress(f"solving {ident} deal {number}, at most {budget:,} positions", shown=not arguments.json):
            game = load_game(ident)
            solution = interruptible(lambda: solve(game, game.deal(number), budget))
    except KeyboardInterrupt:
        raise UsageError("interrupted; nothing was decided") from None
    if arguments.json:
        print(json.dumps({"game": ident, "deal": number, "outcome": solution.outcome, "positions": solution.nodes,
                          "budget": budget, "proved_by": solution.reason, "proof": solution.detail or None,
                          "moves": [move_to_json(game, m) for m in solution.line]},
                         ensure_ascii=False, indent=1))
        return 0
    for index, move in enumerate(solution.line, 1):
        print(f"{index:4}. {game.describe(move)}")
    print(f"{ident} deal {number}: {_verdict(solution, budget, arguments.explain)}")
    return 0


PROOFS = {
    "exhausted": "exhaustive search",
    "placement": "the placement plan (docs/solver.md: games whose foundations wait until every card is placed)",
    "confluent": "confluence (docs/solver.md: games where no choice matters)",
    "capacity": "counting places (docs/solver.md: more cards in play than the foundations can hold)",
    "covering": "covering (docs/solver.md: every copy of a card that can go only home lies over a lower card "
                "of its suit)",
}


def _verdict(solution, budget: int, explain: bool) -> str:
    if solution.outcome == "won":
        return (f"won in {len(solution.line)} moves, found after {solution.nodes:,} positions; "
                "the line above was replayed by the engine")
    if solution.outcome == "lost":
        if explain:
            return f"lost, proved by {PROOFS[solution.reason]}: {solution.detail}"
        return f"lost: {solution.detail}"
    return f"unknown: the budget of {budget:,} positions ran out"
