"""The stored table of results (``patience/stats/table.json``) and its summaries.

Per game or variant it keeps the digests (:mod:`patience.stats.digests`) of the code
of the solver's half of the rows, of the player's half, and of the spec the results were
computed with, the escalation ladder (the budget of
its first rung and how many rungs, each ten times the last; while the last is climbed
part of the way, ``last_rung_through``: the deals 1..k that have climbed it), the command that
reproduces (or goes on with) them, a seal (the SHA-256 of the rows as written, so that a row changed by
hand is found) and one row per deal::

    [solver outcome, positions entered, player outcome, solver's processor seconds,
     player's processor seconds, free space before the first row (0 or 1),
     the rung that decided it (or the last tried), what proved a loss]

A save merges into the table deal by deal and never drops or downgrades a stored
deal; the table is written whole to an exclusive temporary file beside it and renamed,
so it is never seen half-written. A table of the first format (rows of six fields,
one budget) is read as rung 1 of its budget, its losses proved by exhausting the
search (the only proof that solver had), with no processor time recorded. A table of
the second format (one digest for the code of both halves) is read with that digest for
each half, which no code of today's has: its results are stale.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from patience.datafile import DataFileError
from patience.stats.digests import Digests, digests, player_digest, solver_digest, spec_digest
from patience.stats.intervals import wilson

TABLE = Path(__file__).resolve().parent / "table.json"
FORMAT = 3
FIELDS = ("solver", "positions", "player", "solve_cpu", "play_cpu", "space", "rung", "reason")
COMMAND = "patience stats {game} --deals {deals} --budget {budget} --rungs {rungs} --save"
LAST_RUNG_THROUGH = "last_rung_through"  # an entry's last rung is climbed by deals 1..this so far
STEP = 10  # each rung of the ladder has this many times the budget of the one below
SMALL_UNDECIDED = 0.05  # below this share of undecided deals, the rate among decided ones leads


class TableError(DataFileError):
    """A table that cannot be read or written, located in its file."""


class StaleTable(ValueError):
    """The stored results were computed by other code or another spec."""


def load(path: Path | None = None) -> dict:
    """The table at ``path`` (by default the stored one; an empty one if there is none),
    in today's format."""
    path = path or TABLE
    if not path.exists():
        return {"format": FORMAT, "games": {}}
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise TableError(path, 1, "is not a table of results: it has no \"games\" mapping")
    return upgraded(data)


