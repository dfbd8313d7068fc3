"""The spec-language page's generated table ``spec-mutation-score``: the mutation score
per game, read from the record of the mutation runs (``patience check --mutations
--record FILE``; the argument names it, relative to the page); the test suite holds that
file to the specs. (The page's list of claim kinds is a generated file it includes,
``docs/claim-kinds.md``.)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

SCORE_COLUMNS = ("mutants", "killed", "equivalent", "silent", "survived", "refused")


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


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> nodes.table:
    table = nodes.table(classes=["spec-mutation-score"])
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
    """A row of the table; with ``code_first``, its first cell (a game id) as code."""
    row = nodes.row()
    for index, text in enumerate(cells):
        entry = nodes.entry()
        paragraph = nodes.paragraph()
        paragraph += nodes.literal(text=text) if index == 0 and code_first else nodes.Text(text)
        entry += paragraph
        row += entry
    return row


def setup(app: Sphinx) -> dict:
    app.add_directive("spec-mutation-score", MutationScoreDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
