"""``ed:game GAME``: what survives of a game, what is lost, how it was identified."""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from .._html import make, unavailable
from .._logging import warn_edition as warn
from .domain import Entry, edition_domain, fingerprint
from .refs import xref
from .source import edition_for


class GameSummary(SphinxDirective):
    required_arguments = 1
    option_spec: dict = {}

    def run(self):
        edition = edition_for(self.env, self.get_location())
        if edition is None:
            return [unavailable("The text of the edition could not be read (see the build log).")]
        try:
            game = edition.game(self.arguments[0])
        except KeyError:
            warn("dangling", f"no game {self.arguments[0]!r} in the edition", self.get_location())
            return [unavailable(f"No game {self.arguments[0]!r}.")]
        anchor = f"game-{game.id}"
        edition_domain(self.env).note_object(
            "game", game.id, Entry(self.env.docname, anchor, game.title_en, fingerprint(game), game.order, game.id),
            self.get_location(),
        )
        box = make("div", classes=["ed-game"], ids=[anchor])
        box += index_entry(self.env.docname, game.title_en, anchor)
        facts = nodes.field_list()
        facts += field("Russian title", russian_title(game))
        facts += field("Identification", [nodes.Text(game.identification)])
        facts += field("Passages", [nodes.Text(f"{len(game.passage_ids)}, from "), passage_ref(game.passage_ids[0], self),
                                    nodes.Text(" to "), passage_ref(game.passage_ids[-1], self)])
        box += facts
        if game.lacunae:
            box += nodes.paragraph("", "What the fragments lack:", classes=["ed-lacunae-title"])
            lost = nodes.bullet_list(classes=["ed-lacunae"])
            for lacuna in game.lacunae:
                lost += nodes.list_item("", nodes.paragraph("", lacuna))
            box += lost
        return [box]


def russian_title(game):
    if game.title_ru:
        shown = make("span", nodes.Text(f"«{game.title_ru}»"), classes=["language-ru-petr1708"])
        return [shown, nodes.Text(f" (from {game.title_source})" if game.title_source else "")]
    return [nodes.Text("lost")]


def field(name, body):
    return nodes.field("", nodes.field_name("", name), nodes.field_body("", nodes.paragraph("", "", *body)))


def passage_ref(passage_id, directive):
    return xref(directive, "passage", passage_id, nodes.literal("", passage_id))


def index_entry(docname, title, anchor):
    return addnodes.index(entries=[("single", f"{title} (game)", anchor, "", None)])
