"""The line a long command shows on a terminal while it works (:mod:`patience.progress`), and
its absence everywhere else: in a pipe, in a file, with ``--json``.

A terminal is either a real pseudo-terminal (``pty``) on a command's standard error, or a
stream that says it is one; what it shows at the end is worked out from what was written
(a carriage return goes back to the start of the line, a newline to the next), so that a
line drawn and not wiped, or a line that wraps, is seen as a user would see it.
"""

from __future__ import annotations

import _thread
import fcntl
import io
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

import pytest

from patience.cli import main
from patience.cli.check import Scored
from patience.progress import Progress, elapsed, interruptible
from patience.stats.runner import Bar


class Terminal(io.StringIO):
    """A stream that says it is a terminal (of 80 columns: it has no size to give)."""

    def isatty(self) -> bool:
        return True


def screen(written: str) -> list[str]:
    """The lines a terminal shows after ``written``."""
    lines: list[str] = []
    line: list[str] = []
    column = 0
    for character in written:
        if character == "\r":
            column = 0
        elif character == "\n":
            lines.append("".join(line).rstrip())
            line, column = [], 0
        else:
            line[column:column + 1] = [character]
            column += 1
    return [*lines, "".join(line).rstrip()]


def drawn(written: str) -> list[str]:
    """Each state of the line as it was redrawn."""
    return [part.rstrip() for part in written.replace("\n", "\r").split("\r") if part.strip()]


def test_the_line_is_redrawn_with_the_time_taken_and_wiped_at_the_end():
    stream = Terminal()
    with Progress("solving", stream=stream, every=0.01) as progress:
        time.sleep(0.1)
        progress.doing = "replaying"
        time.sleep(0.05)
    states = drawn(stream.getvalue())
    assert states[0] == "solving … 0 s" and states.count("solving … 0 s") > 2
    assert "replaying … 0 s" in states and set(states) == {"solving … 0 s", "replaying … 0 s"}
    assert screen(stream.getvalue()) == [""]


def test_a_lasting_line_stays_above_the_progress_line():
    stream = Terminal()
    with Progress("mutation testing: 0 of 2 games scored", stream=stream) as progress:
        progress.say("sultan: 12 mutants, 12 killed")
        progress.doing = "mutation testing: 1 of 2 games scored"
        assert screen(stream.getvalue()) == ["sultan: 12 mutants, 12 killed", "mutation testing: 1 of 2 games scored … 0 s"]
    assert screen(stream.getvalue()) == ["sultan: 12 mutants, 12 killed", ""]


@pytest.mark.parametrize("stream, shown", [(io.StringIO(), True), (Terminal(), False)], ids=["a pipe", "--json"])
def test_nothing_is_drawn_in_a_pipe_or_when_not_shown_but_lasting_lines_are_written(stream, shown):
    with Progress("checking", stream=stream, shown=shown, every=0.01) as progress:
        time.sleep(0.05)
        progress.doing = "checking quotation"
        progress.say("a lasting line")
    assert stream.getvalue() == "a lasting line\n"


def test_the_line_is_cut_to_the_terminal_and_keeps_the_time_taken():
    main_end, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 30, 0, 0))
    with open(side, "w", encoding="utf-8", closefd=True) as stream:
        with Progress("rung 1 of 3 (10,000 positions): [#####.....] 12/40 deals", stream=stream):
            pass
    written = os.read(main_end, 4096).decode()
    os.close(main_end)
    assert drawn(written) == ["rung 1 of 3 (10,000 pos … 0 s"]  # 29 columns: the 30th would wrap


def test_a_closed_stream_is_no_failure_of_the_work():
    stream = Terminal()
    stream.close()
    with Progress("solving", stream=stream, every=0.01) as progress:
        time.sleep(0.03)
        progress.say("a lasting line")
    assert progress.drawn is False


@pytest.mark.parametrize("seconds, shown", [(0.4, "0 s"), (59.9, "59 s"), (65, "1 min 05 s"), (3725, "1 h 02 min")])
def test_the_time_taken_reads_in_seconds_minutes_and_hours(seconds, shown):
    assert elapsed(seconds) == shown


def test_interruptible_work_gives_its_result_and_raises_its_error():
    assert interruptible(lambda: 6 * 7) == 42
    with pytest.raises(ZeroDivisionError):
        interruptible(lambda: 1 / 0)


def test_ctrl_c_stops_the_wait_at_once_though_the_work_never_returns():
    # Python's own Ctrl-C handler, whatever an earlier test of the session left in place: a
    # simulated interrupt is dropped by any other (in the whole suite on a fresh clone the wait
    # below once waited for ever). The work gives up after 30 s, so a lost interrupt fails.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    never = threading.Event()
    threading.Timer(0.2, _thread.interrupt_main).start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            interruptible(lambda: never.wait(30))  # as the accelerator's search: no Python frame to raise in
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 2


# --- the commands ------------------------------------------------------------------------------


def on_a_terminal(*argv: str) -> tuple[str, str]:
    """Standard output and what a pseudo-terminal on standard error was sent, of ``patience argv``."""
    main_end, side = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "patience", *argv], stdout=subprocess.PIPE, stderr=side)
    os.close(side)
    sent = bytearray()
    while True:
        try:
            chunk = os.read(main_end, 4096)
        except OSError:  # every writer gone
            break
        if not chunk:
            break
        sent += chunk
    os.close(main_end)
    out = process.stdout.read().decode()
    assert process.wait() == 0
    return out, sent.decode()


