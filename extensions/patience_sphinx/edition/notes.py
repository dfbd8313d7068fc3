"""``ed:notes``: every note of the book, its text and every place that cites it.

A note cited by a surviving marker links back to that passage; a note whose
marker is lost says that its attachment is inferred, and why; a marker whose
note is not in the fragments says that too.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .._html import make, unavailable
from .apparatus import reading_nodes
from .domain import Entry, edition_domain, fingerprint
from .games import passage_ref
from .layers import english_layer
from .refs import xref
from .source import corpus_for, note_english


class NotesList(SphinxDirective):
    def run(self):
        corpus = corpus_for(self.env, self.get_location())
        if corpus is None:
            return [unavailable("The text of the edition could not be read (see the build log).")]
        edition = corpus.edition
        self.english = english_layer(corpus, self.get_location())
        note_english(self.env, [edition.passage(n.passage_id) for n in edition.notes.values() if n.passage_id])
        box = make("div", classes=["ed-notes"])
        for _, note in sorted(edition.notes.items()):
            box += self.note(edition, note)
        return [box]

    def note(self, edition, note):
        anchor = f"note-{note.number}"
        text = edition.passage(note.passage_id) if note.passage_id else None
        edition_domain(self.env).note_object(
            "note", str(note.number),
            Entry(self.env.docname, anchor, f"note {note.number}",
                  fingerprint(note.passage_id, note.cited_by, note.games, note.inferred, text and text.reading)),
            self.get_location(),
        )
        item = make("div", classes=["ed-note"] + (["ed-inferred"] if note.inferred else []), ids=[anchor])
        item += make("p", make("strong", nodes.Text(f"Note {note.number}")), classes=["ed-note-head"])
        if text is not None:
            texts = make("div", classes=["ed-note-texts"])
            texts += make("p", *reading_nodes(self, text, scope="list-"), classes=["ed-note-text", "language-ru-petr1708"])
            texts += make("p", nodes.Text(self.english_of(text)), classes=["ed-note-english", "language-en"])
            item += texts
            item += make("p", nodes.Text("Text: passage "), passage_ref(text.id, self), classes=["ed-note-source"])
        else:
            item += make("p", nodes.Text("The text of this note is not in the fragments."), classes=["ed-note-lost"])
        item += self.attachment(note)
        return item

    def english_of(self, passage) -> str:
        pieces = self.english.text(passage) if self.english.text else None
        return "".join(text for text, _ in pieces) if pieces else "(No English yet.)"

    def attachment(self, note):
        if note.cited_by:
            line = make("p", nodes.Text("Cited by: "), classes=["ed-backlinks"])
            for index, passage_id in enumerate(note.cited_by):
                if index:
                    line += nodes.Text(", ")
                line += make("span", nodes.Text("↩ "), aria_hidden="true")
                line += passage_ref(passage_id, self)
            return line
        line = make("p", make("strong", nodes.Text("Attachment inferred")), nodes.Text(" (no marker survives; "),
                    classes=["ed-inferred-note"])
        if note.games:
            line += nodes.Text("the book's order places it in ")
            for index, game in enumerate(note.games):
                line += nodes.Text(" or " if index else "")
                line += xref(self, "game", game, nodes.inline("", game), explicit=False)
        else:
            line += nodes.Text("none of the surviving games can be named")
        line += nodes.Text(f"). {note.reason}")
        return line
