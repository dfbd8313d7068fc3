"""What the translation did to the games, in the pages: a departure's two readings, the
games that play them, and the measured effect (:mod:`patience.readings`).

Beside each departure that changes play, on its game's page (``ed:departures GAME``),
and on the page "What the translation changed" (``ed:translation-effects``), one row
per such departure: the Russian passage and words, the English fact, the reading the
edition follows and why, and the two win rates with their 95% intervals as a chart,
read from the statistics table. A departure with no stored results says so: "not yet
measured", with the reason.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .._html import make, unavailable
from .games import passage_ref
from .refs import xref
from .source import edition_for

SPEC = {"russian": "the Russian", "english": "Cadogan's English", "neither": "neither"}


def measured_effects(directive: SphinxDirective, departures) -> dict:
    """Departure id → its :class:`patience.readings.Effect`, from the stored table; the
    page is rebuilt when the table changes."""
    from patience.readings import effects
    from patience.stats import table

    directive.env.note_dependency(str(table.TABLE))
    return {item.departure: item for item in effects(departures)}


def effect_block(directive: SphinxDirective, departure, effect) -> nodes.Node:
    """The games that play the two readings and the measured effect, or why it is not."""
    from patience.readings.chart import describe, effect_svg

    box = make("div", classes=["ed-effect"])
    line = make("p", make("strong", nodes.Text("Played both ways: ")), classes=["ed-effect-played"])
    for index, reading in enumerate(("russian", "english")):
        line += nodes.Text("; " if index else "")
        line += nodes.Text(f"{SPEC[reading]} by ")
        line += nodes.literal("", effect.played[reading])
        if departure.spec == reading:
            line += nodes.Text(" (the edition's reading)")
    line += nodes.Text(".")
    box += line
    if not effect.measured:
        box += make("p", make("strong", nodes.Text("Not yet measured: ")), nodes.Text(f"{effect.missing}."),
                    classes=["ed-effect-unmeasured"])
        return box
    ident = f"effect-{departure.id.replace('.', '-')}-{directive.env.new_serialno('effect')}"
    box += nodes.raw("", f'<figure class="ed-effect-figure">{effect_svg(effect, ident)}</figure>', format="html")
    words = make("p", make("strong", nodes.Text("Measured: ")), classes=["ed-effect-measured"])
    words += nodes.Text("; ".join(describe(reading, effect.rate_of(reading)) for reading in ("russian", "english")))
    apart = "apart: the readings play differently" if effect.separate else "not apart: no difference is shown"
    words += nodes.Text(f". The two intervals are {apart}.")
    box += words
    return box


class TranslationEffects(SphinxDirective):
    """``ed:translation-effects``: one row per departure whose two readings are played."""

    def run(self):
        edition = edition_for(self.env, self.get_location())
        if edition is None:
            return [unavailable("The text of the edition could not be read (see the build log).")]
        changing = [d for d in edition.collation.departures if d.played]
        found = measured_effects(self, changing)
        rows = make("div", classes=["ed-effects"])
        for departure in changing:
            rows += self.row(departure, found[departure.id])
        return [rows]

    def row(self, departure, effect) -> nodes.Node:
        row = make("section", classes=["ed-effect-row"], ids=[f"effect-{departure.id.replace('.', '-')}"])
        head = make("p", xref(self, "departure", departure.id, nodes.literal("", departure.id)),
                    nodes.Text(f": {departure.topic}"), classes=["ed-effect-head"])
        row += head
        sides = make("div", classes=["ed-effect-sides"])
        russian = make("div", make("p", make("strong", nodes.Text("The Russian "))), classes=["ed-effect-side"])
        for index, passage_id in enumerate(departure.passages):
            russian[0] += nodes.Text(", " if index else "(")
            russian[0] += passage_ref(passage_id, self)
        russian[0] += nodes.Text("): ")
        russian[0] += nodes.Text(departure.russian)
        if departure.words_ru:
            russian += make("p", make("q", nodes.Text(departure.words_ru), classes=["language-ru-petr1708"]))
        english = make("div", make("p", make("strong", nodes.Text("Cadogan's English: ")),
                                   nodes.Text(departure.english)), classes=["ed-effect-side"])
        if departure.words_en:
            english += make("p", make("q", nodes.Text(departure.words_en), classes=["language-en"]))
        sides += [russian, english]
        row += sides
        row += make("p", make("strong", nodes.Text("Our reading: ")),
                    nodes.Text(f"the specification follows {SPEC[departure.spec]}. {departure.why}"),
                    classes=["ed-effect-decision"])
        row += effect_block(self, departure, effect)
        return row