SOLVE = ("solve", "napoleon", "1", "--budget", "3000")


def test_solve_shows_its_progress_on_a_terminal_and_leaves_only_its_answer():
    out, sent = on_a_terminal(*SOLVE)
    assert drawn(sent)[0] == "solving napoleon deal 1, at most 3,000 positions … 0 s"
    assert screen(sent) == [""]
    assert out == "napoleon deal 1: unknown: the budget of 3,000 positions ran out\n"


def test_solve_json_draws_nothing_even_on_a_terminal():
    out, sent = on_a_terminal(*SOLVE, "--json")
    assert sent == "" and out.startswith("{")


def test_solve_in_a_pipe_writes_its_answer_alone():
    done = subprocess.run([sys.executable, "-m", "patience", *SOLVE], capture_output=True, text=True, check=True)
    assert (done.stdout, done.stderr) == ("napoleon deal 1: unknown: the budget of 3,000 positions ran out\n", "")


def on_standard_error(monkeypatch) -> Terminal:
    """Standard error as a terminal, for a command run in this process. (Set in the test itself:
    pytest puts its capture of standard error back in place before a test runs.)"""
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    return stream


def test_check_shows_the_kind_being_checked(monkeypatch, capsys):
    terminal = on_standard_error(monkeypatch)
    assert main(["check", "--kind", "duplicate", "--kind", "title"]) == 0
    states = drawn(terminal.getvalue())
    assert states[0] == "checking the edition: reading it … 0 s"
    assert [state.split(" … ")[0] for state in states if "(" in state] == [
        "checking the edition: duplicate (1 of 2)", "checking the edition: title (2 of 2)"]
    assert screen(terminal.getvalue()) == ["0 findings", ""]
    assert capsys.readouterr().out == ""


def test_an_export_shows_what_it_makes(monkeypatch, tmp_path):
    terminal = on_standard_error(monkeypatch)
    assert main(["tei", "-o", str(tmp_path / "edition.xml")]) == 0
    assert drawn(terminal.getvalue())[0] == "making the TEI document … 0 s"
    assert screen(terminal.getvalue()) == [""] and (tmp_path / "edition.xml").stat().st_size > 0


def test_an_export_to_a_pipe_writes_nothing_but_the_file(tmp_path, capsys):
    assert main(["tei", "-o", str(tmp_path / "edition.xml")]) == 0
    assert capsys.readouterr() == ("", "")


class Score:
    """What a game's mutation score tells the command line."""

    def __init__(self, game: str, survivors: list):
        self.game, self.survivors = game, survivors

    def counts(self) -> dict[str, int]:
        return {"mutants": 3, "killed": 3 - len(self.survivors), "survived": len(self.survivors)}


def test_the_mutation_run_counts_the_games_scored_below_their_lines(monkeypatch):
    terminal = on_standard_error(monkeypatch)
    class Survivor:
        class mutant:  # noqa: N801 - as the verdict names it
            label = "redeal.redeals: 2 → 3"

        detail = "plays the same"

    scored = Scored(2, shown=True)
    with scored.progress:
        scored(Score("sultan", []))
        scored(Score("sultan:english", [Survivor()]))
        assert screen(terminal.getvalue()) == [
            "sultan: 3 mutants, 3 killed, 0 survived", "sultan:english: 3 mutants, 2 killed, 1 survived",
            "  survived: redeal.redeals: 2 → 3 (plays the same)", "mutation testing: 2 of 2 games scored … 0 s"]
    assert drawn(terminal.getvalue())[0] == "mutation testing: 0 of 2 games scored … 0 s"
    assert screen(terminal.getvalue())[-1] == ""


def test_the_stats_bar_is_drawn_before_the_first_deal_and_left_as_a_line():
    stream = Terminal()
    with Bar(2, stream, "rung 1 of 3 (10 positions)", width=4) as bar:
        bar.step(("sultan", 1))
        bar.step(("sultan", 2))
    states = [state.split(" … ")[0] for state in drawn(stream.getvalue())]
    assert states[:3] == ["rung 1 of 3 (10 positions): [....] 0/2 deals",
                          "rung 1 of 3 (10 positions): [##..] 1/2 deals (sultan 1)",
                          "rung 1 of 3 (10 positions): [####] 2/2 deals (sultan 2)"]
    assert screen(stream.getvalue()) == ["rung 1 of 3 (10 positions): [####] 2/2 deals (sultan 2) … 0 s", ""]


def test_the_stats_bar_in_a_pipe_is_a_line_per_tenth():
    stream = io.StringIO()
    with Bar(20, stream, "rung 2 of 3 (100 positions)", width=10) as bar:
        for number in range(1, 21):
            bar.step(("calculation", number))
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10 and "\r" not in stream.getvalue()
    assert lines[0] == "rung 2 of 3 (100 positions): [#.........] 2/20 deals (calculation 2)"
    assert lines[-1] == "rung 2 of 3 (100 positions): [##########] 20/20 deals (calculation 20)"
