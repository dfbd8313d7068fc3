"""The parallel-text view: a game's passages, one row each, the layers side by side.

Columns: the witness (hidden until asked for), the reading text, the modern
transcription, the English translation. Every row carries the passage's
identifier as its anchor, a permalink and a "cite" panel; corrections in the
reading text are focusable marks whose tooltip gives the OCR reading and the
kind of correction; note markers link to their notes.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from patience import citation
from patience.text.model import Note
from patience.text.segmentation import NOTE_MARKER

from .._html import make, unavailable
from .._logging import warn_edition as warn
from . import cite
from .apparatus import marker_links, provenance, reading_nodes, remarks, translator_notes, witness_nodes
from .backlinks import placeholder
from .domain import Entry, edition_domain, fingerprint
from .layers import english_layer, english_term_spans, glossary_for, modern_layer, term_spans
from .source import corpus_for, note_english

READING_LANG = "language-ru-petr1708"


class ParallelText(SphinxDirective):
    """``ed:parallel GAME`` (or ``notes``): the passages of a game's page, aligned."""

    required_arguments = 1
    option_spec = {"from": directives.unchanged_required, "to": directives.unchanged_required}

    def run(self):
        corpus = corpus_for(self.env, self.get_location())
        if corpus is None:
            return [unavailable("The text of the edition could not be read (see the build log).")]
        edition = corpus.edition
        where = self.arguments[0]
        if where != "notes" and where not in {g.id for g in edition.games}:
            warn("dangling", f"no game {where!r} in the edition", self.get_location())
            return [unavailable(f"No game {where!r}.")]
        passages = self._selected(citation.passages_at(edition, where))
        if not passages:
            return [unavailable("No passages to show.")]
        layers = [modern_layer(corpus, self.get_location()), english_layer(corpus, self.get_location())]
        notes = cited_notes(edition, passages) if where != "notes" else []
        note_english(self.env, [*passages, *(edition.passage(n.passage_id) for n in notes if n.passage_id)])
        self.glossary = glossary_for(self.env, corpus, self.get_location())
        title = "the notes section" if where == "notes" else edition.game(where).title_en
        view = make("div", classes=["ed-parallel"], ids=[f"parallel-{where}"], role="table",
                    aria_label=f"Parallel text of {title}")
        view += header(layers)
        for passage in passages:
            view += self.row(edition, passage, layers)
        return [view, *endnotes(edition, notes, layers[1])]

    def _selected(self, passages):
        ids = [p.id for p in passages]
        first, last = self.options.get("from", ids[0]), self.options.get("to", ids[-1])
        for name, value in (("from", first), ("to", last)):
            if value not in ids:
                warn("argument", f":{name}: {value!r} is not a passage of this page", self.get_location())
                return []
        return passages[ids.index(first) : ids.index(last) + 1]

    def row(self, edition, passage, layers):
        domain = edition_domain(self.env)
        order = edition.passages.index(passage)
        domain.note_object(
            "passage",
            passage.id,
            Entry(self.env.docname, passage.id, passage.reading[:60], fingerprint(passage.ocr, passage.reading), order,
                  citation.home(edition, passage)),
            self.get_location(),
        )
        classes = ["ed-row", f"ed-kind-{passage.kind}"]
        if passage.corrections:
            classes.append("ed-corrected")
        row = make("div", classes=classes, ids=[passage.id], role="row")
        row += gutter(edition, passage, self.env, self.config)
        row += cell("witness", "Witness (OCR)", "language-ru-petr1708", witness_nodes(passage), provenance(passage))
        row += cell("reading", "Reading text", READING_LANG, reading_nodes(self, passage, term_spans(self.glossary, passage.id)), remarks(passage))
        for layer in layers:
            row += layer_cell(self, layer, passage)
        return row


WIDE_PAGE = "edition-wide.css"


def widen_parallel_pages(app, pagename, templatename, context, doctree) -> None:
    """Link ``edition-wide.css`` from a page that holds a parallel view (html-page-context:
    Sphinx then adds the file to this page alone)."""
    if doctree is not None and any("ed-parallel" in node["classes"] for node in doctree.findall(nodes.Element)):
        app.add_css_file(WIDE_PAGE)


