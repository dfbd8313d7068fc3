"""Whether the stored table can be published: what ``patience check`` and the build ask of it.

Every playable game and variant has an entry and no other does; each entry's deals
are numbered 1..N, each once, written as ``patience stats`` writes them; each row has
its shape and agrees with itself (a deal the solver found lost was not won by the
player, a loss says what proved it, positions within the rung's budget); the rows are
those ``patience stats`` wrote (their seal); the digests are today's; and a sample of
quick deals, decided again here, comes out as the table says.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from patience.stats import table

SAMPLE = 4  # deals decided again
QUICK = 1.0  # processor seconds: the sample is drawn among deals whose solve took less
SHOWN = 5  # missing deal numbers named in a finding


@dataclass(frozen=True)
class Problem:
    line: int | None
    message: str


def problems(path: Path | None = None, games: list[str] | None = None, sample: int = SAMPLE) -> list[Problem]:
    """Everything wrong with the table at ``path`` (by default the stored one) of
    ``games`` (by default every playable game and variant), each at its line."""
    path = path or table.TABLE
    try:
        data = table.load(path)
    except table.TableError as error:
        return [Problem(error.line, error.message)]
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    games = games if games is not None else _playable()
    found = [Problem(table.line_of(text, '"games"'), f"{game} has no results; compute them with "
                     f"`{table.computing(data, game)}`")
             for game in games if game not in data["games"]]
    trusted = []
    for game, stored in data["games"].items():
        where = text.find(f'"{game}"')
        line = table.line_of(text, f'"{game}"')
        if game not in games:
            found.append(Problem(line, f"{game} is not a playable game or variant"))
            continue
        wrong = _entry(game, stored) or _rows(game, stored, text, where) or _sealed(game, stored) or _fresh(data, game)
        found += [Problem(at or line, message) for at, message in wrong]
        if not wrong:
            trusted.append(game)
    return found + _decided_again(data, trusted, sample)


def _playable() -> list[str]:
    from patience.rulespec.compile import games

    return [entry.id for entry in games() if entry.playable]


Found = list[tuple[int | None, str]]


def _entry(game: str, stored) -> Found:
    shape = {"solver_code": str, "player_code": str, "spec": str, "budget": int, "rungs": int, "command": str, "deals": dict}
    wrong = [name for name, kind in shape.items() if not isinstance(stored, dict) or not isinstance(stored.get(name), kind)]
    if wrong:
        return [(None, f"{game}: the entry lacks {', '.join(wrong)}, or gives {'them' if len(wrong) > 1 else 'it'} "
                       f"in the wrong form")]
    if stored["budget"] < 1 or stored["rungs"] < 1:
        return [(None, f"{game}: the budget and the number of rungs must be positive")]
    through = stored.get(table.LAST_RUNG_THROUGH)
    climbing = isinstance(through, int) and not isinstance(through, bool) and stored["rungs"] > 1
    if through is not None and not (climbing and 0 <= through < len(stored["deals"])):
        return [(None, f"{game}: \"{table.LAST_RUNG_THROUGH}\" is the last deal of 1..N to have climbed the "
                       f"last rung of a ladder of two or more, where a later one waits below it; not {through!r}")]
    return []


def _rows(game: str, stored: dict, text: str, start: int) -> Found:
    """Deals 1..N, each once, and every row of the right shape and consistent."""
    found: Found = []
    keys: dict[int, list[str]] = {}
    for key in stored["deals"]:
        if key.isdigit() and int(key) > 0:
            keys.setdefault(int(key), []).append(key)
        else:
            found.append((table.line_of(text, f'"{key}": [', start), f"{game}: {key!r} is not a deal number"))
    for number, written in sorted(keys.items()):
        if len(written) > 1:
            messages = [f"deal {number} is given {len(written)} times (as {', '.join(map(repr, written))})"]
        elif written[0] != str(number):
            messages = [f"deal {number} is written {written[0]!r}, not as `patience stats` writes it"]
        else:
            row = stored["deals"][written[0]]
            messages = [f"deal {number}: {message}" for message in _row_faults(stored, row, _lowest(stored, number),
                                                                              _planned(game))]
        if messages:  # a row's line is looked for only when it is at fault: finding it is not cheap
            line = table.line_of(text, f'"{written[-1]}": [', start)
            found += [(line, f"{game}: {message}") for message in messages]
    missing = [n for n in range(1, max(keys, default=0) + 1) if n not in keys]
    if missing:
        named = ", ".join(map(str, missing[:SHOWN])) + (f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else "")
        found.append((None, f"{game}: deals 1–{max(keys)} lack {named}"))
    return found


@cache
def _planned(game_id: str) -> bool:
    """Whether the structure of the game's rules decides its deals (the placement plan, or
    no choice mattering): no search, so the positions counted are the plan's, not bounded by
    a budget."""
    from patience.rulespec.compile import load_game
    from patience.solver import confluence, placement

    game = load_game(game_id)
    return placement.shape(game) is not None or not confluence.reasons(game)


def _lowest(stored: dict, number: int) -> int:
    """The lowest rung deal ``number`` may be left undecided at: the last, or the one below
    it after the deals that have climbed a last rung climbed part of the way."""
    through = stored.get(table.LAST_RUNG_THROUGH)
    return stored["rungs"] - 1 if through is not None and number > through else stored["rungs"]


def _row_faults(stored: dict, row, lowest: int, planned: bool = False) -> list[str]:
    if not isinstance(row, list) or len(row) != len(table.FIELDS):
        return [f"a row has {len(table.FIELDS)} fields ({', '.join(table.FIELDS)})"]
    solver, positions, player, solve_cpu, play_cpu, space, rung, reason = row
    faults = []
    if solver not in ("won", "lost", "unknown") or player not in ("won", "lost"):
        faults.append(f"outcomes {solver!r} and {player!r}: the solver's is won, lost or unknown, the player's won or lost")
    if not (isinstance(rung, int) and 1 <= rung <= stored["rungs"]):
        faults.append(f"rung {rung!r} is not one of the ladder's 1–{stored['rungs']}")
    elif not (isinstance(positions, int) and 0 < positions and (planned or positions <= table.rung_budget(
            stored["budget"], rung))):
        faults.append(f"{positions!r} positions is not within rung {rung}'s budget")
    elif solver == "unknown" and player == "lost" and rung < lowest:
        faults.append(f"undecided at rung {rung}: it has not climbed the ladder's {lowest} rungs")
    if solver == "lost" and player == "won":
        faults.append("the solver found it lost, but the player won it")
    if (solver == "lost") != isinstance(reason, str):
        faults.append("a loss says what proved it, and only a loss" if reason is None or solver == "lost"
                      else f"{reason!r} proves no loss: the solver says {solver}")
    if any(not (value is None or isinstance(value, (int, float)) and value >= 0) for value in (solve_cpu, play_cpu)):
        faults.append("processor seconds are a number of 0 or more, or null where not recorded")
    if space not in (0, 1):
        faults.append(f"the free-space flag is 0 or 1, not {space!r}")
    return faults


def _sealed(game: str, stored: dict) -> Found:
    if "seal" not in stored:
        return [(None, f"{game}: the entry has no seal (written by an earlier `patience stats`): recompute it "
                       f"with `{stored['command']}`")]
    if stored["seal"] != table.seal(stored["deals"]):
        return [(None, f"{game}: the rows are not those `patience stats` wrote (their seal differs): a row was "
                       f"changed by hand; recompute them with `{stored['command']}`")]
    return []


def _fresh(data: dict, game: str) -> Found:
    try:
        table.check_fresh(data, game)
    except table.StaleTable as error:
        return [(None, str(error))]
    return []


def _decided_again(data: dict, games: list[str], sample: int) -> list[Problem]:
    """A few quick deals of the trusted entries, solved and played again, must give the
    same row (the draw is seeded by the seals, so it changes with the table)."""
    from patience.stats.deal import evaluate

    pool = [(game, int(number), row) for game in sorted(games) for number, row in data["games"][game]["deals"].items()
            if row[3] is not None and row[3] < QUICK]
    seed = "".join(data["games"][game]["seal"] for game in sorted(games))
    found = []
    for game, number, row in random.Random(seed).sample(pool, min(sample, len(pool))):
        stored = data["games"][game]
        again = evaluate(game, number, table.rung_budget(stored["budget"], row[6]))
        seen = [again["solver"], again["positions"], again["player"], int(again["space"]), again["reason"]]
        if seen != [row[0], row[1], row[2], row[5], row[7]]:
            found.append(Problem(None, f"{game}: deal {number} decided again gives {seen}, the table "
                                       f"{[row[0], row[1], row[2], row[5], row[7]]}"))
    return found
