"""The escalation ladder (лѣстница): every deal decided cheaply, then only the undecided
ones again, each time with ten times the budget.

Rung 1 solves and plays deals 1..N at the first budget (and, first, plays again the
stored deals whose player's code has changed since, their solver's half kept); rung 2
sends back out, at ten
times that budget, only the deals still undecided (neither decided by the solver nor
won by the player), rung 3 at a hundred times, and so on: each rung a pass over the
cluster. A row records the rung that decided it (or the last one tried) and the
processor seconds of its solve at that rung.

A :class:`Climb` holds, per game, the rows known before the run (the table's and an
interrupted run's journal, when computed with the same code, spec and first budget,
or with the same solver's code only, to be played again)
and each finished deal: merged into its row and saved in the journal at once. When
the climb is over, :meth:`Climb.save` merges the rows into the table.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from patience.stats import runner, table
from patience.stats.digests import Digests
from patience.stats.journal import Journal
from patience.stats.journal import read as read_journal

MAX_RUNGS = 5  # a fifth rung has 10,000 times the first budget: beyond it, the memory of positions runs out first


@dataclass
class Plan:
    """One game's part of a run: the digests it is computed with (this machine's), the
    first rung's budget, its ladder's rungs (those asked for, or the stored ladder's if it
    has more: its rows are merged with these), its rows by deal, and the stored rows whose
    solver's half is today's but whose player's half is another code's (to be played again)."""

    game: str
    digests: Digests
    budget: int
    rungs: int
    rows: dict[int, dict] = field(default_factory=dict)
    unplayed: dict[int, dict] = field(default_factory=dict)

    def replays(self) -> runner.Pending:
        """The deals to be played again (and not solved again): before rung 1's new deals."""
        waiting = sorted(number for number in self.unplayed if number not in self.rows)
        return runner.Pending(iter(waiting), len(waiting))

    def pending(self, deals: int, rung: int) -> runner.Pending:
        """The deals of 1..``deals`` the rung has to compute: at rung 1 those without a row,
        above it those still undecided below this rung, each produced when it is taken."""
        rows, unplayed = self.rows, self.unplayed
        if rung > self.rungs:
            return runner.Pending(iter(()), 0)
        if rung == 1:
            known = sum(1 for number in {*rows, *unplayed} if number <= deals)
            return runner.Pending((n for n in _upto(deals) if n not in rows and n not in unplayed), deals - known)
        waiting = sorted(n for n, row in rows.items() if n <= deals and undecided(row) and row["rung"] < rung)
        return runner.Pending(iter(waiting), len(waiting))

    def record(self, result: dict, rung: int) -> dict:
        """The deal's row with ``result`` (of ``rung``) in it: either half, or both."""
        number = result["deal"]
        row = {"deal": number, **self.rows.get(number, self.unplayed.get(number, {}))}
        if "solver" in result:
            row.update({name: result[name] for name in ("solver", "positions", "solve_cpu", "reason")}, rung=rung)
        if "player" in result:
            row.update({name: result[name] for name in ("player", "play_cpu", "space")})
        self.rows[number] = row
        return row


def _upto(deals: int) -> Iterator[int]:
    number = 1
    while number <= deals:  # not range(): a count beyond what a machine can run is streamed all the same
        yield number
        number += 1


def undecided(row: dict) -> bool:
    return row["solver"] == "unknown" and row["player"] != "won"


def better(first: dict, second: dict) -> dict:
    """Of two rows of one deal, the one that knows more: decided rather than not, else
    the higher rung."""
    return max(first, second, key=lambda row: (not undecided(row), row["rung"]))


def merged(*sources: dict[int, dict]) -> dict[int, dict]:
    rows: dict[int, dict] = {}
    for source in sources:
        for number, row in source.items():
            rows[number] = better(rows[number], row) if number in rows else row
    return rows


