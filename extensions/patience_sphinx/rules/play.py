"""``rules-play GAME``: any numbered deal of the game, or of one of its variants, played in
the page by the edition's own engine under Pyodide.

The page holds what is needed to show a deal at once: each game's board (the plate's
places, :func:`patience.views.plate.board`), its clauses (id, anchor on the page, what
it says), so that a move's reasons link to the clauses that allow it, and the first
position of its default deal as the engine shows it (:meth:`Session.view`), so that
Play draws the deal the moment it is pressed. The engine itself runs in a Web Worker
under Pyodide (``play.js``, ``play-worker.js``), loaded from ``_static`` (:mod:`.bundle`)
once the Play panel comes into view; nothing is fetched from another site.
"""

from __future__ import annotations

from collections.abc import Set
from typing import TypedDict

from docutils import nodes
from sphinx.domains import Domain
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from patience.session import Session, View
from patience.views import plate

from .._html import make, text
from .._logging import warn_rules as warn
from .._state import domain_of
from .example import script_json
from .specs import load

DEFAULT_DEAL = 1  # the deal Play shows at once (any other is one click away)


class ClauseLink(TypedDict):
    """A clause as a move's reasons link to it: its name on the page, its anchor, what it says."""

    name: str
    anchor: str
    says: str


class PlayGame(TypedDict):
    """A game (or variant) Play offers: its title, board, clauses; whether two play it; the first
    position of :data:`DEFAULT_DEAL`; why no move of it is ever safe (empty: safe moves may be played)."""

    title: str
    board: plate.Board
    clauses: dict[str, ClauseLink]
    players: bool
    first: View
    unsafe: list[str]


class PlayPage(TypedDict):
    """What a Play box carries (``rules/js/protocol.js`` declares the same shapes for the page;
    ``tests/rules/test_protocol.py`` compares them): the page's game, and it and its variants by id."""

    game: str
    games: dict[str, PlayGame]


class PlayDirective(SphinxDirective):
    required_arguments = 1
    option_spec: dict = {}

    def run(self):
        game_id = self.arguments[0]
        if ":" in game_id:
            warn("argument", f"rules-play takes a game, whose variants it offers too; not {game_id}",
                 self.get_location())
            return [_problem(f"Give the game ({game_id.split(':')[0]}); its variants are offered with it.")]
        loaded = load(self, game_id)
        if loaded is None:
            return [_problem(f"No Play: the rules of {game_id} could not be read.")]
        if not loaded.spec.playable:
            warn("argument", f"{game_id} cannot be played (its spec says playable: false)", self.get_location())
            return [_problem(f"{game_id} cannot be played from the fragments.")]
        games = {game_id: self.game_data(loaded, None)}
        for variant in loaded.spec.variants:
            owner = f"{game_id}:{variant.id}"
            found = load(self, owner)
            if found is not None:
                games[owner] = self.game_data(found, variant)
        pages_playing(self.env).setdefault(self.env.docname, set()).update(games)
        return [widget(game_id, games)]

    def game_data(self, loaded, variant) -> PlayGame:
        """The board and the clauses, each with the anchor the ``rules`` directive gives it."""
        game = loaded.game
        own = {clause.id for clause in variant.clauses} if variant else set()
        clauses: dict[str, ClauseLink] = {}
        for clause in game.rules.clauses:
            owner = f"{loaded.spec.game}:{variant.id}" if clause.id in own else loaded.spec.game
            clauses[clause.id] = {"name": f"{owner}.{clause.id}", "anchor": f"clause-{owner}.{clause.id}",
                                  "says": clause.says}
        title = loaded.spec.title + (f" — {variant.title}" if variant else "")
        session = Session(game, DEFAULT_DEAL)
        return {"title": title, "board": plate.board(game), "clauses": clauses,
                "players": game.rules.players is not None, "first": session.view(),
                "unsafe": session.autoplay_unsafe()}


def widget(game_id: str, games: dict[str, PlayGame]) -> nodes.Node:
    box = make("section", classes=["rules-play"], ids=[f"play-{game_id}"], aria_label="Play a deal",
               data_game=game_id)
    box += nodes.paragraph("", "Play any numbered deal here, with the edition's own engine: the same deals and "
                               "moves as ", nodes.literal("", f"patience play {game_id} NUMBER"),
                           nodes.Text(". The deal is shown at once; the engine (Python, run by Pyodide in the "
                                      "background) comes from this site."),
                           classes=["rules-play-intro"])
    start = make("div", classes=["rules-play-start"])
    start += text("button", "Play", type="button", classes=["rules-play-button"])
    box += start
    box += text("p", "Play needs JavaScript; the rules and the example above do not.",
                classes=["rules-play-status"], role="status", aria_live="polite")
    page: PlayPage = {"game": game_id, "games": games}
    data = script_json(page)
    box += nodes.raw("", f'<script type="application/json" class="rules-play-data">{data}</script>', format="html")
    return box


def _problem(message: str) -> nodes.Node:
    return nodes.error("", nodes.paragraph("", message))


class PlayRecord(Domain):
    """The games each page plays (page → game ids), for :mod:`.bundle`. Kept as a domain's data, as
    ``sphinx.ext.todo`` keeps its todos: Sphinx saves it with the environment for the next
    build, forgets a page's games when it reads the page again, and merges parallel readers'."""

    name = "rules-play"
    label = "Play"
    initial_data = {"pages": {}}
    data_version = 1

    @property
    def pages(self) -> dict[str, set[str]]:
        return self.data["pages"]

    def clear_doc(self, docname: str) -> None:
        self.pages.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict) -> None:
        self.pages.update({name: ids for name, ids in otherdata["pages"].items() if name in docnames})


def pages_playing(env: BuildEnvironment) -> dict[str, set[str]]:
    return domain_of(env, PlayRecord).pages
