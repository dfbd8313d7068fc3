"""``ed:glossary``: the book's patience vocabulary, each term with its occurrences.

The terms and where they occur come from :mod:`patience.text.glossary`, through
the corpus; a glossary that cannot be read is a warning and a gap on the page.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from .._html import make, unavailable
from .domain import Entry, edition_domain, fingerprint
from .layers import glossary_for
from .refs import xref
from .source import corpus_for


class GlossaryList(SphinxDirective):
    def run(self):
        corpus = corpus_for(self.env, self.get_location())
        if corpus is None:
            return [unavailable("The text of the edition could not be read (see the build log).")]
        glossary = glossary_for(self.env, corpus, self.get_location())
        if glossary is None:
            return [unavailable("The glossary could not be read (see the build log).")]
        self.env.note_dependency(str(glossary.path))
        self.edition = corpus.edition
        terms = sorted(glossary.terms, key=lambda t: t.modern.casefold())
        entries = make("dl", classes=["ed-glossary"])
        for term in terms:
            entries += self.term(term)
        return [letter_index(terms), entries]

    def term(self, term):
        anchor = f"term-{term.id}"
        edition_domain(self.env).note_object(
            "term", term.id,
            Entry(self.env.docname, anchor, term.prereform, fingerprint(term.prereform, term.english, term.definition)),
            self.get_location(),
        )
        head = make("dt", ids=[anchor, f"term-{term.prereform}"])  # the second, the search page's
        head += addnodes.index(entries=[
            ("single", f"{term.prereform} (term)", anchor, "", None),
            ("single", f"{term.english} (term)", anchor, "", None),
        ])
        head += make("span", nodes.Text(term.prereform), classes=["ed-term-prereform", "language-ru-petr1708"])
        head += nodes.Text(" · ")
        head += make("span", nodes.Text(term.modern), classes=["ed-term-modern", "language-ru"])
        head += nodes.Text(" — ")
        head += make("em", nodes.Text(term.english), classes=["ed-term-english"])
        body = make("dd")
        body += make("p", nodes.Text(term.definition))
        if term.games:
            line = make("p", nodes.Text("Games: "), classes=["ed-term-games"])
            for index, game in enumerate(term.games):
                line += nodes.Text(", " if index else "")
                line += xref(self, "game", game, nodes.inline("", game), explicit=False)
            body += line
        body += self.occurrences(term)
        return [head, body]

    def occurrences(self, term):
        """Every occurrence, with a few words either side; more than a handful behind a disclosure."""
        count = len(term.occurrences)
        box = make("details", classes=["ed-term-occurrences"], **({"open": "open"} if count <= OPEN_UP_TO else {}))
        box += make("summary", nodes.Text(f"Occurs {count} time{'s' if count > 1 else ''} in "
                                          f"{len(term.passage_ids)} passage{'s' if len(term.passage_ids) > 1 else ''}"))
        items = make("ul")
        for occurrence in term.occurrences:
            reading = self.edition.passage(occurrence.passage_id).reading
            before, word, after = in_context(reading, occurrence.spans)
            item = make("li", xref(self, "passage", occurrence.passage_id, nodes.literal("", occurrence.passage_id)),
                        nodes.Text(" "))
            item += make("span", nodes.Text(before), make("strong", nodes.Text(word)), nodes.Text(after),
                         classes=["ed-context", "language-ru-petr1708"])
            items += item
        box += items
        return box


#: Terms with at most this many occurrences show them at once.
OPEN_UP_TO = 5
#: Words of context on either side of an occurrence.
CONTEXT_WORDS = 4


def in_context(text: str, spans) -> tuple[str, str, str]:
    """The words of ``spans`` (its first to its last) in ``text``, with a few words either side."""
    if not spans:
        return "", "", ""
    start, end = spans[0][0], spans[-1][1]
    before = text[:start].split(" ")[-CONTEXT_WORDS - 1 :]
    after = text[end:].split(" ")[: CONTEXT_WORDS + 1]
    lead = "… " if len(text[:start].split(" ")) > len(before) else ""
    tail = " …" if len(text[end:].split(" ")) > len(after) else ""
    return lead + " ".join(before), text[start:end], " ".join(after) + tail


def letter_index(terms):
    """А–Я: each initial of the terms' modern spelling, linked to the first term under it."""
    first: dict[str, str] = {}
    for term in terms:
        first.setdefault(term.modern[:1].upper(), term.id)
    bar = make("nav", classes=["ed-letters", "language-ru"], aria_label="Terms by initial letter")
    for letter in "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ":
        if letter in first:
            bar += make("a", nodes.Text(letter), href=f"#term-{first[letter]}")
        else:
            bar += make("span", nodes.Text(letter), classes=["ed-letter-empty"], aria_hidden="true")
        bar += nodes.Text(" ")
    return bar
