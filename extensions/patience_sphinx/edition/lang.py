"""Russian outside the parallel columns declares its language.

A page's language is English; every run of Cyrillic text that no element with a
``language-*`` class already covers gets one: ``ru-petr1708`` when it has a
letter or ending the 1917–18 reform removed, ``ru`` otherwise. Screen readers
then read it as Russian, and the font declared for ``ru-petr1708`` applies.
"""

from __future__ import annotations

import re

from docutils import nodes

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


def register(app) -> None:
    app.connect("doctree-resolved", mark)
