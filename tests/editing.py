"""Breaking a private copy of the data in tests: edit a file, find a line, expect an error."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from patience.datafile import DataFileError


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace the first ``count`` occurrences of ``old`` (all, with -1), which must occur.

    The file's modification time moves on, so caches keyed on it see the change.
    """
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000_000))


def line_of(path: Path, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line containing ``needle``."""
    lines = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    return lines[occurrence - 1]


def expect_error(load: Callable[[], object], path: Path, line: int | None, message: str) -> DataFileError:
    """``load()`` must raise a :class:`DataFileError` at ``path:line`` whose message matches."""
    with pytest.raises(DataFileError) as caught:
        load()
    assert (caught.value.path, caught.value.line) == (path, line), caught.value
    assert re.search(message, caught.value.message), caught.value.message
    return caught.value
