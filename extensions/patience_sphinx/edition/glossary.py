"""``ed:glossary``: the book's patience vocabulary, each term with its occurrences.

The terms and where they occur come from :mod:`patience.text.glossary`, through
the corpus; a glossary that cannot be read is a warning and a gap on the page.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from .domain import Entry, fingerprint
from .layers import glossary_for
from .._html import make, unavailable
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
        entries = make("dl", classes=["ed-glossary"])
        for term in sorted(glossary.terms, key=lambda t: t.modern.casefold()):
            entries += self.term(term)
        return [entries]

    def term(self, term):
        anchor = f"term-{term.id}"
        self.env.domains["ed"].note_object(
            "term", term.id,
            Entry(self.env.docname, anchor, term.prereform, fingerprint(term.prereform, term.english, term.definition)),
            self.get_location(),
        )
        head = make("dt", ids=[anchor])
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
        places = make("p", nodes.Text(f"Occurs in {len(term.passage_ids)} passage{'s' if len(term.passage_ids) > 1 else ''}: "),
                      classes=["ed-term-occurrences"])
        for index, passage_id in enumerate(term.passage_ids):
            places += nodes.Text(", " if index else "")
            places += xref(self, "passage", passage_id, nodes.literal("", passage_id))
        body += places
        return [head, body]
