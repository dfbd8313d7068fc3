"""The spec-language page's generated tables.

``spec-check-kinds``: the kinds of claim check, rendered from the check models
(:func:`patience.spec.describe.check_kinds`), so that the page lists every kind the
schema accepts, with its parameters, and nothing else.

``spec-mutation-score``: the mutation score per game, read from the file the last
whole run wrote (``patience check --mutations --json``; the argument names it,
relative to the page); the test suite holds that file to the specs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from patience.spec import checks, describe

HEADERS = ("check kind", "parameters", "what the engine is asked")
SCORE_COLUMNS = ("mutants", "killed", "equivalent", "silent", "survived", "refused")


class CheckKindsDirective(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        for module in (describe, *_check_modules()):
            self.env.note_dependency(module.__file__)
        rows = [(row.kind, "; ".join(row.parameters) or "—", row.asks) for row in describe.check_kinds()]
        return [_table(HEADERS, rows)]


class MutationScoreDirective(SphinxDirective):
    has_content = False
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        path = Path(self.env.relfn2path(self.arguments[0])[1])
        self.env.note_dependency(str(path))
        games = json.loads(path.read_text(encoding="utf-8"))["games"]
        rows = [(game, *(str(counts[column]) for column in SCORE_COLUMNS)) for game, counts in games.items()]
        totals = [str(sum(counts[column] for counts in games.values())) for column in SCORE_COLUMNS]
        return [_table(("game", *SCORE_COLUMNS), [*rows, ("all", *totals)])]


def _check_modules():
    return (checks, checks.foundations, checks.layout, checks.playouts, checks.redeals, checks.pairs)


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> nodes.table:
    table = nodes.table(classes=["spec-check-kinds"])
    group = nodes.tgroup(cols=len(headers))
    table += group
    group.extend(nodes.colspec(colwidth=1) for _ in headers)
    head, body = nodes.thead(), nodes.tbody()
    head += _row(headers, code_first=False)
    body.extend(_row(row, code_first=True) for row in rows)
    group += head
    group += body
    return table


def _row(cells: Sequence[str], code_first: bool) -> nodes.row:
    row = nodes.row()
    for index, text in enumerate(cells):
        entry = nodes.entry()
        paragraph = nodes.paragraph()
        if index == 0 and code_first:
            paragraph += nodes.literal(text=text)
        else:
            paragraph.extend(_inline_code(text))
        entry += paragraph
        row += entry
    return row


def _inline_code(text: str) -> list[nodes.Node]:
    """Backquoted words become literals; the rest stays text."""
    parts = text.split("`")
    return [nodes.literal(text=part) if index % 2 else nodes.Text(part)
            for index, part in enumerate(parts) if part]


def setup(app: Sphinx) -> dict:
    app.add_directive("spec-check-kinds", CheckKindsDirective)
    app.add_directive("spec-mutation-score", MutationScoreDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
