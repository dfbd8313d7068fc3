"""``ed:departures [GAME]``: the Russian against Cadogan's English, from ``departures.yaml``.

With a game, its section on the game page: what survives of the English, each point
where the Russian departs from it (with, where the difference changes play, the games
that play both readings and the measured effect: :mod:`.effects`), and the editorial
notes that settle a doubtful reading. Each departure and reading is an object of the ``ed`` domain
(``{ed:departure}`sultan.redeals```), its passages link back to it, and it links to
the clauses it concerns, which link back in turn (:func:`concerning`). Without a
game, a table of every departure, each linking to its game's page.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .._html import make, unavailable
from .._logging import warn_edition as warn
from .domain import Entry, edition_domain, fingerprint
from .effects import effect_block, measured_effects
from .games import passage_ref
from .refs import xref
from .source import edition_for

PLAY = {"changes": "changes how the game plays", "same": "does not change play",
        "uncertain": "may change play (the English is incomplete)"}
SPEC = {"russian": "the Russian", "english": "the English", "neither": "neither (the engine does not model it)"}
EXTENT = {"complete": "survives whole", "partial": "survives in part", "none": "is not available"}


def concerning(env, clause_name: str) -> list[tuple[str, str]]:
    """The departures and readings that concern a clause (``game.clause``), as (objtype, id)."""
    edition = edition_for(env)
    if edition is None:
        return []
    found = [("departure", d.id) for d in edition.collation.departures if clause_name in d.clauses]
    return found + [("reading", r.id) for r in edition.collation.readings if clause_name in r.clauses]


class Departures(SphinxDirective):
    optional_arguments = 1

    def run(self):
        edition = edition_for(self.env, self.get_location())
        if edition is None:
            return [unavailable("The text of the edition could not be read (see the build log).")]
        if not self.arguments:
            return [self.table(edition), self.readings_list(edition)]
        game = self.arguments[0]
        try:
            edition.game(game)
        except KeyError:
            warn("dangling", f"ed:departures: no game {game!r} in the edition", self.get_location())
            return [unavailable(f"No game {game}.")]
        departures, readings = edition.collation.of_game(game)
        english = next(e for e in edition.collation.english if e.game == game)
        found = measured_effects(self, departures) if any(d.played for d in departures) else {}
        box = make("div", classes=["ed-departures"], ids=[f"departures-{game}"])
        box += self.english(english)
        for departure in departures:
            box += self.departure(departure)
            if departure.id in found:
                box[-1] += effect_block(self, departure, found[departure.id])
        if readings:
            box += make("h3", nodes.Text("Readings settled"), classes=["ed-departures-heading"])
            for reading in readings:
                box += self.reading(reading)
        return [box]

    def english(self, english) -> nodes.Node:
        edition = f" ({english.edition} edition)" if english.edition else ""
        return make("p", make("strong", nodes.Text(f"Cadogan's English{edition} {EXTENT[english.extent]}. ")),
                    nodes.Text(english.note), classes=["ed-english-extent"])

    def declare(self, objtype: str, item, anchor: str, *version) -> None:
        domain = edition_domain(self.env)
        domain.note_object(objtype, item.id, Entry(self.env.docname, anchor, item.id, fingerprint(*version)),
                           self.get_location())
        for passage_id in item.passages:
            domain.note_backlink(self.env.docname, ("passage", passage_id), (objtype, item.id))

    def departure(self, d) -> nodes.Node:
        anchor = f"departure-{d.id}"
        self.declare("departure", d, anchor, d)
        block = make("div", classes=["ed-departure", f"ed-play-{d.play}"], ids=[anchor])
        block += make("p", make("a", nodes.literal("", d.id), href=f"#{anchor}", classes=["ed-permalink"]),
                      nodes.Text(f" {d.topic}"), classes=["ed-departure-head"])
        block += self.said("The Russian", d.russian, d.words_ru, "language-ru-petr1708")
        block += self.said("The English", d.english, d.words_en, "language-en")
        block += make("p", make("strong", nodes.Text("Play: ")), nodes.Text(PLAY[d.play] + ". "),
                      make("strong", nodes.Text("The spec follows ")), nodes.Text(SPEC[d.spec] + ": "),
                      nodes.Text(d.why), classes=["ed-departure-decision"])
        block += self.links(d.passages, d.clauses, d.variant)
        return block

    def said(self, who: str, what: str, words: str | None, language: str) -> nodes.Node:
        line = make("p", make("strong", nodes.Text(f"{who}: ")), nodes.Text(what), classes=["ed-departure-says"])
        if words:
            line += nodes.Text(" (")
            line += make("q", nodes.Text(words), classes=[language])
            line += nodes.Text(")")
        return line

    def links(self, passages, clauses, variant=None) -> nodes.Node:
        line = make("p", nodes.Text("Passages: "), classes=["ed-departure-links"])
        for index, passage_id in enumerate(passages):
            line += nodes.Text(", " if index else "")
            line += passage_ref(passage_id, self)
        if clauses:
            line += nodes.Text(". Clauses: ")
            for index, clause in enumerate(clauses):
                line += nodes.Text(", " if index else "")
                line += xref(self, "clause", clause, nodes.literal("", clause))
        if variant:
            line += nodes.Text(". Played as the variant ")
            line += nodes.literal("", variant)
        line += nodes.Text(".")
        return line

    def reading(self, r) -> nodes.Node:
        anchor = f"reading-{r.id}"
        self.declare("reading", r, anchor, r)
        block = make("div", classes=["ed-reading"], ids=[anchor], role="note")
        block += make("p", make("a", nodes.literal("", r.id), href=f"#{anchor}", classes=["ed-permalink"]),
                      nodes.Text(" "), make("strong", nodes.Text(f"Editorial note: {r.title}")), classes=["ed-reading-head"])
        block += make("p", make("strong", nodes.Text("Decision: ")), nodes.Text(r.decision), classes=["ed-reading-decision"])
        evidence = nodes.bullet_list(classes=["ed-reading-evidence"])
        for item in r.evidence:
            evidence += nodes.list_item("", nodes.paragraph("", item))
        block += make("p", make("strong", nodes.Text("Evidence:")))
        block += evidence
        if r.inference:
            block += make("p", make("strong", nodes.Text("Inference, not proof: ")), nodes.Text(r.inference),
                          classes=["ed-reading-inference"])
        block += self.links(r.passages, r.clauses)
        if r.departures:
            line = make("p", nodes.Text("Departures: "), classes=["ed-departure-links"])
            for index, departure in enumerate(r.departures):
                line += nodes.Text(", " if index else "")
                line += xref(self, "departure", departure, nodes.literal("", departure))
            block += line
        return block

    def table(self, edition) -> nodes.Node:
        table = nodes.table(classes=["ed-departures-table"])
        group = nodes.tgroup(cols=5)
        table += group
        for width in (18, 14, 30, 14, 14):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        head += self.row(["Departure", "Passages", "Topic", "Play", "The spec follows"])
        body = nodes.tbody()
        group += body
        for d in edition.collation.departures:
            link = xref(self, "departure", d.id, nodes.literal("", d.id))
            passages = nodes.paragraph()
            for index, passage_id in enumerate(d.passages):
                passages += nodes.Text(", " if index else "")
                passages += passage_ref(passage_id, self)
            body += self.row([nodes.paragraph("", "", link), passages, d.topic, d.play, SPEC[d.spec].split(" (")[0]])
        return table

    def readings_list(self, edition) -> nodes.Node:
        """The settled readings, each linking to its editorial note on the game's page."""
        box = make("div", classes=["ed-readings-list"])
        box += make("p", make("strong", nodes.Text("Readings settled, with their evidence, on the game pages:")))
        items = nodes.bullet_list()
        for r in edition.collation.readings:
            items += nodes.list_item("", nodes.paragraph("", "", xref(self, "reading", r.id, nodes.literal("", r.id)),
                                                         nodes.Text(f": {r.title}.")))
        box += items
        return box

    @staticmethod
    def row(cells) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += cell if isinstance(cell, nodes.Node) else nodes.paragraph("", str(cell))
            row += entry
        return row
