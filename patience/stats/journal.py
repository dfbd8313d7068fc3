"""The journal of a run in progress (``table.json.partial``): finished deals saved as they go.

Each finished deal is appended as one line of JSON and flushed to the disk at once,
so an interrupted run (Ctrl-C, a killed process, a full disk) loses at most the deals
still being computed. The first line says what the file is; it is never taken for the
table. The next run of the same command reads the deals back (those computed with its
code, spec and ladder) and goes on from them; a last line cut short by a full disk is
dropped. When the run is complete its deals are merged into the table and taken out of
the journal, which is removed once no other game's deals are left in it (a run of one
game after an interrupted run of several keeps the others' deals for their own, and a run
of a lower ladder the rows a refused run left above it, for a run that climbs that high).
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping
from pathlib import Path

from patience.stats.digests import Digests
from patience.stats.table import FIELDS, TableError, row_of, stored_row

RUNG = FIELDS.index("rung")

HEADER = {"partial": True, "note": "the finished deals of a run of `patience stats` in progress; not the table"}


def journal_path(table: Path) -> Path:
    return table.with_name(table.name + ".partial")


class Journal:
    """Open for appending (created if need be): a directory that cannot be written to is
    found here, before anything is computed."""

    def __init__(self, table: Path):
        self.path = journal_path(table)
        try:
            self._cut_torn_line()
            self.stream = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole run
            if self.stream.tell() == 0:
                self._append(HEADER)
            self.start = self.stream.tell()  # where this run's deals begin
        except OSError as error:
            raise TableError(self.path, None, f"cannot be written: {error.strerror}") from None

    def _cut_torn_line(self) -> None:
        """Drop a last line without its end (a write cut short), so that what is appended
        next starts a line of its own."""
        if not self.path.exists():
            return
        if not self.path.is_file():
            raise TableError(self.path, None, "is not a regular file")
        data = self.path.read_bytes()
        if data and _record(data.split(b"\n", 1)[0].decode("utf-8", "replace")) != HEADER:
            raise TableError(self.path, 1, "is not the journal of a run of `patience stats`; move it away")
        if data and not data.endswith(b"\n"):
            with open(self.path, "r+b") as stream:
                stream.truncate(data.rfind(b"\n") + 1)

    def add(self, game_id: str, digests: Digests, budget: int, row: dict) -> None:
        """Save one finished deal (its whole row) at once."""
        try:
            self._append({"game": game_id, "solver_code": digests.solver, "player_code": digests.player,
                          "spec": digests.spec, "budget": budget, "deal": row["deal"], "row": stored_row(row)})
        except OSError as error:
            raise TableError(self.path, None, f"cannot be written: {error.strerror}; the {self.kept} deals "
                                              f"finished before are kept in it, and the same command resumes "
                                              f"from them") from None

    @property
    def kept(self) -> int:
        """The deals this run saved, read back from the file: exact whenever an interrupt
        came (a line written but not yet noted would otherwise go uncounted); a deal saved at
        several rungs counts once, a line cut short not at all."""
        try:
            with open(self.path, encoding="utf-8", errors="replace") as stream:
                stream.seek(self.start)
                records = [_record(line) for line in stream]
        except OSError:
            return 0
        return len({(record.get("game"), record.get("deal")) for record in records if record})

    def _append(self, record: dict) -> None:
        self.stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.stream.flush()
        os.fsync(self.stream.fileno())

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError:  # the last flush failed: the error was reported when it happened
            pass

    def remove(self, saved: Mapping[str, Collection[int]], rungs: Mapping[str, int]) -> None:
        """Take out the deals ``saved`` in the table, by game, up to the game's ``rungs``; the
        others stay for the command that resumes them (other games' deals an interrupted run
        left here, deals a run cut short did not finish, and rows of rungs above the saved
        ladder), and the file goes once it holds no deal."""
        self.close()
        try:
            header, *lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
        except (FileNotFoundError, ValueError):  # gone, or empty
            self.path.unlink(missing_ok=True)
            return
        kept = [line for line in lines if (record := _record(line)) and (
            record.get("deal") not in saved.get(game := str(record.get("game")), ()) or _rung(record) > rungs[game])]
        if not kept:
            self.path.unlink(missing_ok=True)
            return
        rest = self.path.with_name(self.path.name + ".rest")
        rest.write_text(header + "".join(kept), encoding="utf-8")
        os.replace(rest, self.path)


def read(table: Path, game_id: str, digests: Digests, budget: int, rungs: int) -> dict[int, dict]:
    """The deals of ``game_id`` the journal beside ``table`` holds, computed with these
    digests on a ladder from ``budget``, at most ``rungs`` high (a run refused at its save
    may have climbed higher); a later line of a deal replaces an earlier one."""
    path = journal_path(table)
    if not path.exists():
        return {}
    if not path.is_file():
        raise TableError(path, None, "is not a regular file")
    rows: dict[int, dict] = {}
    with open(path, encoding="utf-8", errors="replace") as stream:
        for number, line in enumerate(stream, start=1):
            record = _record(line)
            if number == 1 and record != HEADER:
                raise TableError(path, 1, "is not the journal of a run of `patience stats`; move it away")
            if (record and record.get("game") == game_id and _digests(record) == digests
                    and record.get("budget") == budget and _well_formed(record) and _rung(record) <= rungs):
                rows[record["deal"]] = row_of(record["deal"], record["row"])
    return rows


def _digests(record: dict) -> tuple:
    return record.get("solver_code"), record.get("player_code"), record.get("spec")


def _well_formed(record: dict) -> bool:
    deal, row = record.get("deal"), record.get("row")
    return type(deal) is int and deal > 0 and isinstance(row, list) and len(row) == len(FIELDS)


def _rung(record: dict) -> int:
    """The rung of a journal line's row (0 if the line is malformed: it is never read)."""
    rung = record["row"][RUNG] if _well_formed(record) else 0
    return rung if type(rung) is int else 0


def _record(line: str) -> dict | None:
    try:
        record = json.loads(line)
    except json.JSONDecodeError:
        return None  # a line cut short
    return record if isinstance(record, dict) else None
