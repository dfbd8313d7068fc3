"""``rules GAME``: the game's spec on its page — every clause, every claim, every variant.

Each clause is shown in plain language (its ``says``), with links to the passages
it formalizes and its exact quotation; a conjecture is marked as such, with its
reason. Each clause and claim is an object of the edition's ``ed`` domain
(``{ed:clause}`sultan.divan```), and the passages it cites link back to it in the
parallel view (:mod:`patience_sphinx.edition.api`). Claims are run against the engine while the
page is read (:mod:`.claims`); a variant is asked the game's claims it keeps as well as its own.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from patience.cards import RANK_NAMES
from patience.claims.provenance import PROVENANCE_KEYS, RANK_KEYS
from patience_sphinx.edition.api import concerning, reference

from .._html import make, text
from .._logging import warn_rules as warn
from .blocks import conjecture, head, passage_list, provenance, record
from .claims import asked, claim_block, complain
from .specs import load

KINDS = {
    "packs": "packs", "take_out": "cards taken out", "area": "area", "foundations": "foundations",
    "deal": "the deal", "flow": "where cards may go", "build": "marriage", "spaces": "spaces",
    "deal_row": "dealing a row", "last_pass": "the last deal", "redeal": "redeal", "won": "the end",
    "arrangement": "arrangement", "deal_by_colour": "the deal, by colour", "exchange": "an exchange",
    "pair": "paired moves", "turn_up": "turning up", "players": "players",
}
STATUS = {
    "complete": "The text of the rules survives.",
    "partial": "Part of the text is lost; the gaps are filled by conjecture, marked as such.",
    "fragmentary": "Too little survives to play the game.",
}


class RulesDirective(SphinxDirective):
    """``rules GAME``: the clauses and claims of GAME's spec, then those of its variants."""

    required_arguments = 1
    option_spec: dict = {}

    def run(self):
        game_id = self.arguments[0]
        if ":" in game_id:
            base = game_id.split(":")[0]
            warn("argument", f"rules takes a game ({base}), whose variants it shows; not {game_id}", self.get_location())
            return [_problem(f"Give the game ({base}); its variants are shown with it.")]
        loaded = load(self, game_id)
        if loaded is None:
            return [_problem(f"The rules of {game_id} could not be read (see the build log).")]
        spec = loaded.spec
        box = make("div", classes=["rules"], ids=[f"rules-{spec.game}"])
        box += nodes.paragraph("", spec.summary)
        box += nodes.paragraph("", "", nodes.Text(STATUS[spec.status] + " The rules below are read from "),
                               nodes.literal("", f"patience/specs/{loaded.path.name}"),
                               nodes.Text(", the file the engine plays from."), classes=["rules-source"])
        box += self.clauses(loaded, spec.game, loaded.game.rules.clauses)
        box += self.claims(loaded, spec.game, loaded.game.rules.claims)
        for variant in spec.variants:
            box += self.variant(spec, variant, loaded)
        return [box]

    def clauses(self, loaded, owner: str, clauses) -> nodes.Node:
        listing = make("div", classes=["rules-clauses"])
        listing += text("h3", "Clauses", classes=["rules-heading"])
        for clause in clauses:
            listing += self.clause(loaded, owner, clause)
        return listing

    def claims(self, loaded, owner: str, claims) -> nodes.Node:
        listing = make("div", classes=["rules-claims"])
        if not claims:
            return listing
        listing += text("h3", "What the text states, checked against the engine", classes=["rules-heading"])
        summary = nodes.paragraph("", classes=["rules-claims-summary"])
        listing += summary
        shown = []
        for claim in claims:
            block, status = claim_block(self, loaded, owner, claim)
            listing += block
            shown.append(status)
        summary += nodes.Text(tally(shown))
        return listing

    def clause(self, loaded, owner: str, clause) -> nodes.Node:
        name = f"{owner}.{clause.id}"
        anchor = f"clause-{name}"
        classes = ["rules-clause"]
        if clause.conjecture:
            classes.append("rules-conjectural" if clause.passages and clause.conjectural else "rules-conjecture")
        block = make("div", classes=classes, ids=[anchor])
        block += head(name, anchor, KINDS.get(clause.kind, clause.kind.replace("_", " ")))
        block += nodes.paragraph("", clause.says, classes=["rules-says"])
        block += provenance(self, clause, "Formalizes")
        block += english(self, name)
        if clause.conjecture:
            block += conjecture(clause)
        block += parameters(clause)
        record(self, name, anchor, name, clause, loaded.digest)
        return block

    def inherited(self, loaded, owner: str, claims, base) -> list[nodes.Node]:
        """The game's claims a variant keeps, asked of the variant too (not shown again):
        their tally, and a ``rules.claim`` warning for one that fails in the variant
        alone (one that fails in the game too has its warning there)."""
        shown = []
        for claim in claims:
            outcome, status = asked(self, loaded, owner, claim)
            if status in ("fails", "error") and asked(self, base, base.spec.game, claim)[1] not in ("fails", "error"):
                complain(loaded, owner, claim, outcome)
            shown.append(status)
        if not claims:
            return []
        return [nodes.paragraph("", f"The game's claims above, asked of this variant too: {tally(shown)}",
                                classes=["rules-claims-inherited"])]

    def variant(self, spec, variant, base) -> nodes.Node:
        owner = f"{spec.game}:{variant.id}"
        section = make("div", classes=["rules-variant"], ids=[f"variant-{owner}"])
        section += text("h3", f"Variant: {variant.title}", classes=["rules-heading"])
        section += nodes.paragraph("", "", nodes.Text(variant.says + " "), *passage_list(self, variant.passages),
                                   nodes.Text(f" — played as {owner}."))
        loaded = load(self, owner)
        if loaded is None:
            section += _problem(f"The variant {owner} could not be compiled (see the build log).")
            return section
        if variant.drop:
            dropped = nodes.paragraph("", "Without the clauses ")
            for index, clause_id in enumerate(variant.drop):
                dropped += nodes.Text(", " if index else "")
                dropped += reference(self, "clause", f"{spec.game}.{clause_id}", nodes.literal("", f"{spec.game}.{clause_id}"))
            dropped += nodes.Text(".")
            section += dropped
        section += self.clauses(loaded, owner, variant.clauses)
        section += self.claims(loaded, owner, variant.claims)
        own = {claim.id for claim in variant.claims}
        section += self.inherited(loaded, owner, [c for c in loaded.game.rules.claims if c.id not in own], base)
        return section


