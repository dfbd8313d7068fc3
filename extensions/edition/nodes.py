"""One node class for the edition's HTML: an element with a tag and attributes.

The parallel view needs attributes docutils has no node for (``tabindex``,
``aria-*``, ``data-*``, ``<details>``). Other builders render the children only,
so text and LaTeX output keep the words without the interface.
"""

from __future__ import annotations

from docutils import nodes


class element(nodes.Element, nodes.General):
    """``<tag attrs>children</tag>`` in HTML; its children alone elsewhere.

    Classes ``language-xx`` become ``lang="xx"`` (the docutils HTML writer does that).
    """


def make(tag: str, *children, classes=(), ids=(), **attrs) -> element:
    node = element("", *children, classes=list(classes), ids=list(ids))
    node["tag"] = tag
    node["attrs"] = {name.replace("_", "-"): value for name, value in attrs.items()}
    return node


def unavailable(message: str) -> nodes.paragraph:
    """What stands where content cannot be shown (the reason is in the build log or the text)."""
    return nodes.paragraph("", message, classes=["ed-unavailable"])


def visit_html(self, node: element) -> None:
    self.body.append(self.starttag(node, node["tag"], "", **node["attrs"]))


def depart_html(self, node: element) -> None:
    self.body.append(f"</{node['tag']}>")


def visit_other(self, node: element) -> None:
    pass


def depart_other(self, node: element) -> None:
    pass


def register(app) -> None:
    other = (visit_other, depart_other)
    app.add_node(element, html=(visit_html, depart_html), latex=other, text=other, man=other, texinfo=other)