def cited_notes(edition, passages) -> list[Note]:
    """The notes of the book that the passages' markers cite, by number."""
    numbers = sorted({int(m.group(1)) for p in passages for m in NOTE_MARKER.finditer(p.reading)})
    return [edition.notes[n] for n in numbers if n in edition.notes]


def endnotes(edition, notes: list[Note], english):
    """The notes a game's passages cite, in Russian and English: printed at the end of the game."""
    if not notes:
        return []
    box = make("div", classes=["ed-endnotes", "no-search"])
    box += make("p", make("strong", nodes.Text("Notes")))
    for note in notes:
        text = edition.passage(note.passage_id) if note.passage_id else None
        item = make("p", make("strong", nodes.Text(f"{note.number}. ")))
        if text is None:
            item += nodes.Text("The text of this note is not in the fragments.")
        else:
            item += make("span", nodes.Text(text.reading), classes=["language-ru-petr1708"])
            pieces = english.text(text) if english.text else None
            if pieces:
                item += nodes.Text(" — ")
                item += make("span", nodes.Text("".join(t for t, _ in pieces)), classes=["language-en"])
        box += item
    return [box]


def header(layers):
    head = make("div", classes=["ed-row", "ed-head", "no-search"], role="row")
    head += make("div", nodes.Text("Passage"), classes=["ed-gutter"], role="columnheader")
    titles = [("witness", "Witness (OCR)"), ("reading", "Reading text")] + [(layer.key, layer.title) for layer in layers]
    for key, title in titles:
        head += make("div", nodes.Text(title), classes=["ed-cell", f"ed-{key}"], role="columnheader")
    return head


def cell(key, title, lang_class, children, extra=(), missing=False):
    body = make("div", classes=["ed-cell", f"ed-{key}"] + (["ed-missing"] if missing else []), role="cell")
    body += make("span", nodes.Text(title), classes=["ed-cell-label", "no-search"], aria_hidden="true")
    body += make("div", *children, classes=["ed-text", lang_class])
    body.extend(extra)
    return body


def layer_cell(directive, layer, passage):
    lang = f"language-{layer.lang}"
    pieces = layer.text(passage) if layer.text else None
    if pieces is None:
        message = layer.missing or f"No {layer.title.lower()} for this passage yet."
        return cell(layer.key, layer.title, "language-en", [nodes.Text(message)], missing=True)
    children = []
    terms = []
    if layer.key == "english":  # its renderings of the passage's glossary terms link to their entries
        terms = english_term_spans(directive.glossary, passage.id, "".join(text for text, _ in pieces))
    offset = 0
    for text, change in pieces:
        if change is None:
            children.extend(marker_links(directive, passage, text, terms, offset))
        else:
            children.append(make("span", nodes.Text(text), classes=["ed-reg"],
                                 title=f"{change.original} → {text} ({', '.join(change.rules)})"))
        offset += len(text)
    changes = [change for _, change in pieces if change is not None]
    notes = layer.notes(passage) if layer.notes else []
    return cell(layer.key, layer.title, lang, children, change_list(changes) + translator_notes(notes))


def change_list(changes):
    """Every respelling of a passage with the rules that made it, behind a disclosure."""
    if not changes:
        return []
    box = make("details", classes=["ed-changes", "no-search", "language-en"])
    box += make("summary", nodes.Text(f"{len(changes)} spelling change{'s' if len(changes) > 1 else ''}"))
    items = make("ul")
    for change in changes:
        items += make("li", make("span", nodes.Text(change.original), classes=["language-ru-petr1708"]),
                      nodes.Text(" → "), make("span", nodes.Text(change.regularised), classes=["language-ru"]),
                      nodes.Text(f" ({', '.join(change.rules)})"))
    box += items
    return [box]


def gutter(edition, passage, env, config):
    side = make("div", classes=["ed-gutter", "no-search"], role="rowheader")
    side += make("a", nodes.Text(passage.id), classes=["ed-permalink"], href=f"#{passage.id}",
                 title=f"Permalink to passage {passage.id}")
    side += cite.panel(passage.id)
    side += placeholder("passage", passage.id)
    return side
