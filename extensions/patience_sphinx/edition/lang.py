"""Russian outside the parallel columns declares its language.

A page's language is English; every run of Cyrillic text that no element with a
``language-*`` class already covers gets one: ``ru-petr1708`` when it has a
letter or ending the 1917–18 reform removed, ``ru`` otherwise. Screen readers
then read it as Russian, and the font declared for ``ru-petr1708`` applies.

What the theme writes outside the page's text declares it too: the site's title in the
header and the sidebar, the page's own table of contents (:func:`page_context`), and
the indices, which the theme writes from their entries (:func:`mark_indices`). The
``<title>`` element alone cannot: it holds text only, in the page's language.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from docutils import nodes
from markupsafe import Markup

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
PREREFORM = re.compile(r"[ѣѢіІѳѲѵѴ]|[бвгджзклмнпрстфхцчшщ]ъ\b", re.IGNORECASE)
#: A word with a Cyrillic letter, Latin letters or digits inside it too (the OCR's mixed
#: scripts, «КОНСТИТУЦIЯ»).
WORD = r"\w*[\u0400-\u04FF]\w*"
#: A run of Russian: such words and what stands between them (spaces, punctuation, digits,
#: the slash of an OCR reading such as «Разло/кнвши»).
RUN = re.compile(rf"{WORD}(?:[\s\d.,;:!?/\-–—'’«»()]*{WORD})*")
#: Elements whose text cannot be split into spans; they take the class themselves.
WHOLE = (nodes.literal_block, nodes.raw, nodes.literal, nodes.math, nodes.title_reference)


def language_of(text: str) -> str:
    return "ru-petr1708" if PREREFORM.search(text) else "ru"


def _covered(node) -> bool:
    """Whether the nearest element declaring a language declares Russian."""
    while node is not None:
        declared = [c for c in node.get("classes", ()) if c.startswith("language-")]
        if declared:
            return declared[0].startswith("language-ru")
        node = node.parent
    return False


def mark(app, doctree, docname) -> None:
    if app.builder.format != "html":
        return
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or not CYRILLIC.search(text) or _covered(parent):
            continue
        if isinstance(parent, WHOLE):
            parent["classes"].append(f"language-{language_of(parent.astext())}")
        elif isinstance(parent, (nodes.TextElement, nodes.Inline)) or parent.tagname == "element":
            parent.replace(text, runs(str(text)))


def runs(text: str) -> list[nodes.Node]:
    """``text`` with each run of Russian words in a span that declares its language."""
    pieces, cursor = [], 0
    for match in RUN.finditer(text):
        if match.start() > cursor:
            pieces.append(nodes.Text(text[cursor : match.start()]))
        pieces.append(nodes.inline("", match.group(), classes=[f"language-{language_of(match.group())}"]))
        cursor = match.end()
    if cursor < len(text):
        pieces.append(nodes.Text(text[cursor:]))
    return pieces


def html_runs(text: str) -> str:
    """``text`` as HTML, each run of Russian words in a ``<span lang>``."""
    pieces, cursor = [], 0
    for match in RUN.finditer(text):
        pieces.append(html.escape(text[cursor : match.start()], quote=False))
        pieces.append(f'<span lang="{language_of(match.group())}">{html.escape(match.group(), quote=False)}</span>')
        cursor = match.end()
    pieces.append(html.escape(text[cursor:], quote=False))
    return "".join(pieces)


#: A run of text between two tags (never inside a tag, so never in an attribute), unless
#: the tag before it is a span this module wrote.
TEXT_BETWEEN_TAGS = re.compile(r'(?<!<span lang="ru")(?<!<span lang="ru-petr1708")>([^<>]*[\u0400-\u04FF][^<>]*)<')


def mark_fragment(fragment: str) -> str:
    """An HTML fragment whose Russian text (between tags) is marked with its language."""
    return TEXT_BETWEEN_TAGS.sub(lambda m: ">" + html_runs(html.unescape(m.group(1))) + "<", fragment)


def page_context(app, pagename, templatename, context, doctree) -> None:
    """The site's title (header, sidebar) and the page's table of contents, marked."""
    if CYRILLIC.search(context.get("docstitle") or ""):
        context["docstitle"] = Markup(html_runs(context["docstitle"]))
    if CYRILLIC.search(context.get("toc") or ""):
        context["toc"] = Markup(mark_fragment(str(context["toc"])))


#: The pages the theme writes from index entries, not from a doctree.
INDEX_PAGES = ("genindex.html", "ed-passages.html", "ed-terms.html")


def mark_indices(app, exception) -> None:
    """After the build: the Russian of the indices' entries and letters, marked in their articles."""
    if exception is not None or app.builder.format != "html":
        return
    for name in INDEX_PAGES:
        path = Path(app.outdir) / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        start, end = text.find("<article"), text.rfind("</article>")
        if start < 0 or end < start:
            continue
        path.write_text(text[:start] + mark_fragment(text[start:end]) + text[end:], encoding="utf-8")


def register(app) -> None:
    app.connect("doctree-resolved", mark)
    app.connect("html-page-context", page_context)
    app.connect("build-finished", mark_indices)
