"""What a long command shows while it works: one line on standard error, redrawn in place
every second with the time taken so far, and wiped when the work is done.

The line is drawn only when standard error is a terminal, and never when the command was
asked for ``--json`` (it says so with ``shown=False``): in a pipe, a file or a log a command
writes its output and its own lasting lines, nothing else. It is drawn with a carriage
return and spaces, no escape sequences, and cut to the terminal's width so that it never
wraps onto a second line. A failure to draw it (standard error closed) is no failure of
the command.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from typing import TypeVar

Result = TypeVar("Result")

# Held while a line is written. A fork waits for it (``patience check --mutations`` forks its
# workers while the line is being redrawn), so that no child starts with standard error's
# lock taken by a thread it does not have.
_WRITING = threading.Lock()
os.register_at_fork(before=_WRITING.acquire, after_in_parent=_WRITING.release, after_in_child=_WRITING.release)


class Progress:
    """``with Progress("solving napoleon deal 1") as progress:`` shows ``solving napoleon deal 1
    … 12 s``, redrawn every ``every`` seconds by a thread of its own, and at once when
    ``progress.doing`` is changed as the work moves on; :meth:`say` writes a line that stays
    (also where nothing is drawn). The solver's accelerator lets go of the interpreter while it
    searches, so the line is redrawn then too."""

    def __init__(self, doing: str, *, shown: bool = True, stream=None, every: float = 1.0):
        self._doing, self.every = doing, every
        self.stream = stream if stream is not None else sys.stderr
        self.drawn = shown and _is_terminal(self.stream)
        self.started = time.monotonic()
        self._width = 0  # characters of the line now on the screen
        self._done = threading.Event()
        self._ticker: threading.Thread | None = None

    def __enter__(self) -> Progress:
        self.started = time.monotonic()
        if self.drawn:
            self.draw()
            self._ticker = threading.Thread(target=self._tick, name="progress", daemon=True)
            self._ticker.start()
        return self

    def __exit__(self, *exception) -> None:
        self._done.set()
        if self._ticker is not None:
            self._ticker.join()
        with _WRITING:
            self._wipe()

    @property
    def doing(self) -> str:
        return self._doing

    @doing.setter
    def doing(self, doing: str) -> None:
        self._doing = doing
        if self._ticking():
            self.draw()

    def line(self, columns: int | None = None) -> str:
        """What the line says, in ``columns`` characters at most (cut from what is being done,
        never from the time taken)."""
        taken = f" … {elapsed(time.monotonic() - self.started)}"
        room = len(self.doing) if columns is None else max(0, columns - len(taken))
        return self.doing[:room] + taken

    def draw(self) -> None:
        """Redraw the line now (the ticker does it every ``every`` seconds)."""
        if not self.drawn:
            return
        text = self.line(_columns(self.stream) - 1)
        with _WRITING:
            self._write("\r" + text.ljust(self._width))
            self._width = len(text)

    def say(self, text: str) -> None:
        """A line that stays, written above the progress line."""
        with _WRITING:
            self._wipe()
            self._write(text + "\n")
        if self._ticking():
            self.draw()

    def _ticking(self) -> bool:
        return self._ticker is not None and not self._done.is_set()

    def _tick(self) -> None:
        while not self._done.wait(self.every):
            self.draw()

    def _wipe(self) -> None:
        if self._width:
            self._write("\r" + " " * self._width + "\r")
            self._width = 0

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # standard error closed or gone: the work goes on
            self.drawn = False


def interruptible(work: Callable[[], Result]) -> Result:
    """``work()``, run in a thread of its own while this one waits, so that Ctrl-C stops the
    command at once even while the work is in native code, where the interpreter cannot
    raise it (the solver's accelerator searches for minutes at a large budget). The work is
    then abandoned: its thread is a daemon, ended with the process."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["result"] = work()
        except BaseException as error:  # noqa: BLE001 - handed to the waiting thread, raised there
            outcome["error"] = error

    worker = threading.Thread(target=run, name="work", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.25)  # a wait with a timeout, which a signal interrupts
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["result"]  # type: ignore[return-value]


def elapsed(seconds: float) -> str:
    """``7 s``, ``2 min 05 s``, ``1 h 02 min``."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02} min"


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, OSError, ValueError):
        return False


def _columns(stream) -> int:
    """The terminal's width (80 where it does not say: a new pseudo-terminal has none)."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        columns = 0
    return columns or 80
