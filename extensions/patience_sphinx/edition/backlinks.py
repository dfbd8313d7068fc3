"""Links back to the objects that cite a passage (rule clauses, first of all).

A clause is declared on one page and names passages shown on others, so the
links are filled in late: the parallel view leaves a placeholder in each row,
and ``doctree-resolved`` replaces it with a link to every object that declared
(:meth:`EditionDomain.note_backlink`) that it cites the passage.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.nodes import make_refnode

from .domain import OBJECT_TYPES


class backlinks(nodes.General, nodes.Element):
    """Placeholder: the objects citing ``target`` (``objtype``, ``name``) go here."""


def placeholder(objtype: str, name: str) -> backlinks:
    return backlinks("", target=(objtype, name))


def fill(app, doctree, docname) -> None:
    domain = app.env.domains["ed"]
    for node in list(doctree.findall(backlinks)):
        found = domain.backlinks_to(*node["target"])
        if not found:
            node.parent.remove(node)
            continue
        line = nodes.paragraph("", classes=["ed-cited-by"])
        for index, ((objtype, name), entry) in enumerate(found):
            if index:
                line += nodes.Text(", ")
            else:
                line += nodes.Text(f"Cited by {OBJECT_TYPES[objtype]}s: " if len(found) > 1 else f"Cited by {OBJECT_TYPES[objtype]}: ")
            label = nodes.literal("", entry.title or name)
            line += make_refnode(app.builder, docname, entry.docname, entry.anchor, label, name)
        node.replace_self(line)


def register(app) -> None:
    app.add_node(backlinks)
    app.connect("doctree-resolved", fill)