class Climb:
    """A run of ``deals`` deals of some games up ``rungs`` rungs, saving every finished
    deal in the journal beside ``path`` (when a table is named)."""

    def __init__(self, plans: list[Plan], deals: int, rungs: int, path: Path | None):
        self.plans, self.deals, self.rungs, self.path = {p.game: p for p in plans}, deals, rungs, path
        self.journal = Journal(path) if path is not None else None

    @classmethod
    def prepare(cls, ids: list[str], deals: int, rungs: int, path: Path | None, budget: int | None,
                default_budget: int, replace: bool) -> Climb:
        """The plans of a run, from the table at ``path`` and its journal: the first budget
        is ``budget``, else the stored one. Refused (:class:`Refused`) if its save would
        drop or downgrade stored deals, unless ``replace``."""
        from patience.stats.digests import digests

        data = table.load(path) if path is not None else {"games": {}}
        plans = []
        for game_id in ids:
            stored = data["games"].get(game_id)
            computed = digests(game_id)
            first = budget or (stored["budget"] if stored else default_budget)
            lost = table.would_lose(stored, computed, first, rungs, deals)
            if lost and not replace:
                raise Refused(f"a save would lose stored results of {game_id}: {lost}; or give --replace to "
                              f"replace them")
            plan = Plan(game_id, computed, first, _ladder_rungs(stored, computed, first, rungs))
            if path is not None and not lost and stored and table.same_solver(stored, computed):
                if stored["player_code"] == computed.player:
                    plan.rows = table.rows_of(stored)
                else:
                    plan.unplayed = table.rows_of(stored)
            if path is not None:
                plan.rows = merged(plan.rows, read_journal(path, game_id, computed, first, plan.rungs))
            plans.append(plan)
        return cls(plans, deals, max(plan.rungs for plan in plans), path)

    def needs_cluster(self) -> bool:
        """Whether any rung has a deal to compute (from what is known now)."""
        return any(plan.replays().count or any(plan.pending(self.deals, rung).count for rung in range(1, self.rungs + 1))
                   for plan in self.plans.values())

    def climb(self, client, deadline: float | None = None, progress=None) -> None:
        """The stored deals whose player's code has changed played again, then every rung
        in turn, each a pass over the cluster, until the deadline."""
        replays = {game: plan.replays() for game, plan in self.plans.items()}
        if any(pending.count for pending in replays.values()):
            runner.run(client, replays, 0, partial(self.add, rung=1), progress=progress, deadline=deadline,
                       solved=False, label="the player again (its code has changed)")
        for rung in range(1, self.rungs + 1):
            if deadline is not None and time.monotonic() > deadline:
                return
            tasks = {game: plan.pending(self.deals, rung) for game, plan in self.plans.items()}
            if not any(pending.count for pending in tasks.values()):
                continue
            budgets = {game: table.rung_budget(plan.budget, rung) for game, plan in self.plans.items()}
            shown = f"{min(budgets.values()):,}" + ("" if len(set(budgets.values())) == 1 else "+")
            runner.run(client, tasks, budgets, partial(self.add, rung=rung), progress=progress, deadline=deadline,
                       played=rung == 1, label=f"rung {rung} of {self.rungs} ({shown} positions)")

    def add(self, game: str, result: dict, rung: int) -> None:
        plan = self.plans[game]
        row = plan.record(result, rung)
        if self.journal is not None:
            self.journal.add(game, plan.digests, plan.budget, row)

    def kept(self) -> int:
        return self.journal.kept if self.journal is not None else 0

    def save(self, replace: bool, command: str | None) -> dict[str, dict]:
        """Merge the rows into the table (read again now: another run may have saved since),
        each game's deals as :func:`climbed` keeps them, and take them out of the journal. Returns each game's
        entry as saved (or, with no table, as computed)."""
        entries = {}
        data: dict = table.load(self.path) if self.path is not None else {"format": table.FORMAT, "games": {}}
        for game, plan in self.plans.items():
            stored = data["games"].get(game)
            same = _same_ladder(stored, plan.digests, plan.budget) and stored["player_code"] == plan.digests.player
            rungs = _ladder_rungs(stored, plan.digests, plan.budget, plan.rungs)
            rows, through = climbed(merged(table.rows_of(stored), plan.rows) if same else plan.rows, rungs)
            lost = (table.would_lose(stored, plan.digests, plan.budget, plan.rungs, len(rows)) or _unplayed(plan)
                    or (_unclimbed(stored, rows, rungs) if same else None))
            if lost and not replace:
                raise Refused(f"the results of {game} were not saved, since they would lose stored ones: {lost}; "
                              f"they are kept in {self.journal.path if self.journal else 'no file'}")
            entries[game] = data["games"][game] = table.entry(game, plan.budget, rungs, rows, plan.digests, through)
        if self.path is not None:
            data["format"] = table.FORMAT
            if command:
                data["command"] = command
            self._write(data)
        return entries

    def _write(self, data: dict) -> None:
        assert self.path is not None and self.journal is not None
        try:
            table.write(data, self.path)
        except table.TableError as error:
            raise table.TableError(error.path, error.line, f"{error.message}; the finished deals are kept in "
                                                           f"{self.journal.path}, and the same command saves "
                                                           f"them") from None
        self.journal.remove({game: {int(number) for number in data["games"][game]["deals"]} for game in self.plans},
                            {game: data["games"][game]["rungs"] for game in self.plans})


