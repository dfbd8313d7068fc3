"""An HTML element with any tag and attributes (buttons, ``aria-*``, ``data-*``).

Other builders write its children only, so the words survive without the interface.
"""

from __future__ import annotations

from docutils import nodes


class tag(nodes.Element, nodes.General):
    """``<name attrs>children</name>`` in HTML."""


def make(name: str, *children, classes=(), ids=(), **attrs) -> tag:
    node = tag("", *children, classes=list(classes), ids=list(ids))
    node["tag"] = name
    node["attrs"] = {key.rstrip("_").replace("_", "-"): value for key, value in attrs.items()}
    return node


def text(name: str, words: str, **options) -> tag:
    return make(name, nodes.Text(words), **options)


def _visit(self, node: tag) -> None:
    self.body.append(self.starttag(node, node["tag"], "", **node["attrs"]))


def _depart(self, node: tag) -> None:
    self.body.append(f"</{node['tag']}>")


BLOCKS = {"div", "p", "nav", "section", "figure", "figcaption", "details", "summary", "table", "tr"}
INTERFACE = {"rules-replay-controls"}  # buttons mean nothing off the web page


def _pass(self, node: tag) -> None:
    if INTERFACE & set(node["classes"]):
        raise nodes.SkipNode


def _visit_text(self, node: tag) -> None:
    _pass(self, node)
    if node["tag"] in BLOCKS:
        self.new_state(0)


def _depart_text(self, node: tag) -> None:
    if node["tag"] in BLOCKS:
        self.end_state()
    elif node["tag"] == "th":
        self.add_text(": ")
    elif "rules-card" in node["classes"]:
        self.add_text(" ")


def register(app) -> None:
    other = (_pass, _pass)
    app.add_node(tag, html=(_visit, _depart), text=(_visit_text, _depart_text), latex=other, man=other,
                 texinfo=other)
