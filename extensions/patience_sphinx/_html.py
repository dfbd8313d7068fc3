"""One node class for the extensions' HTML: an element with any tag and attributes.

The pages need attributes docutils has no node for (``tabindex``, ``aria-*``,
``data-*``, ``<details>``, buttons). Other builders write the children only, so
text and LaTeX output keep the words without the interface.
"""

from __future__ import annotations

from docutils import nodes


class element(nodes.Element, nodes.General):
    """``<tag attrs>children</tag>`` in HTML; its children alone elsewhere.

    Classes ``language-xx`` become ``lang="xx"`` (the docutils HTML writer does that).
    """


def make(tag: str, *children, classes=(), ids=(), **attrs) -> element:
    """An element; ``aria_label=`` becomes ``aria-label``, a trailing ``_`` (``for_``) is dropped."""
    node = element("", *children, classes=list(classes), ids=list(ids))
    node["tag"] = tag
    node["attrs"] = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    return node


def text(tag: str, words: str, **options) -> element:
    return make(tag, nodes.Text(words), **options)


def unavailable(message: str) -> nodes.paragraph:
    """What stands where content cannot be shown (the reason is in the build log or the text)."""
    return nodes.paragraph("", message, classes=["ed-unavailable"])


def visit_html(self, node: element) -> None:
    self.body.append(self.starttag(node, node["tag"], "", **node["attrs"]))


def depart_html(self, node: element) -> None:
    self.body.append(f"</{node['tag']}>")


#: Interface that means nothing off the web page: controls, labels, the cite panel.
INTERFACE = {"ed-cite", "ed-cell-label", "ed-head", "ed-tip", "ed-provenance", "rules-replay-controls"}
#: Tags that start a paragraph of their own in plain text.
BLOCKS = {"div", "p", "li", "dt", "dd", "pre", "figure", "figcaption", "details", "summary", "table", "tr", "nav",
          "section"}


def visit_other(self, node: element) -> None:
    if INTERFACE & set(node["classes"]):
        raise nodes.SkipNode


def depart_other(self, node: element) -> None:
    pass


def visit_text(self, node: element) -> None:
    visit_other(self, node)
    if node["tag"] in BLOCKS:
        self.new_state(0)


def depart_text(self, node: element) -> None:
    if node["tag"] in BLOCKS:
        self.end_state()
    elif node["tag"] == "th":
        self.add_text(": ")
    elif "rules-card" in node["classes"]:
        self.add_text(" ")


def register(app) -> None:
    """Register the node; both extensions call this, with the same visitors (hence ``override``)."""
    other = (visit_other, depart_other)
    app.add_node(element, html=(visit_html, depart_html), text=(visit_text, depart_text), latex=other, man=other,
                 texinfo=other, override=True)


def add_static_path(app, folder) -> None:
    """``builder-inited``: serve an extension's ``static/`` folder on HTML builds."""
    if app.builder.format == "html" and str(folder) not in app.config.html_static_path:
        app.config.html_static_path.append(str(folder))
