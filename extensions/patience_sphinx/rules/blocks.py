"""Pieces shared by clauses and claims: the heading, the provenance, the conjecture box,
and their declaration in the edition's ``ed`` domain (:mod:`patience_sphinx.edition.api`)."""

from __future__ import annotations

import json

from docutils import nodes

from patience_sphinx.edition.api import cites, declare, reference

from .._html import make, text


def record(directive, name: str, anchor: str, title: str, item, *version) -> None:
    """Declare the clause or claim in the ``ed`` domain; its passages link back to it."""
    dump = json.dumps(item.model_dump(by_alias=True), sort_keys=True, ensure_ascii=False, default=str)
    if declare(directive, "clause", name, anchor, title, dump, *version):
        for passage_id in item.passages:
            cites(directive, "clause", name, passage_id)


def head(name: str, anchor: str, kind: str) -> nodes.Node:
    line = make("p", classes=["rules-clause-head"])
    line += make("a", nodes.literal("", name), href=f"#{anchor}", classes=["rules-permalink"],
                 title=f"Permalink to {name}")
    line += text("span", kind, classes=["rules-kind"])
    return line


def passage_list(directive, passages) -> list[nodes.Node]:
    found = []
    for index, passage_id in enumerate(passages):
        if index:
            found.append(nodes.Text(", "))
        found.append(reference(directive, "passage", passage_id, nodes.literal("", passage_id)))
    return found


def provenance(directive, item, verb: str) -> nodes.Node:
    line = nodes.paragraph("", classes=["rules-provenance"])
    if not item.passages:
        line += nodes.Text("No passage of the fragments says this.")
        return line
    line += nodes.Text(f"{verb} ")
    line.extend(passage_list(directive, item.passages))
    for quote in item.quotes:
        line += nodes.Text(": " if quote == item.quotes[0] else "; ")
        line += text("q", quote, classes=["language-ru-petr1708"])
    line += nodes.Text(".")
    return line


def conjecture(item) -> nodes.Node:
    box = make("div", classes=["rules-conjecture-note"], role="note")
    label = "Editorial conjecture"
    if item.passages and item.conjectural:
        label += f" (on {', '.join(item.conjectural)})"
    box += nodes.paragraph("", "", nodes.strong("", label + ": "), nodes.Text(item.conjecture))
    return box
