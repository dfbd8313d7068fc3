"""The measured effects written into ``departures.yaml``: each departure's ``effect``
block, after its ``played`` (and ``measure``) lines, rewritten in place so that the
file's comments and layout are kept. ``patience departures --write`` is the only
writer; the figures are never typed by hand."""

from __future__ import annotations

import re
from pathlib import Path

from patience.readings import READINGS, Effect


def write_effects(path: Path, found: list[Effect]) -> int:
    """Write each measured effect into its departure's entry of ``path`` (the ``effect``
    block after ``played``/``measure``), and remove the block of one no longer measured;
    the file's comments and layout are kept. Returns the number of entries changed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = 0
    for item in found:
        start = _entry_start(lines, item.departure)
        end = _entry_end(lines, start)
        entry = _without_effect(lines[start:end])
        record = item.as_record()
        if record is not None:
            anchor = max(i for i, line in enumerate(entry) if re.match(r"    (played|measure):", line)) + 1
            entry[anchor:anchor] = _effect_lines(record)
        if entry != lines[start:end]:
            lines[start:end] = entry
            changed += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def _entry_start(lines: list[str], departure_id: str) -> int:
    return next(i for i, line in enumerate(lines) if line == f"  - id: {departure_id}")


def _entry_end(lines: list[str], start: int) -> int:
    """The line after the entry: the next entry, comment or top-level key, less trailing blank lines."""
    end = start + 1
    while end < len(lines) and not re.match(r"(  - |  #|\S)", lines[end]):
        end += 1
    while lines[end - 1].strip() == "":
        end -= 1
    return end


def _without_effect(entry: list[str]) -> list[str]:
    kept, skipping = [], False
    for line in entry:
        if line.startswith("    effect:"):
            skipping = True
            continue
        if skipping and line.startswith("      "):
            continue
        skipping = False
        kept.append(line)
    return kept


def _effect_lines(record: dict) -> list[str]:
    def mapping(rate: dict) -> str:
        return "{" + ", ".join(f"{key}: {value}" for key, value in rate.items()) + "}"

    return ["    effect:", *(f"      {reading}: {mapping(record[reading])}" for reading in READINGS),
            f"      separate: {'true' if record['separate'] else 'false'}"]