def english(directive, name: str) -> list[nodes.Node]:
    """Links to the departures from Cadogan's English and the settled readings that
    concern the clause (they link back: ``ed:departures``)."""
    found = concerning(directive.env, name)
    if not found:
        return []
    line = nodes.paragraph("", "Against Cadogan's English: ", classes=["rules-english"])
    for index, (objtype, item) in enumerate(found):
        line += nodes.Text(", " if index else "")
        line += nodes.Text("settled reading " if objtype == "reading" else "departure ")
        line += reference(directive, objtype, item, nodes.literal("", item), soft=True)  # a site may lack the section
    line += nodes.Text(".")
    return [line]


def tally(statuses: list[str]) -> str:
    """``12 claims: 11 hold, 1 is contradicted by the engine.``"""
    words = {"holds": ("holds", "hold"), "contradicted": ("is contradicted by the engine", "are contradicted by the engine"),
             "not_shown": ("is not shown by the figures", "are not shown by the figures"),
             "fails": ("fails", "fail"), "error": ("cannot be run", "cannot be run")}
    parts = [f"{statuses.count(key)} {one if statuses.count(key) == 1 else many}"
             for key, (one, many) in words.items() if statuses.count(key)]
    count = len(statuses)
    return f"{count} claim{'s' if count != 1 else ''}: {', '.join(parts)}."


def parameters(clause) -> nodes.Node:
    """What the engine plays, as the spec writes it (``piles: 8 · face: up``)."""
    data = clause.model_dump(by_alias=True, exclude_defaults=True)
    shown = [f"{key}: {_value(key, value)}" for key, value in data.items() if key not in PROVENANCE_KEYS]
    return nodes.paragraph("", "", nodes.literal("", " · ".join(shown)), classes=["rules-parameters"])


def _value(key, value) -> str:
    if key in RANK_KEYS and isinstance(value, int):
        return RANK_NAMES[value - 1]
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_value(k, v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_value(key, v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _problem(message: str) -> nodes.Node:
    return nodes.error("", nodes.paragraph("", message))
