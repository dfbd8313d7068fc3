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
