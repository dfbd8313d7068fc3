"""Links back to the objects that cite a passage (rule clauses, first of all).

A clause is declared on one page and names passages shown on others, so the
links are filled in late: the parallel view leaves a placeholder in each row,
and ``doctree-resolved`` replaces it with a link to every object that declared
(:meth:`EditionDomain.note_backlink`) that it cites the passage.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.nodes import make_refnode

from .domain import OBJECT_TYPES, edition_domain

PLURALS = {"departure": "departures from the English", "reading": "settled readings"}


class backlinks(nodes.General, nodes.Element):
    """Placeholder: the objects citing ``target`` (``objtype``, ``name``) go here."""


def placeholder(objtype: str, name: str) -> backlinks:
    return backlinks("", target=(objtype, name))


def fill(app, doctree, docname) -> None:
    domain = edition_domain(app.env)
    for node in list(doctree.findall(backlinks)):
        found = domain.backlinks_to(*node["target"])
        if not found:
            node.parent.remove(node)
            continue
        line = nodes.paragraph("", classes=["ed-cited-by"])
        line += nodes.Text("Cited by ")
        kinds = list(dict.fromkeys(objtype for (objtype, _), _ in found))
        for group, kind in enumerate(kinds):
            items = [(name, entry) for (objtype, name), entry in found if objtype == kind]
            line += nodes.Text("; " if group else "")
            line += nodes.Text(f"{PLURALS.get(kind, OBJECT_TYPES[kind] + 's')}: " if len(items) > 1 else f"{OBJECT_TYPES[kind]}: ")
            for index, (name, entry) in enumerate(items):
                line += nodes.Text(", " if index else "")
                label = nodes.literal("", entry.title or name)
                line += make_refnode(app.builder, docname, entry.docname, entry.anchor, label, name)
        node.replace_self(line)


def register(app) -> None:
    app.add_node(backlinks)
    app.connect("doctree-resolved", fill)
