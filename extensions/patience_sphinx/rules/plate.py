"""``rules-plate GAME``: the game's lost plate, redrawn from its spec (:mod:`patience.views.plate`).

The SVG is inline, scalable, and carries its text alternative (``<title>``,
``<desc>``, ``role="img"``); the caption links the book's surviving caption of
the plate (the passage ``GAME.plate``) where there is one.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from patience.datafile import DataFileError
from patience.text import load_edition
from patience.views import plate
from patience_sphinx.edition.api import reference

from .._html import make
from .._logging import warn_rules as warn
from .specs import Loaded, load


class PlateDirective(SphinxDirective):
    required_arguments = 1
    option_spec: dict = {}

    def run(self):
        game_id = self.arguments[0]
        loaded = load(self, game_id)
        if loaded is None:
            return [nodes.error("", nodes.paragraph("", f"No plate: the rules of {game_id} could not be read."))]
        if not loaded.spec.playable:
            warn("argument", f"{game_id} cannot be played (its spec says playable: false), so it has no layout "
                             "to draw", self.get_location())
            return [nodes.error("", nodes.paragraph("", f"No plate: {game_id} cannot be played from the fragments."))]
        ident = f"plate-{game_id.replace(':', '-')}"
        figure = make("figure", classes=["rules-plate"], ids=[ident])
        figure += nodes.raw("", plate.svg(loaded.game, f"{ident}-svg"), format="html")
        figure += make("figcaption", *self.caption(loaded))
        return [figure]

    def caption(self, loaded: Loaded) -> list[nodes.Node]:
        words: list[nodes.Node] = [nodes.strong("", f"{loaded.spec.title}: the plate, redrawn. "),
                 nodes.Text("The book's plate is lost; this drawing is made from the rule specification's "
                            "layout at the start of play — each area with its Russian and English name, the "
                            "foundation cards the rules fix, and the number of cards in each pile. ")]
        reconstruction = plate.reconstruction(loaded.game)
        if reconstruction:
            words.append(nodes.emphasis("", reconstruction + " "))
        passage_id = f"{loaded.spec.game}.plate"
        if self._survives(passage_id):
            words += [nodes.Text("The book's caption survives: "),
                      reference(self, "passage", passage_id, nodes.literal("", passage_id)), nodes.Text(". ")]
        words += [nodes.Text("Print it with "), nodes.literal("", f"patience plate {loaded.game.id}"), nodes.Text(".")]
        return words

    def _survives(self, passage_id: str) -> bool:
        source = self.config.edition_source_texts or None
        try:
            return passage_id in {p.id for p in load_edition(source).passages}
        except (DataFileError, OSError):  # the edition extension reports it; the plate stands without a link
            return False
