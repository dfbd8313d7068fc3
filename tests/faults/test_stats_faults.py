"""``patience stats`` when storage, size or the user get in the way, and a table that
cannot be trusted (review defects D4, D6 and D15).

A full disk is a tmpfs of 64 KiB mounted in a mount namespace of its own (``unshare``),
filled on purpose; a read-only directory is the same tmpfs remounted read-only. Each
fault is one line naming the file, loses no finished deal (at most those being
computed), leaves no temporary file, and the same command resumes where it stopped.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from patience.cli import main
from patience.stats import table
from tests.stats import cluster

GAME = "calculation"
QUICK = ["--budget", "5"]  # and the default rungs above it: 50, 500 positions


def error_of(stderr: str) -> str:
    """The one line of error among the progress lines, with no traceback."""
    assert "Traceback" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if not line.startswith("rung ")]
    assert len(errors) == 1 and errors[0].startswith("patience: "), stderr
    return errors[0]


def journal_path(path: Path) -> Path:
    """Where a run keeps the deals it has finished (the table's name and ``.partial``)."""
    return path.with_name(path.name + ".partial")


def journal_rows(path: Path) -> dict[str, list]:
    """Each deal's last row in a journal (a deal is saved again at each rung it climbs);
    a last line cut short by a full disk is not one."""
    text = path.read_text()
    lines = text.splitlines()[1:]
    records = [json.loads(line) for line in (lines if text.endswith("\n") else lines[:-1])]
    return {str(record["deal"]): record["row"] for record in records}


def same_play(rows: dict, kept: dict) -> bool:
    """Whether the kept deals were taken up, not played again: the player's processor
    seconds, measured once, are the same."""
    return all(rows[number][4] == row[4] for number, row in kept.items())


def comparable(rows: dict) -> dict:
    """Rows without their processor seconds, which differ from one computation to the next."""
    return {number: [*row[:3], *row[5:]] for number, row in rows.items()}


# --- a full disk, a read-only directory -------------------------------------------------------


def namespace() -> list[str]:
    command = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-r", "-m"]
    if shutil.which("unshare") is None or subprocess.run([*command, "true"], capture_output=True).returncode:
        pytest.skip("no mount namespace here (unshare) for a tmpfs of our own")
    return command


def in_namespace(script: str, out: Path) -> None:
    """Run the bash ``script`` in a mount namespace with a tmpfs of 64 KiB at $DISK;
    $PATIENCE runs the command; what it leaves is copied to $OUT."""
    disk = Path(tempfile.mkdtemp(prefix="stats-disk-"))
    env = {**cluster.environment(), "DISK": str(disk), "OUT": str(out), "PATIENCE": f"{sys.executable} -m patience"}
    heading = 'set -u\nmount -t tmpfs -o size=64k tmpfs "$DISK"\ncd /\n'
    try:
        subprocess.run([*namespace(), "bash", "-c", heading + script], env=env, check=True, timeout=600)
    finally:
        disk.rmdir()


def test_a_full_disk_loses_no_finished_deal_and_the_run_resumes(tmp_path):
    arguments = f'stats {GAME} --deals 20 {" ".join(QUICK)} --workers 1 --table "$DISK/t.json"'
    in_namespace(f"""
head -c 61440 /dev/zero > "$DISK/filler"   # one page of 4 KiB left: room for a dozen deals
$PATIENCE {arguments} > /dev/null 2> "$OUT/first.err"; echo $? > "$OUT/first.rc"
ls -A "$DISK" > "$OUT/first.ls"; cp "$DISK/t.json.partial" "$OUT/journal"
rm "$DISK/filler"
$PATIENCE {arguments} > /dev/null 2> "$OUT/second.err"; echo $? > "$OUT/second.rc"
ls -A "$DISK" > "$OUT/second.ls"; cp "$DISK/t.json" "$OUT/t.json"
""", tmp_path)
    error = error_of((tmp_path / "first.err").read_text())
    kept = journal_rows(tmp_path / "journal")
    assert (tmp_path / "first.rc").read_text().strip() == "2"
    assert "/t.json.partial: cannot be written: No space left on device" in error
    assert f"the {len(kept)} deals finished before are kept in it" in error and 0 < len(kept) < 20
    assert (tmp_path / "first.ls").read_text().split() == ["filler", "t.json.partial"]  # no temporary file left
    assert (tmp_path / "second.rc").read_text().strip() == "0", (tmp_path / "second.err").read_text()
    assert (tmp_path / "second.ls").read_text().split() == ["t.json"]
    resumed = json.loads((tmp_path / "t.json").read_text())["games"][GAME]["deals"]
    assert same_play(resumed, kept)
    undisturbed = tmp_path / "undisturbed.json"
    assert main(["stats", GAME, "--deals", "20", *QUICK, "--workers", "1", "--table", str(undisturbed)]) == 0
    assert comparable(resumed) == comparable(json.loads(undisturbed.read_text())["games"][GAME]["deals"])


def test_a_table_that_cannot_be_written_at_the_end_keeps_the_deals_and_names_it(tmp_path):
    """The journal fits, the table does not: it is named, its temporary file removed,
    and the same command saves it once there is room, computing nothing again."""
    arguments = f'stats {GAME} --deals 4 {" ".join(QUICK)} --workers 1 --table "$DISK/t.json"'
    in_namespace(f"""
head -c 61440 /dev/zero > "$DISK/filler"   # one page left: the journal's (4 deals, 3 rungs fit), none for the table
$PATIENCE {arguments} > /dev/null 2> "$OUT/first.err"; echo $? > "$OUT/first.rc"
ls -A "$DISK" > "$OUT/first.ls"
rm "$DISK/filler"
$PATIENCE {arguments} > /dev/null 2> "$OUT/second.err"; echo $? > "$OUT/second.rc"
ls -A "$DISK" > "$OUT/second.ls"; cp "$DISK/t.json" "$OUT/t.json"
""", tmp_path)
    error = error_of((tmp_path / "first.err").read_text())
    assert "/t.json: cannot be written: No space left on device; the finished deals are kept in" in error
    assert (tmp_path / "first.ls").read_text().split() == ["filler", "t.json.partial"]
    second = (tmp_path / "second.err").read_text()
    assert (tmp_path / "second.rc").read_text().strip() == "0" and "rung 1" not in second  # nothing to compute
    assert sorted(json.loads((tmp_path / "t.json").read_text())["games"][GAME]["deals"], key=int) == \
        [str(n) for n in range(1, 5)]


def test_a_read_only_directory_is_one_line_before_any_deal_is_computed(tmp_path):
    in_namespace(f"""
mount -o remount,ro "$DISK"
$PATIENCE stats {GAME} --deals 5 {" ".join(QUICK)} --workers 1 --table "$DISK/t.json" 2> "$OUT/err"; echo $? > "$OUT/rc"
""", tmp_path)
    error = error_of((tmp_path / "err").read_text())
    assert (tmp_path / "rc").read_text().strip() == "2"
    assert error.endswith("/t.json.partial: cannot be written: Read-only file system")


@pytest.mark.parametrize("where, message", [
    ("/nonexistent/dir/t.json", "/nonexistent/dir/t.json.partial: cannot be written: No such file or directory"),
    ("/dev/full", "/dev/full: is not a regular file; a table is a JSON file"),
    ("{tmp}", "is not a regular file; a table is a JSON file"),
    ("{tmp}/empty.json", "empty.json:1: is not valid JSON: Expecting value"),
])
def test_a_table_path_that_cannot_hold_a_table_is_one_line_at_once(tmp_path, capsys, where, message):
    (tmp_path / "empty.json").write_text("")
    started = time.monotonic()
    assert main(["stats", GAME, "--deals", "3", *QUICK, "--table", where.format(tmp=tmp_path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error, error
    assert time.monotonic() - started < 30  # refused before a cluster is started


# --- sizes, interruptions, kills ---------------------------------------------------------------


def run_until_deals(tmp_path: Path, deals: str, count: int, workers: int = 1) -> tuple[subprocess.Popen, Path]:
    path = tmp_path / "t.json"
    process = cluster.patience("stats", GAME, "--deals", deals, *QUICK, "--workers", str(workers),
                               "--table", str(path))
    cluster.wait_for_lines(journal_path(path), 1 + count, process)
    return process, path


@pytest.mark.parametrize("deals", [10 ** 8, 10 ** 20])
def test_a_vast_number_of_deals_starts_at_once(tmp_path, deals):
    started = time.monotonic()
    process, path = run_until_deals(tmp_path, str(deals), 2)
    assert time.monotonic() - started < 120
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert "interrupted" in error_of(err) and not path.exists()
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    assert peak < 1_000_000_000  # no list of every deal was made


def test_ctrl_c_prints_one_line_keeps_the_finished_deals_and_the_same_command_resumes(tmp_path):
    process, path = run_until_deals(tmp_path, "15", 2, workers=2)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    error = error_of(err)
    kept = journal_rows(journal_path(path))
    assert process.returncode == 2 and not path.exists()  # no partial table passed off as whole
    assert f"interrupted; the {len(kept)} deals finished in this run are kept in {journal_path(path)}" in error
    again = cluster.patience("stats", GAME, "--deals", "15", *QUICK, "--workers", "2", "--table", str(path))
    _, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    rows = json.loads(path.read_text())["games"][GAME]["deals"]
    assert sorted(rows, key=int) == [str(n) for n in range(1, 16)] and same_play(rows, kept)


def test_a_killed_run_loses_at_most_the_deals_in_flight(tmp_path):
    process, path = run_until_deals(tmp_path, "12", 3)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    kept = journal_rows(journal_path(path))
    assert len(kept) >= 3
    again = cluster.patience("stats", GAME, "--deals", "12", *QUICK, "--workers", "1", "--table", str(path))
    _, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert f"/{12 - len(kept)} deals" in err  # only the others were computed
    rows = json.loads(path.read_text())["games"][GAME]["deals"]
    assert sorted(rows, key=int) == [str(n) for n in range(1, 13)] and same_play(rows, kept)


def descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (Linux's /proc: its worker processes among them)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # a process gone meanwhile
    found, waiting = [], [pid]
    while waiting:
        parent = waiting.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        waiting += children
    return found


def test_a_killed_worker_loses_no_deal_and_counts_none_twice(tmp_path):
    process, path = run_until_deals(tmp_path, "16", 2, workers=2)
    workers = [pid for pid in descendants(process.pid) if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    _, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    saved = json.loads(path.read_text())["games"][GAME]
    assert sorted(saved["deals"], key=int) == [str(n) for n in range(1, 17)]
    assert saved["seal"] == table.seal(saved["deals"])


# --- a table that cannot be trusted (D4) ---------------------------------------------------------


@pytest.fixture(scope="module")
def computed(tmp_path_factory) -> str:
    """A small table as ``patience stats`` writes it, of real results."""
    path = tmp_path_factory.mktemp("computed") / "table.json"
    assert main(["stats", GAME, "--deals", "3", "--budget", "40", "--workers", "1", "--table", str(path)]) == 0
    return path.read_text()


@pytest.fixture
def sealed(tmp_path, computed) -> Path:
    path = tmp_path / "table.json"
    path.write_text(computed)
    return path


def edited(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data["games"])
    table.write(data, path)


def findings(path: Path) -> list[str]:
    from patience.stats import integrity

    return [f"{problem.line}: {problem.message}" for problem in integrity.problems(path, [GAME])]


def test_a_sealed_table_of_real_results_passes(sealed):
    assert findings(sealed) == []


def test_a_deal_counted_twice_is_found_at_its_line(sealed):
    edited(sealed, lambda games: games[GAME]["deals"].update({"01": games[GAME]["deals"]["1"]}))
    line = next(n for n, text in enumerate(sealed.read_text().splitlines(), 1) if '"1": [' in text)
    assert f"{line}: calculation: deal 1 is given 2 times (as '01', '1')" in findings(sealed)


def test_outcomes_edited_by_hand_are_found(sealed):
    def to_won(games):
        games[GAME]["deals"]["2"][0] = "won"
    edited(sealed, to_won)
    assert any("the rows are not those `patience stats` wrote" in finding for finding in findings(sealed))

    def sealed_again(games):  # a careful forger: the seal made again; the deal decided again tells
        games[GAME]["seal"] = table.seal(games[GAME]["deals"])
    edited(sealed, sealed_again)
    assert any("calculation: deal 2 decided again gives" in finding for finding in findings(sealed))


def test_an_undecided_deal_below_the_last_rung_is_found(sealed):
    """The ladder sends every undecided deal up to its last rung: a row left lower (a run cut
    short, saved as though finished) is named."""
    rows = json.loads(sealed.read_text())["games"][GAME]["deals"]
    number = next(number for number, row in rows.items() if row[0] == "unknown" and row[2] == "lost")

    def lowered(games):
        games[GAME]["deals"][number][1], games[GAME]["deals"][number][6] = 40, 1  # as rung 1 would leave it
        games[GAME]["seal"] = table.seal(games[GAME]["deals"])
    edited(sealed, lowered)
    assert any("undecided at rung 1: it has not climbed the ladder's 3 rungs" in finding for finding in findings(sealed))


def test_a_last_rung_climbed_part_of_the_way_lets_only_later_deals_wait_one_rung_below(sealed):
    """With the last rung climbed by deals 1..k, an undecided deal after k may wait a rung
    below it, and no lower; one before k may not; and the mark itself is checked."""
    rows = json.loads(sealed.read_text())["games"][GAME]["deals"]
    number = max(int(number) for number, row in rows.items() if row[0] == "unknown" and row[2] == "lost")

    def waiting(rung, through):
        def change(games):
            games[GAME]["deals"][str(number)][1], games[GAME]["deals"][str(number)][6] = 40 * 10 ** (rung - 1), rung
            games[GAME]["seal"] = table.seal(games[GAME]["deals"])
            games[GAME][table.LAST_RUNG_THROUGH] = through
        return change

    edited(sealed, waiting(2, number - 1))
    assert not [finding for finding in findings(sealed) if "rung" in finding]
    edited(sealed, waiting(1, number - 1))
    assert any(f"deal {number}: undecided at rung 1: it has not climbed the ladder's 2 rungs" in finding
               for finding in findings(sealed))
    edited(sealed, waiting(2, number))
    assert any(f"deal {number}: undecided at rung 2: it has not climbed the ladder's 3 rungs" in finding
               for finding in findings(sealed))
    for wrong in (3, "1", True, -1):
        edited(sealed, waiting(2, wrong))
        assert any(f"\"{table.LAST_RUNG_THROUGH}\" is the last deal of 1..N to have climbed the last rung" in finding
                   and repr(wrong) in finding for finding in findings(sealed)), wrong


def test_a_deleted_game_a_gap_and_a_stale_digest_are_found(sealed):
    edited(sealed, lambda games: games[GAME]["deals"].pop("2"))
    assert any("calculation: deals 1–3 lack 2" in finding for finding in findings(sealed))
    edited(sealed, lambda games: games.pop(GAME))
    assert any("calculation has no results; compute them with `patience stats calculation" in finding
               for finding in findings(sealed))


def test_patience_check_reports_the_table_located(sealed, monkeypatch, capsys):
    edited(sealed, lambda games: games[GAME]["deals"].update({"01": games[GAME]["deals"]["1"]}))
    monkeypatch.setattr(table, "TABLE", sealed)
    assert main(["check", "--kind", "statistics"]) == 1
    out = capsys.readouterr().out
    assert f"{sealed}:" in out and "calculation: deal 1 is given 2 times" in out
    assert "sultan has no results" in out  # every playable game is asked for


def test_the_statistics_page_warns_of_the_table_located(sealed, monkeypatch, tmp_path):
    from sphinx.testing.util import SphinxTestApp

    edited(sealed, lambda games: games[GAME]["deals"].pop("2"))
    monkeypatch.setattr(table, "TABLE", sealed)
    site = tmp_path / "site"
    site.mkdir()
    (site / "conf.py").write_text('extensions = ["myst_parser", "patience_sphinx.stats"]\n')
    (site / "index.md").write_text("# Statistics\n\n```{stats-table}\n```\n")
    app = SphinxTestApp("html", srcdir=site, freshenv=True)
    try:
        app.build()
        warnings = app.warning.getvalue()
    finally:
        app.cleanup()
    line = table.line_of(sealed.read_text(), f'"{GAME}"')
    assert f"{sealed}:{line}: WARNING: calculation: deals 1–3 lack 2 [check.statistics]" in warnings
