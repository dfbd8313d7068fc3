"""Positions in a row: areas laid out in rows, and flows that reach only a row's ends.

An area with ``rows: n`` has its piles in *n* equal rows, in order (the first
``piles / n`` piles are row 1 …). A flow with ``position: row_ends`` lets a card of
row *i* of its source go only to the first or last pile of row *i* of each target:
the Besieged City's reserve cards go «только на карты, находящіяся по концамъ или
сторонамъ той линіи, съ которой онѣ взяты» (rule III), and fill a space «изъ того
ряда, на концѣ котораго оказалось свободное мѣсто» (rule IV).
"""

from __future__ import annotations


def rows_of(rules, name: str) -> list[range]:
    area = rules.areas[name]
    size = len(area.piles) // area.rows
    return [area.piles[i * size:(i + 1) * size] for i in range(area.rows)]


def ends(row: range) -> list[int]:
    return [row[0]] if len(row) == 1 else [row[0], row[-1]]


def row_ends(rules, flow) -> list[tuple[range, list[int]]]:
    """(source piles of a row, the end piles of the matching rows of the targets)."""
    sources = rows_of(rules, flow.source)
    matched = []
    for index, row in enumerate(sources):
        targets = []
        for name in flow.to:
            targets += ends(rows_of(rules, name)[index])  # rows match: checked by rules
        matched.append((row, targets))
    return matched


def line_ends(rules, flow) -> list[tuple[range, list[int]]]:
    """``position: line_ends``: a grid and the frame round it (the Besieged City's
    reserve of four rows of three inside its fourteen trenches). The source has ``rows``
    rows; each target is its frame, one pile at each end of every column and every row,
    numbered in reading order: the ends above the columns, left to right; then, row by
    row, the left and the right end of the row; then the ends below the columns. A card
    of row *r*, column *c* goes only to the ends of its row and of its column (the
    English notes to rules IV–V: "the four of clubs could only be placed on cards at
    A, B, C, or D")."""
    return line_ends_of(rules, flow.source, flow.to)


def line_ends_of(rules, source: str, frames: list[str]) -> list[tuple[range, list[int]]]:
    """(each pile of the grid ``source``, the piles of the ``frames`` at its line ends)."""
    grid = rows_of(rules, source)
    columns = len(grid[0])
    matched = []
    for r, row in enumerate(grid):
        for c, pile in enumerate(row):
            targets = []
            for name in frames:
                frame = rules.areas[name].piles
                below = columns + 2 * len(grid)
                targets += [frame[c], frame[columns + 2 * r], frame[columns + 2 * r + 1], frame[below + c]]
            matched.append((range(pile, pile + 1), targets))
    return matched


def line_ends_problem(rules, flow) -> str | None:
    """Why a ``line_ends`` flow cannot be played (a frame of the wrong size), or None."""
    grid = rows_of(rules, flow.source)
    wanted = 2 * (len(grid) + len(grid[0]))
    for name in flow.to:
        if len(rules.areas[name].piles) != wanted:
            return (f"'line_ends' needs {name!r} to frame {len(grid)} rows of {len(grid[0])} "
                    f"with {wanted} piles, not {len(rules.areas[name].piles)}")
    return None
