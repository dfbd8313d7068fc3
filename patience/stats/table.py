"""The stored table of results (``patience/stats/table.json``) and its summaries.

Per game or variant it keeps the digests of the engine (with the solver) and of
the spec the results were computed with, the budget, the command that reproduces
them, and one row per deal: ``[solver outcome, positions entered, player outcome,
seconds solving, seconds playing, free space before the first row (0 or 1)]``. It is written whole to a temporary file and renamed, so an
interrupted run never leaves a table that looks complete. Results gathered before
an interruption are kept in ``table.json.partial``, marked ``"partial": true``;
the next run with the same digests and budget takes them up.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from patience.stats.digests import engine_digest, spec_digest
from patience.stats.intervals import wilson

TABLE = Path(__file__).resolve().parent / "table.json"
COMMAND = "patience stats {game} --deals {deals} --budget {budget} --save"


class StaleTable(ValueError):
    """The stored results were computed by other code or another spec."""


def load(path: Path = TABLE) -> dict:
    if not path.exists():
        return {"games": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def partial_path(path: Path) -> Path:
    return path.with_name(path.name + ".partial")


def write(data: dict, path: Path) -> None:
    """Write ``data`` as JSON to ``path`` atomically (a temporary file, then a rename)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    temporary.write_text(text + "\n", encoding="utf-8")  # a deal's row on one line
    os.replace(temporary, path)


def reusable(path: Path, game_id: str, budget: int) -> dict[int, dict]:
    """Rows of ``game_id`` already computed with today's code, spec and this budget,
    from the table and from an interrupted run's partial file."""
    rows: dict[int, dict] = {}
    engine, spec = engine_digest(), spec_digest(game_id)
    for source in (path, partial_path(path)):
        if not source.exists():
            continue
        entry = json.loads(source.read_text(encoding="utf-8")).get("games", {}).get(game_id)
        if entry and entry["engine"] == engine and entry["spec"] == spec and entry["budget"] == budget:
            rows.update({int(number): row_of(int(number), row) for number, row in entry["deals"].items()})
    return rows


def entry(game_id: str, budget: int, rows: dict[int, dict]) -> dict:
    return {"engine": engine_digest(), "spec": spec_digest(game_id), "budget": budget,
            "command": COMMAND.format(game=game_id, deals=len(rows), budget=budget),
            "deals": {str(n): [r["solver"], r["positions"], r["player"], r["solve_s"], r["play_s"], int(r["space"])]
                      for n, r in sorted(rows.items())}}


def row_of(number: int, row: list) -> dict:
    solver, positions, player, solve_s, play_s, space = row
    return {"deal": number, "solver": solver, "positions": positions, "player": player,
            "solve_s": solve_s, "play_s": play_s, "space": bool(space)}


def check_fresh(data: dict, game_id: str) -> None:
    """Raise :class:`StaleTable` if ``game_id``'s results are not today's."""
    stored = data["games"].get(game_id)
    if stored is None:
        raise StaleTable(f"the stored statistics have no results for {game_id}; compute them with "
                         f"`{COMMAND.format(game=game_id, deals=1000, budget=stored_budget(data))}`")
    if stored["engine"] != engine_digest():
        raise StaleTable(f"the statistics of {game_id} were computed by other engine or solver code "
                         f"(digest {stored['engine'][:12]}, now {engine_digest()[:12]}); "
                         f"recompute them with `{stored['command']}`")
    if stored["spec"] != spec_digest(game_id):
        raise StaleTable(f"the spec of {game_id} has changed since its statistics were computed "
                         f"(digest {stored['spec'][:12]}, now {spec_digest(game_id)[:12]}); "
                         f"recompute them with `{stored['command']}`")


def stored_budget(data: dict) -> int:
    from patience.solver.search import DEFAULT_BUDGET

    return next((entry["budget"] for entry in data["games"].values()), DEFAULT_BUDGET)


@dataclass
class Summary:
    """Counts and rates for one game over deals 1..N."""

    game: str
    deals: int
    won: int  # by the solver, or by the player where the solver's budget ran out (see outcome)
    lost: int
    unknown: int
    player_won: int
    budget: int
    solve_s: float
    play_s: float
    won_by_player: int  # of ``won``, the deals only the player won

    @property
    def decided_rate(self) -> tuple[float, float, float]:
        """Won among decided deals, with its Wilson interval."""
        decided = self.won + self.lost
        return ((self.won / decided) if decided else 0.0, *wilson(self.won, decided))

    @property
    def bounds(self) -> tuple[float, float]:
        """The win rate counting unknowns as lost, then as won, each widened by its
        Wilson interval: the rate is between these whatever the unknowns are."""
        return wilson(self.won, self.deals)[0], wilson(self.won + self.unknown, self.deals)[1]

    @property
    def player_rate(self) -> tuple[float, float, float]:
        return (self.player_won / self.deals if self.deals else 0.0, *wilson(self.player_won, self.deals))


def outcome(row: list) -> str:
    """What a stored deal is known to be: the solver's verdict, except that a deal whose
    budget ran out before the solver decided it is won if the player won it (the player's
    moves are a line of play the engine made through its rule checks). A deal the solver
    found lost cannot have been won by the player: the table's test makes sure."""
    return "won" if row[0] == "unknown" and row[2] == "won" else row[0]


def summarize(game_id: str, stored: dict) -> Summary:
    rows = list(stored["deals"].values())
    verdicts = [outcome(row) for row in rows]
    count = {verdict: verdicts.count(verdict) for verdict in ("won", "lost", "unknown")}
    return Summary(game_id, len(rows), count["won"], count["lost"], count["unknown"],
                   sum(1 for row in rows if row[2] == "won"), stored["budget"],
                   sum(row[3] for row in rows) / max(1, len(rows)), sum(row[4] for row in rows) / max(1, len(rows)),
                   sum(1 for verdict, row in zip(verdicts, rows) if verdict != row[0]))  # won by the player only


def summaries(data: dict) -> list[Summary]:
    return [summarize(game_id, stored) for game_id, stored in data["games"].items()]
