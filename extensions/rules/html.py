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


def _pass(self, node: tag) -> None:
    pass


def register(app) -> None:
    other = (_pass, _pass)
    app.add_node(tag, html=(_visit, _depart), text=other, latex=other, man=other, texinfo=other)
