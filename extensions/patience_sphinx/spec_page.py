"""``spec-check-kinds``: the table of the kinds of claim check on the spec-language page,
rendered from the check models (:func:`patience.spec.describe.check_kinds`), so that
the page lists every kind the schema accepts, with its parameters, and nothing else."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from patience.spec import checks, describe

HEADERS = ("check kind", "parameters", "what the engine is asked")


class CheckKindsDirective(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        for module in (describe, *_check_modules()):
            self.env.note_dependency(module.__file__)
        rows = [(row.kind, "; ".join(row.parameters) or "—", row.asks) for row in describe.check_kinds()]
        return [_table(HEADERS, rows)]


def _check_modules():
    return (checks, checks.foundations, checks.layout, checks.playouts, checks.redeals, checks.pairs)


def _table(headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> nodes.table:
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


def _row(cells: tuple[str, ...], code_first: bool) -> nodes.row:
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
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