def _same_ladder(stored: dict | None, computed: Digests, budget: int) -> bool:
    """Whether a run's rows merge with ``stored``'s: the same solver's code and spec, and the
    same first budget."""
    return stored is not None and table.same_solver(stored, computed) and stored["budget"] == budget


def _ladder_rungs(stored: dict | None, computed: Digests, budget: int, rungs: int) -> int:
    """The rungs a game's deals climb: those asked for, or the stored ladder's if its rows
    are merged with these and it has more."""
    return max(rungs, stored["rungs"]) if stored is not None and _same_ladder(stored, computed, budget) else rungs


def _unplayed(plan: Plan) -> str | None:
    left = sorted(number for number in plan.unplayed if number not in plan.rows)
    if not left:
        return None
    return (f"{len(left):,} stored deals (the first, {left[0]}) have not been played again by today's player; "
            f"the same command goes on with them")


class Refused(ValueError):
    """A save that would drop or downgrade stored deals, not asked for (``--replace``)."""


def _unclimbed(stored: dict | None, rows: dict[int, dict], rungs: int) -> str | None:
    """Why saving ``rows`` would drop stored deals: the first deal they stop at is stored,
    undecided, below the last rung (a run bounded in time, or one of fewer deals, left it)."""
    held = len(stored["deals"]) if stored else 0
    if len(rows) >= held:
        return None
    first = len(rows) + 1
    return (f"deal {first} is undecided below rung {rungs}, so stored deals {first}–{held} would be dropped; "
            f"give --deals {held} to climb it")


def climbed(rows: dict[int, dict], rungs: int) -> tuple[dict[int, dict], int | None]:
    """The rows to save, and how far the last rung has been climbed (None: by every deal).

    Where every deal of 1..N is computed and the only ones not finished wait one rung below
    the last, all of them, with the deals 1..k that have climbed it (k + 1 the first that
    waits): a run bounded in time, or one of fewer deals, climbs a costly last rung part of
    the way, and the next goes on from there. Otherwise deals 1..k alone, where k + 1 is the
    first deal not finished (not computed, or undecided two rungs or more below the last)."""
    kept, number = {}, 1
    while number in rows and not (undecided(rows[number]) and rows[number]["rung"] < rungs):
        kept[number] = rows[number]
        number += 1
    if len(kept) == len(rows):
        return kept, None
    waiting_below = all(not undecided(row) or row["rung"] >= rungs - 1 for row in rows.values())
    if waiting_below and set(rows) == set(range(1, len(rows) + 1)):
        return rows, len(kept)
    return kept, None