def read_json(path: Path):
    """The JSON at ``path``, every fault located in the file: unreadable, not UTF-8, not
    JSON, or a key given twice (``json`` would keep the last)."""
    if not path.is_file():
        raise TableError(path, None, "is not a regular file; a table is a JSON file")
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except OSError as error:
        raise TableError(path, None, f"cannot be read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise TableError(path, None, "is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise TableError(path, error.lineno, f"is not valid JSON: {error.msg}") from None
    except DuplicateKey as error:
        raise TableError(path, line_of(text, f'"{error.key}"'), f"the key {error.key!r} is given twice") from None
    return data


class DuplicateKey(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object whose keys are unique (``json`` keeps the last of a repeated key)."""
    result: dict = {}
    for key, value in pairs:
        if key in result:
            raise DuplicateKey(key)
        result[key] = value
    return result


def line_of(text: str, needle: str, start: int = 0) -> int | None:
    """The 1-based line of the first ``needle`` at or after character ``start``."""
    found = text.find(needle, start)
    return text.count("\n", 0, found) + 1 if found >= 0 else None


def upgraded(data: dict) -> dict:
    """A table of an earlier format read as today's (see the module's docstring)."""
    if data.get("format", 1) == 1:
        games = {}
        for game_id, stored in data["games"].items():
            deals = {number: [row[0], row[1], row[2], None, None, row[5], 1, "exhausted" if row[0] == "lost" else None]
                     if isinstance(row, list) and len(row) == 6 else row for number, row in stored.get("deals", {}).items()}
            games[game_id] = {**stored, "rungs": 1, "deals": deals}
        data = {**data, "format": 2, "games": games}
    if data["format"] == 2:
        data = {**data, "format": FORMAT, "games": {game_id: _one_code_digest_split(stored)
                                                    for game_id, stored in data["games"].items()}}
    return data


def _one_code_digest_split(stored):
    if not isinstance(stored, dict) or "engine" not in stored:
        return stored
    entry = {key: value for key, value in stored.items() if key != "engine"}
    return {**entry, "solver_code": stored["engine"], "player_code": stored["engine"]}


def write(data: dict, path: Path) -> None:
    """Write ``data`` as JSON to ``path``, each deal's row on one line."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    replace_file(path, text + "\n")


def replace_file(path: Path, text: str) -> None:
    """Put ``text`` at ``path`` whole or not at all: written to an exclusive temporary
    file beside it, then renamed over it. On failure the temporary file is removed and
    the error names ``path``."""
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise TableError(path, None, f"cannot be written: {error.strerror}") from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise TableError(path, None, f"cannot be written: {error.strerror}") from None


# --- rows --------------------------------------------------------------------------------


def row_of(number: int, row: list) -> dict:
    return {"deal": number, **dict(zip(FIELDS, row)), "space": bool(row[5])}


def stored_row(row: dict) -> list:
    return [*(row[name] for name in FIELDS[:5]), int(row["space"]), row["rung"], row["reason"]]


def rows_of(stored: dict | None) -> dict[int, dict]:
    return {int(number): row_of(int(number), row) for number, row in stored["deals"].items()} if stored else {}


def rung_budget(budget: int, rung: int) -> int:
    return budget * STEP ** (rung - 1)


def seal(deals: dict) -> str:
    """The SHA-256 of an entry's rows as ``patience stats`` wrote them."""
    return hashlib.sha256(json.dumps(deals, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def entry(game_id: str, budget: int, rungs: int, rows: dict[int, dict], computed: Digests | None = None,
          through: int | None = None) -> dict:
    """A game's entry; ``through``: the last rung is climbed by deals 1..``through`` so far,
    and the undecided deals after it wait a rung below (None: climbed by every deal)."""
    solver, player, spec = computed or digests(game_id)
    deals = {str(number): stored_row(row) for number, row in sorted(rows.items())}
    climbing = {} if through is None else {LAST_RUNG_THROUGH: through}
    return {"solver_code": solver, "player_code": player, "spec": spec, "budget": budget, "rungs": rungs,
            **climbing, "seal": seal(deals),
            "command": COMMAND.format(game=game_id, deals=len(rows), budget=budget, rungs=rungs), "deals": deals}


def same_solver(stored: dict | None, computed: Digests) -> bool:
    """Whether the solver's half of ``stored``'s rows is what ``computed`` would give (the
    player's half may be another's, and is then played again)."""
    if not stored:
        return False
    return (stored["solver_code"], stored["spec"]) == (computed.solver, computed.spec)


def would_lose(stored: dict | None, computed: Digests, budget: int, rungs: int, deals: int) -> str | None:
    """Why replacing ``stored`` by the results of a run (``deals`` deals on a ladder from
    ``budget`` with ``rungs`` rungs, computed with ``computed``) would drop or downgrade
    stored deals; ``None`` if it would not. Results of the same solver's code, spec and
    ladder are merged deal by deal (the player's half played again where its code differs),
    which loses nothing."""
    if not stored or not stored["deals"]:
        return None
    same = same_solver(stored, computed)
    if same and stored["budget"] == budget:
        return None
    if same:
        return (f"its stored deals were decided on a ladder from {stored['budget']:,} positions; "
                f"give --budget {stored['budget']} to add to them")
    count, top = len(stored["deals"]), rung_budget(stored["budget"], stored["rungs"])
    if deals >= count and rung_budget(budget, rungs) >= top:
        return None
    return (f"its {count:,} stored deals were computed by other code or another spec, up to {top:,} positions; "
            f"replacing them needs --deals {count} or more and a last rung of {top:,} positions or more")


def check_fresh(data: dict, game_id: str) -> None:
    """Raise :class:`StaleTable` if ``game_id``'s results are not today's."""
    stored = data["games"].get(game_id)
    if stored is None:
        raise StaleTable(f"the stored statistics have no results for {game_id}; compute them with "
                         f"`{computing(data, game_id)}`")
    if stored["solver_code"] != solver_digest():
        raise StaleTable(f"the statistics of {game_id} were computed by other engine or solver code "
                         f"(digest {stored['solver_code'][:12]}, now {solver_digest()[:12]}); "
                         f"recompute them with `{stored['command']}`")
    if stored["player_code"] != player_digest():
        raise StaleTable(f"the player's results of {game_id} were computed by other player code "
                         f"(digest {stored['player_code'][:12]}, now {player_digest()[:12]}); "
                         f"play them again with `{stored['command']}` (the solver's are kept)")
    if stored["spec"] != spec_digest(game_id):
        raise StaleTable(f"the spec of {game_id} has changed since its statistics were computed "
                         f"(digest {stored['spec'][:12]}, now {spec_digest(game_id)[:12]}); "
                         f"recompute them with `{stored['command']}`")


def computing(data: dict, game_id: str) -> str:
    """The command that computes a game's results into the stored table, at its budget."""
    return COMMAND.format(game=game_id, deals=1000, budget=stored_budget(data), rungs=3)


def stored_budget(data: dict) -> int:
    from patience.solver.search import DEFAULT_BUDGET

    return next((entry["budget"] for entry in data["games"].values()), DEFAULT_BUDGET)


# --- summaries ---------------------------------------------------------------------------


@dataclass
class Summary:
    """Counts and rates for one game over deals 1..N."""

    game: str
    deals: int
    won: int  # by the solver, or where its budget ran out by the player or a line found (see outcome)
    lost: int
    unknown: int
    player_won: int
    budget: int  # of the first rung
    rungs: int
    decided_at: list[int]  # deals the solver decided at each rung
    solve_cpu: float | None  # mean processor seconds a deal, over the deals that record it
    play_cpu: float | None
    won_by_player: int  # of ``won``, the deals only the player won
    won_found: int = 0  # of ``won``, the deals only a line found won (:mod:`patience.stats.found`)
    last_rung_through: int | None = None  # the last rung climbed by deals 1..this so far (None: by every deal)

    @property
    def ladder(self) -> str:
        """The deals the solver decided at each rung, and how far the last has been climbed."""
        decided = " · ".join(f"{count} at {rung}" for rung, count in enumerate(self.decided_at, 1))
        if self.last_rung_through is None:
            return decided
        return f"{decided} (rung {self.rungs} climbed by deals 1–{self.last_rung_through} so far)"

    @property
    def decided(self) -> tuple[float, float, float]:
        """The share of deals decided (won or lost), with its Wilson interval."""
        decided = self.won + self.lost
        return (decided / self.deals if self.deals else 0.0, *wilson(decided, self.deals))

    @property
    def decided_rate(self) -> tuple[float, float, float]:
        """Won among decided deals, with its Wilson interval: an estimate of the win rate
        only if the undecided deals are few (see :attr:`undecided_small`)."""
        decided = self.won + self.lost
        return ((self.won / decided) if decided else 0.0, *wilson(self.won, decided))

    @property
    def undecided_small(self) -> bool:
        return self.deals > 0 and self.unknown / self.deals <= SMALL_UNDECIDED

    @property
    def bounds(self) -> tuple[float, float]:
        """The win rate counting unknowns as lost, then as won, each widened by its
        Wilson interval: the rate is between these whatever the unknowns are."""
        return wilson(self.won, self.deals)[0], wilson(self.won + self.unknown, self.deals)[1]

    @property
    def player_rate(self) -> tuple[float, float, float]:
        return (self.player_won / self.deals if self.deals else 0.0, *wilson(self.player_won, self.deals))


def outcome(row: list, found: bool = False) -> str:
    """What a stored deal is known to be: the solver's verdict, except that a deal whose
    budget ran out before the solver decided it is won if the player won it (the player's
    moves are a line of play the engine made through its rule checks), or if a won line of
    it was ``found`` (:mod:`patience.stats.found`, replayed by the engine). A deal the solver
    found lost cannot have been won either way: the checks make sure."""
    return "won" if row[0] == "unknown" and (row[2] == "won" or found) else row[0]


def summarize(game_id: str, stored: dict, found: frozenset[int] | None = None) -> Summary:
    """The counts of ``stored``'s deals, with the won lines ``found`` for it (by default those
    kept in ``patience/stats/found.json``)."""
    if found is None:
        from patience.stats.found import stored_wins

        found = stored_wins(game_id)
    numbers = [int(number) for number in stored["deals"]]
    rows = list(stored["deals"].values())
    verdicts = [outcome(row, number in found) for number, row in zip(numbers, rows)]
    count = {verdict: verdicts.count(verdict) for verdict in ("won", "lost", "unknown")}
    rungs = stored.get("rungs", 1)
    decided_at = [sum(1 for row in rows if row[0] != "unknown" and row[6] == rung) for rung in range(1, rungs + 1)]
    return Summary(game_id, len(rows), count["won"], count["lost"], count["unknown"],
                   sum(1 for row in rows if row[2] == "won"), stored["budget"], rungs, decided_at,
                   _mean(row[3] for row in rows), _mean(row[4] for row in rows),
                   sum(1 for verdict, row in zip(verdicts, rows) if verdict != row[0] and row[2] == "won"),
                   sum(1 for verdict, row in zip(verdicts, rows) if verdict != row[0] and row[2] != "won"),
                   stored.get(LAST_RUNG_THROUGH))


def _mean(values) -> float | None:
    recorded = [value for value in values if value is not None]
    return sum(recorded) / len(recorded) if recorded else None


def summaries(data: dict) -> list[Summary]:
    return [summarize(game_id, stored) for game_id, stored in data["games"].items()]
