"""Writing an export: to a file, atomically, or to standard output."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def write_output(data: bytes, path: str | None) -> None:
    """Write ``data`` to ``path`` (``-`` or ``None``: standard output), via a temporary file
    so that an interrupted export never leaves half a file under the final name."""
    if path in (None, "-"):
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    temporary = target.with_name(f".{target.name}.partial")
    temporary.write_bytes(data)
    os.replace(temporary, target)
