"""The won lines found for deals the table leaves undecided (``patience/stats/found.json``).

:mod:`patience.stats.finding` finds them; ``patience find GAME --save`` stores them. Per
game or variant the file keeps the digest of the spec the lines were found with, the
commands of the passes that looked for them (a pass at a larger budget looks only at the
deals the passes before it left), for each deal won its line (each move as ``patience solve
--json`` writes it), the budget of the searches that found it, the processor seconds it took
and the digest of the finder's code that found it, and by budget the deals the last code
(``finder_code``) looked at in vain (a pass stopped and run again looks only at the deals it
had not reached), each with the processor seconds it took (null for the passes run before
the file kept them, whose seconds only their logs held); and, as a record of the passes, by
the digest of each earlier finder's code, the deals it looked at in vain, which no longer
spare a deal from being looked at::

    {"format": 3, "games": {"empress": {"finder_code": "…", "spec": "…",
     "commands": ["patience find empress --deals 1000 --budget 200000 --save"],
     "deals": {"39": {"moves": [{"kind": "pair", …}, …], "budget": 200000, "cpu": 4.8,
                      "finder_code": "…"}, …},
     "searched": {"200000": {"3": 5.1, …}},
     "earlier": {"…": {"200000": {"3": 4.9, "82": null, …}}}}}}

A line is a fact about its deal whatever found it: the statistics count a deal won when
its line replays through the engine to a won game (:func:`problems` replays a sample; the
tests replay every one), and only while the spec is the one it was found with. So a change
of the finder's code, or of the solver and the player it calls, keeps the lines; only the
deals looked at in vain are looked at again, since the new code may find what the old did
not.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from patience.engine.state import IllegalMove
from patience.stats import table
from patience.stats.digests import COMPILER, PACKAGE, code_files, spec_digest

try:
    import fcntl
except ImportError:  # not on Windows: one finder at a time there
    fcntl = None  # type: ignore[assignment]

FOUND = Path(__file__).resolve().parent / "found.json"
FORMAT = 3
FINDER = "patience.stats.finding"
COMMAND = "patience find {game} --deals {deals} --budget {budget} --save"
SAMPLE = 4  # lines replayed by :func:`problems`
ENTRY_SHAPE: dict[str, type] = {"finder_code": str, "spec": str, "commands": list, "deals": dict}  # a game's entry
LINE_SHAPE: dict[str, type] = {"moves": list, "budget": int, "finder_code": str}  # a deal's line in it

Searched = dict[int, dict[int, float | None]]
"""By budget, the deals looked at in vain and the processor seconds each took (None: not kept)."""

if TYPE_CHECKING:
    from patience.engine.game import Game
    from patience.engine.state import Move


def load(path: Path | None = None) -> dict:
    """The found lines at ``path`` (by default the stored ones; none if there is no file)."""
    path = path or FOUND
    if not path.exists():
        return {"format": FORMAT, "games": {}}
    data = table.read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        raise table.TableError(path, 1, f"is not a file of found lines: format {FORMAT}, with a \"games\" mapping")
    return data


@lru_cache(maxsize=1)
def finder_digest() -> str:
    """SHA-256 over the source of every module the finder imports (once a process, as the
    table's digests are: the code a process runs does not change under it)."""
    hasher = hashlib.sha256()
    for source in code_files(FINDER, COMPILER):
        hasher.update(str(source.relative_to(PACKAGE)).encode())
        hasher.update(source.read_bytes())
    return hasher.hexdigest()


def won_deals(data: dict, game_id: str) -> set[int]:
    """The deals of ``game_id`` whose stored line counts: found with today's spec."""
    return set(kept_lines(data, game_id))


def stored_wins(game_id: str, path: Path | None = None) -> frozenset[int]:
    """The deals of ``game_id`` with a line kept in the file that counts (read once for each
    state of the file)."""
    path = path or FOUND
    try:
        status = path.stat()
    except FileNotFoundError:
        return frozenset()
    return _wins(path, status.st_mtime_ns, status.st_size).get(game_id, frozenset())


@lru_cache(maxsize=4)
def _wins(path: Path, modified: int, size: int) -> dict[str, frozenset[int]]:
    data = load(path)
    return {game_id: frozenset(won_deals(data, game_id)) for game_id in data["games"]}


def entry(game_id: str, commands: list[str], lines: dict[int, dict], searched: Searched) -> dict:
    return _entry(finder_digest(), spec_digest(game_id), commands, lines, searched)


def _entry(finder_code: str, spec: str, commands: list[str], lines: dict[int, dict], searched: Searched,
           earlier: dict[str, Searched] | None = None) -> dict:
    entry = {"finder_code": finder_code, "spec": spec, "commands": commands,
             "deals": {str(number): lines[number] for number in sorted(lines)}, "searched": _as_stored(searched)}
    if earlier:
        entry["earlier"] = {code: stored for code, record in sorted(earlier.items()) if (stored := _as_stored(record))}
    return entry


def _as_stored(searched: Searched) -> dict:
    return {str(budget): {str(number): deals[number] for number in sorted(deals)}
            for budget, deals in sorted(searched.items()) if deals}


def _joined(saved: dict | None, new: dict) -> dict:
    """``new``, with what another finder of the same game saved meanwhile where it ran the
    same code on the same spec (their records then mean the same), and the record of the
    deals earlier code looked at in vain; with another spec, ``new`` alone, which already
    carries every line that still counts."""
    if saved is None or saved.get("spec") != new["spec"]:
        return new
    earlier = {code: _as_searched(record) for code, record in saved.get("earlier", {}).items()}
    if saved["finder_code"] != new["finder_code"]:
        earlier[saved["finder_code"]] = _union(earlier.get(saved["finder_code"], {}), saved.get("searched", {}))
        return _entry(new["finder_code"], new["spec"], new["commands"], _lines(new), _as_searched(new["searched"]), earlier)
    lines = _lines(saved) | _lines(new)
    searched = _union(_as_searched(saved.get("searched", {})), new.get("searched", {}))
    commands = list(dict.fromkeys([*saved["commands"], *new["commands"]]))
    return _entry(new["finder_code"], new["spec"], commands, lines, searched, earlier)


def _lines(stored: dict) -> dict[int, dict]:
    return {int(number): line for number, line in stored["deals"].items()}


def _union(searched: Searched, record: dict) -> Searched:
    """``searched`` with the deals of a stored record added, budget by budget."""
    for budget, deals in _as_searched(record).items():
        searched.setdefault(budget, {}).update(deals)
    return searched


def of_todays_spec(stored: dict | None, game_id: str) -> TypeGuard[dict]:
    """Whether ``game_id``'s entry was found with today's spec (a stale one's lines no
    longer count, and its deals are all looked at again)."""
    return stored is not None and stored.get("spec") == spec_digest(game_id)


def kept_lines(data: dict, game_id: str) -> dict[int, dict]:
    """The lines of ``game_id`` kept under today's spec, whatever code found them, by deal."""
    stored = data["games"].get(game_id)
    return _lines(stored) if of_todays_spec(stored, game_id) else {}


def searched(data: dict, game_id: str) -> Searched:
    """The deals of ``game_id`` looked at in vain by budget, by today's finder and spec, each
    with its processor seconds (None where they were not kept)."""
    stored = data["games"].get(game_id)
    if not of_todays_spec(stored, game_id) or stored.get("finder_code") != finder_digest():
        return {}
    return _as_searched(stored.get("searched", {}))


def _as_searched(record: dict) -> Searched:
    """A stored ``"searched"`` record with its budgets and deals as numbers again."""
    return {int(budget): {int(number): seconds for number, seconds in deals.items()}
            for budget, deals in record.items()}


def save(game_id: str, stored: dict, path: Path | None = None) -> None:
    """Put ``game_id``'s entry into the file, read again under a lock on its folder, so that
    finders running at once keep each other's lines: of other games, and of the same game
    where they run the same code (as on two ranges of its deals, ``patience find --from``)."""
    path = path or FOUND
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        if fcntl is not None:
            fcntl.flock(folder, fcntl.LOCK_EX)
        data = load(path)
        data["games"][game_id] = _joined(data["games"].get(game_id), stored)
        write(data, path)
    finally:
        os.close(folder)  # closing lets go of the lock


def write(data: dict, path: Path | None = None) -> None:
    """``data`` as JSON, each deal's line on one line of the file."""
    out = ["{", f' "format": {FORMAT},', ' "games": {']
    games = sorted(data["games"].items())
    for index, (game_id, stored) in enumerate(games):
        head = {key: value for key, value in sorted(stored.items()) if key not in ("deals", "searched", "earlier")}
        out.append(f"  {json.dumps(game_id)}: {{")
        out += [f"   {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}," for key, value in head.items()]
        out += _searched_lines("searched", stored.get("searched"))
        out += _earlier_lines(stored.get("earlier"))
        out.append('   "deals": {')
        deals = sorted(stored["deals"].items(), key=lambda item: int(item[0]))
        out += [f"    {json.dumps(number)}: {json.dumps(line, ensure_ascii=False, separators=(',', ':'))}"
                + ("," if at < len(deals) - 1 else "") for at, (number, line) in enumerate(deals)]
        out.append("   }")
        out.append("  }" + ("," if index < len(games) - 1 else ""))
    out += [" }", "}"]
    table.replace_file(path or FOUND, "\n".join(out) + "\n")


def _searched_lines(key: str, searched: object, indent: str = "   ") -> list[str]:
    """The deals looked at in vain, a line to each budget, so that a pass's diff is its own."""
    if not isinstance(searched, dict) or not searched:
        return [] if searched is None else [f'{indent}{json.dumps(key)}: {json.dumps(searched)},']
    budgets = [f"{indent} {json.dumps(budget)}: {json.dumps(deals)}" for budget, deals in searched.items()]
    return [f"{indent}{json.dumps(key)}: {{", *(line + "," for line in budgets[:-1]), budgets[-1], f"{indent}}},"]


def _earlier_lines(earlier: object) -> list[str]:
    """The record of earlier code, each code's budgets as :func:`_searched_lines` writes them."""
    if not isinstance(earlier, dict) or not earlier:
        return [] if earlier is None else [f'   "earlier": {json.dumps(earlier)},']
    codes = [_searched_lines(code, record, "    ") for code, record in earlier.items()]
    codes[-1][-1] = codes[-1][-1].rstrip(",")
    return ['   "earlier": {', *(line for code in codes for line in code), "   },"]


def problems(path: Path | None = None, sample: int = SAMPLE) -> list[tuple[int | None, str]]:
    """Everything wrong with the found lines, each at its line of the file: an entry of a
    game the table does not hold, lines found with another spec or other code, a deal the
    table holds lost or does not hold, and a sample of lines that do not replay to a win."""
    path = path or FOUND
    try:
        data = load(path)
    except table.TableError as error:
        return [(error.line, error.message)]
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    results = table.load()["games"]
    wrong, replayable = [], []
    for game_id, stored in data["games"].items():
        line = table.line_of(text, f'"{game_id}": {{')
        faults = _entry_faults(game_id, stored, results.get(game_id))
        wrong += [(line, f"{game_id}: {fault}") for fault in faults]
        if not faults:
            replayable += [(game_id, int(number), moves["moves"]) for number, moves in stored["deals"].items()]
    seed = hashlib.sha256(text.encode()).hexdigest()
    for game_id, number, moves in random.Random(seed).sample(replayable, min(sample, len(replayable))):
        fault = replay_fault(game_id, number, moves)
        if fault:
            deals_at = text.find('"deals": {', text.find(f'"{game_id}": {{'))  # past its budgets' lines
            wrong.append((table.line_of(text, f'"{number}": {{"', deals_at),
                          f"{game_id}: deal {number}'s line: {fault}"))
    return wrong


def _entry_faults(game_id: str, stored, results: dict | None) -> list[str]:
    if results is None:
        return ["the table holds no results of this game"]
    lacking = _lacking(stored, ENTRY_SHAPE)
    if lacking:
        return [f"the entry lacks {', '.join(lacking)}, or gives it in the wrong form"]
    if not of_todays_spec(stored, game_id):
        again = "`, then `".join(stored["commands"])
        return [f"the lines were found with another spec: find them again with `{again}`"]
    faults = _searched_faults(stored.get("searched", {}), results)
    earlier = stored.get("earlier", {})
    if not isinstance(earlier, dict):
        faults.append("\"earlier\" maps the digest of each earlier finder's code to its deals looked at in vain")
    else:
        faults += [f"earlier code {code[:12]}: {fault}" for code, record in earlier.items()
                   for fault in _searched_faults(record, results)]
    for number, found in stored["deals"].items():
        row = results["deals"].get(number)
        if _lacking(found, LINE_SHAPE):
            faults.append(f"deal {number}: a deal's entry holds its moves, the budget they were found with and the "
                          "digest of the finder's code that found them")
        elif row is None:
            faults.append(f"deal {number} is not in the table")
        elif row[0] == "lost":
            faults.append(f"deal {number}: the table holds it lost, proved by {row[7]}, yet a line is stored as won")
    return faults


def _lacking(value, shape: dict[str, type]) -> list[str]:
    """The fields of ``shape`` that ``value`` (a JSON object) lacks or gives in another form."""
    return [name for name, kind in shape.items() if not isinstance(value, dict) or not isinstance(value.get(name), kind)]


def _searched_faults(searched, results: dict) -> list[str]:
    if not isinstance(searched, dict) or not all(
            budget.isdigit() and isinstance(deals, dict) and all(n.isdigit() and _seconds(s) for n, s in deals.items())
            for budget, deals in searched.items()):
        return ["\"searched\" maps each budget (as a string of digits) to the deals looked at in vain, each "
                "deal's number (a string of digits) to its processor seconds (a number, or null if not kept)"]
    return [f"deal {number}, looked at at {int(budget):,} positions, is not in the table"
            for budget, deals in searched.items() for number in deals if number not in results["deals"]]


def _seconds(value) -> bool:
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0)


def replay_fault(game_id: str, number: int, moves: list[dict]) -> str | None:
    """What keeps ``moves`` from winning deal ``number`` (None: it wins)."""
    from patience.rulespec.compile import load_game
    from patience.views.jsonio import move_from_json

    game = load_game(game_id)
    try:
        line = [move_from_json(game, move) for move in moves]
    except (ValueError, TypeError, AttributeError) as error:
        return f"a move cannot be read ({error})"
    return replays(game, number, line)


def replays(game: Game, number: int, line: list[Move]) -> str | None:
    """What is wrong with ``line`` as a win of deal ``number`` (None: every move is legal where
    it is played, and the last leaves every card home)."""
    state = game.deal(number)
    for index, move in enumerate(line, 1):
        try:
            game.apply(state, move)  # asks the rules whether the move is legal there
        except IllegalMove:
            return f"move {index} ({game.describe(move)}) is not legal there"
    return None if game.is_won(state) else f"after its {len(line)} moves the game is not won"
