"""Reading what a test build produced: warnings, pages, the parallel view's cells."""

from __future__ import annotations

import html
import re

from docutils import nodes
from sphinx.util.console import strip_colors


def warnings_of(app) -> list[str]:
    """The build's warning lines, colours removed; pymorphy's log lines are not warnings."""
    lines = strip_colors(app.warning.getvalue()).splitlines()
    return [line for line in lines if "WARNING" in line or "ERROR" in line]


def page(app, docname: str) -> str:
    return (app.outdir / f"{docname}.html").read_text(encoding="utf-8")


def text_without(node, skip_class: str) -> str:
    """The text of ``node`` leaving out every descendant element with class ``skip_class``."""
    if isinstance(node, nodes.Text):
        return str(node)
    if skip_class in node.get("classes", []):
        return ""
    return "".join(text_without(child, skip_class) for child in node.children)


def cells(doctree, column: str) -> dict[str, nodes.Element]:
    """Passage id → the text element of its ``column`` cell (``reading``, ``witness`` …)."""
    found = {}
    for row in doctree.findall(lambda n: _has(n, "ed-row") and n.get("ids")):
        for cell in row.findall(lambda n: _has(n, f"ed-{column}")):
            for text in cell.findall(lambda n: _has(n, "ed-text")):
                found[row["ids"][0]] = text
    return found


def pre_blocks(page_html: str) -> dict[str, str]:
    """Element id → unescaped text of every ``<pre>`` on a page."""
    return {
        ident: html.unescape(body)
        for ident, body in re.findall(r'<pre[^>]*\bid="([^"]+)"[^>]*>(.*?)</pre>', page_html, flags=re.S)
    }


def _has(node, cls: str) -> bool:
    return isinstance(node, nodes.Element) and cls in node.get("classes", [])
