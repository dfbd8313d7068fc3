"""``ed:corrections``: the apparatus of the whole edition in one table.

Every explicit correction of the OCR (passage, witness reading, correction, kind,
note), counted by kind and by fragment, with the count of the substitutions the
encoding rule made. Everything is read from the text model; nothing is restated.
"""

from __future__ import annotations

from collections import Counter

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from patience.citation import KIND_NAMES
from patience.text.reading import encoding_substitutions

from .._html import unavailable
from .games import passage_ref
from .source import edition_for


class CorrectionsList(SphinxDirective):
    def run(self):
        edition = edition_for(self.env, self.get_location())
        if edition is None:
            return [unavailable("The text of the edition could not be read (see the build log).")]
        found = [(p, c) for p in edition.passages for c in p.corrections]
        return [self.summary(edition, found), self.listing(found)]

    def summary(self, edition, found):
        fragments = sorted(edition.witnesses)
        counts = Counter((c.kind, p.spans[0].fragment) for p, c in found)
        rows = [
            [KIND_NAMES[kind]] + [str(counts[kind, f]) for f in fragments] + [str(sum(counts[kind, f] for f in fragments))]
            for kind in KIND_NAMES
        ]
        rows.append(
            ["all explicit corrections"] + [str(sum(counts[k, f] for k in KIND_NAMES)) for f in fragments] + [str(len(found))]
        )
        by_rule = Counter(p.spans[0].fragment for p in edition.passages for _ in encoding_substitutions(p.ocr))
        rows.append(["by the encoding rule (ђ → ѣ)"] + [str(by_rule[f]) for f in fragments] + [str(sum(by_rule.values()))])
        return table(["kind"] + [f"fragment {f}" for f in fragments] + ["total"], rows, "ed-corrections-summary")

    def listing(self, found):
        rows = [
            [passage_ref(p.id, self), nodes.Text(c.sic), nodes.Text(c.corr), nodes.Text(KIND_NAMES[c.kind]),
             nodes.Text(c.note or "")]
            for p, c in found
        ]
        return table(["passage", "witness (sic)", "reading (corr)", "kind", "note"], rows, "ed-corrections")


def table(header: list[str], rows: list[list], css_class: str) -> nodes.table:
    """A plain docutils table; cells are text or inline nodes."""
    group = nodes.tgroup(cols=len(header))
    group += [nodes.colspec(colwidth=1) for _ in header]
    group += nodes.thead("", _row(header))
    group += nodes.tbody("", *(_row(cells) for cells in rows))
    return nodes.table("", group, classes=[css_class])


def _row(cells) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        content = nodes.Text(cell) if isinstance(cell, str) else cell
        row += nodes.entry("", nodes.paragraph("", "", content))
    return row
