"""Why a move is allowed or refused, in the spec's clause ids and in plain English.

:func:`reasons` names, for a legal move, the clauses that permit it: the clause that
lets a card go from its pile to the target (a ``flow`` or ``exchange``, ``pair``,
``turn_up``, ``deal_row``, ``redeal``) and the clause that makes the target take the
card (``foundations``, ``build`` — marriage, марьяжъ —, ``spaces``, or the area's
own clause, as for a talon or a coloured row). :func:`refusal` names, for an illegal
move, the clause that forbids it (``None`` where no clause speaks, e.g. when no flow
joins the two piles) and says why in one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience.cards import RANK_NAMES_EN, SUIT_NAMES, card_name, is_red, parse_suit, rank_of, suit_of
from patience.engine import actions, compulsory
from patience.engine.rules import STOCK, matches, progress_since_redeal
from patience.engine.state import Move, State

if TYPE_CHECKING:
    from patience.engine.game import Game

Refusal = tuple[str | None, str]


def reasons(game: Game, state: State, move: Move) -> list[str]:
    """The ids of the clauses that allow the legal ``move``, in a stable order."""
    rules = game.rules
    if move.kind == "deal_row":
        found = [rules.deal_row.id] if rules.deal_row else []
        if game.last_pass(state) and rules.last_pass:
            found.append(rules.last_pass.id)
    elif move.kind == "redeal":
        found = [rules.redeal.id] if rules.redeal else []
    elif move.kind == actions.TURN_UP:
        found = [next(c.id for c in rules.turn_ups if rules.pile_area[move.src] in c.source)]
    elif move.kind == actions.PAIR:
        found = [_pair_clause(rules, move.src).id]
        found += _takes(game, state, move.dst, move.card) + _takes(game, state, move.dst2, move.card2)
    elif move.kind == actions.PAIR_AHEAD:
        found = [_pair_clause(rules, move.src).id]
    else:
        flow = next(f for f in game.routes if _follows(game, state, f, move))
        found = [flow.clause, *_takes(game, state, move.dst, move.card)]
    if rules.players is not None:
        found.append(rules.players.id)
    return list(dict.fromkeys(found))


def _pair_clause(rules, src: int):
    """The pair clause whose groups hold the pile ``src`` (None if none does)."""
    if not 0 <= src < len(rules.pile_area):
        return None
    area = rules.pile_area[src]
    return next((clause for clause in rules.pairs if area in clause.source[0] + clause.source[1]), None)


def _follows(game: Game, state: State, flow, move: Move) -> bool:
    """Whether the one-card ``move`` goes along the compiled ``flow`` and is taken."""
    cards = state.piles[move.src]
    return (move.src in flow.sources and move.dst in flow.targets and game.flow_open(state, flow.condition)
            and (flow.any_card or cards[-1] == move.card)
            and game.accepts(state, move.dst, move.card, flow.source))


def _takes(game: Game, state: State, pile: int, card: int) -> list[str]:
    """The clauses that make ``pile`` take ``card``."""
    rules = game.rules
    area = rules.areas[rules.pile_area[pile]]
    if area.role == "foundation":
        return [rules.foundation[pile].clause]
    if area.role in ("talon", "aside") or area.colour is not None:
        return [area.clause] if area.clause else []
    if not state.piles[pile]:
        return [rules.spaces[area.name].id]
    return [rules.builds[area.name].id]


# -- refusals ------------------------------------------------------------------------------------
def refusal(game: Game, state: State, move: Move) -> Refusal:
    """(the forbidding clause's id or None, one line of why); ``(None, "")`` if legal."""
    if game.is_legal(state, move):
        return None, ""
    rules = game.rules
    waiting = compulsory.waiting(game, state, move)
    if waiting is not None:
        return waiting
    if move.kind == "deal_row":
        return _deal_row_refusal(game, state)
    if move.kind == "redeal":
        return _redeal_refusal(game, state)
    if move.kind in actions.KINDS:
        return _action_refusal(game, state, move)
    if move.kind != "move":
        return None, f"there is no kind of move called {move.kind!r}"
    if not (0 <= move.src < len(state.piles) and 0 <= move.dst < len(state.piles)):
        return None, "no such pile"
    if move.card not in state.piles[move.src]:
        return None, f"{_card(move.card)} is not in the {rules.pile_name(move.src)}"
    if move.src == move.dst:
        return None, "a card cannot move onto its own pile"
    if rules.players is not None:
        player = actions.player_to_move(game, state) or 0  # never None in a game of two
        if actions.owner(rules, move.src) != player:
            return rules.players.id, f"it is the {('first', 'second')[player]} player's turn"
    return _card_refusal(game, state, move)


def _card(card: int) -> str:
    return f"the {RANK_NAMES_EN[rank_of(card) - 1]} of {SUIT_NAMES[suit_of(card)]}"


def _area_words(rules, name: str) -> str:
    return "the stock" if name == "stock" else f"the {name}"


def _card_refusal(game: Game, state: State, move: Move) -> Refusal:
    rules = game.rules
    source, target = rules.pile_area[move.src], rules.pile_area[move.dst]
    flows = [f for f in game.routes if move.src in f.sources]
    joined = [f for f in flows if move.dst in f.targets]
    if not joined:
        reaching = [f for f in flows if move.dst in f.reach]
        if reaching:  # a row_ends or line_ends flow reaches the area, but not this pile of it
            lines = "row or column" if _position(rules, reaching[0].clause) == "line_ends" else "row"
            return reaching[0].clause, (f"a card from {rules.pile_name(move.src)} goes only to the ends "
                                        f"of its own {lines} of {_area_words(rules, target)}")
        return _no_flow(game, move.src, source)
    open_flows = [f for f in joined if game.flow_open(state, f.condition)]
    if not open_flows:
        return joined[0].clause, _closed(joined[0].condition, source, target, rules)
    cards = state.piles[move.src]
    movable = [f for f in open_flows if f.any_card or cards[-1] == move.card]
    if not movable:
        area = rules.areas[source]
        return area.clause, f"only the top card of {rules.pile_name(move.src)} can be moved"
    refused = _target_refusal(game, state, move.dst, move.card, movable[0].source)
    if refused is not None:
        return refused
    first = next(p for p in movable[0].targets if rules.pile_area[p] == target and not state.piles[p]
                 and p != move.src and game.accepts(state, p, move.card, movable[0].source))
    spaces = rules.spaces.get(target)
    return (spaces.id if spaces else movable[0].clause), (
        f"empty piles of the {target} are interchangeable: the card goes to the first, {rules.pile_name(first)}")


def _no_flow(game: Game, pile: int, source: str) -> Refusal:
    """No flow joins the two areas: the clause that says where the source's cards go, or
    why they do not go anywhere by themselves (a foundation, a packet turned up, a pair)."""
    rules = game.rules
    leaving = [flow for flow in rules.flows if flow.source == source]
    if leaving:
        places = [_area_words(rules, name) for name in dict.fromkeys(n for flow in leaving for n in flow.to)]
        return leaving[0].id, f"cards go from {_area_words(rules, source)} only to {_either(places)}"
    if pile in rules.foundation:
        return rules.foundation[pile].clause, f"a card laid on {rules.pile_name(pile)} stays there"
    turning = next((c for c in rules.turn_ups if source in c.source), None)
    if turning is not None:
        return turning.id, f"the top card of {rules.pile_name(pile)} is turned up, not moved"
    pairing = _pair_clause(rules, pile)
    if pairing is not None:
        return pairing.id, f"the cards of {_area_words(rules, source)} are played only in pairs"
    clause = rules.areas[source].clause or next(
        (c.id for c in (rules.deal_row, rules.redeal) if c is not None), None)
    return clause, f"no card leaves {_area_words(rules, source)} by a move of its own"


def _either(places: list[str]) -> str:
    return places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]


def _position(rules, flow_id: str) -> str:
    return next((flow.position for flow in rules.flows if flow.id == flow_id), "any")


def _closed(condition: str, source: str, target: str, rules) -> str:
    when = {"stock_empty": "once the stock is exhausted",
            "all_placed": "once the stock and every talon are empty",
            "no_other_move": "when no other card can be played or placed"}[condition]
    return f"cards go from {_area_words(rules, source)} to {_area_words(rules, target)} only {when}"


def _target_refusal(game: Game, state: State, pile: int, card: int, source_area: str) -> Refusal | None:
    """Why ``pile`` will not take ``card``; None when it would."""
    if game.accepts(state, pile, card, source_area):
        return None
    rules = game.rules
    area = rules.areas[rules.pile_area[pile]]
    name = rules.pile_name(pile)
    if area.role == "foundation":
        return _foundation_refusal(game, state, pile, card)
    if area.colour is not None and is_red(card) != (area.colour == "red"):
        return area.clause, f"the {area.name} takes {area.colour} cards only"
    if area.role == "talon":
        return area.clause, f"the {area.name} takes only a card that can go nowhere else"
    if area.role == "aside" or area.role == "stock":
        return area.clause, f"nothing is put on the {name}"
    if not state.piles[pile]:
        spaces = rules.spaces.get(area.name)
        if spaces is None:
            return area.clause, f"nothing fills an empty {name}"
        if spaces.fill not in ("at_will", "compulsory"):
            how = "at once from " + " or ".join(spaces.source) if spaces.fill == "immediately" else "by the next row"
            return spaces.id, f"a space in the {area.name} is filled {how}"
        before = game.fills_from[pile].get(source_area)
        if before:  # a source whose turn has not come: one before it still has cards
            waited = next(name for name in spaces.source if set(rules.areas[name].piles) & set(before)
                          and any(state.piles[p] for p in rules.areas[name].piles))
            return spaces.id, (f"a space in the {area.name} is filled from {_area_words(rules, source_area)} "
                               f"only when {_area_words(rules, waited)} is empty")
        return spaces.id, f"a space in the {area.name} is filled only from the {' or '.join(spaces.source)}"
    build = rules.builds.get(area.name)
    if build is None:
        return area.clause, f"nothing is built on the {name}"
    return build.id, f"{card_name(card)} does not go on {card_name(state.piles[pile][-1])} in {name} ({_build_words(build)})"


def _build_words(build) -> str:
    direction = {"up": "up by one", "down": "down by one", "either": "up or down by one",
                 "by_colour": "red down, black up by one"}[build.direction]
    suit = {"same": "in suit", "any": "in any suit", "alternate": "in alternate colours"}[build.suit]
    kept = ", each packet keeping its direction" if build.kept else ""
    return f"marriage {direction}, {suit}{kept}"


def _foundation_refusal(game: Game, state: State, pile: int, card: int) -> Refusal:
    rules = game.rules
    rule, cards, name = rules.foundation[pile], state.piles[pile], rules.pile_name(pile)
    if len(cards) >= len(rule.sequence):
        return rule.clause, f"{name} is complete"
    rank = RANK_NAMES_EN[rule.sequence[len(cards)] - 1]
    if not cards:
        if rule.placed != "as_they_appear":
            return rule.clause, f"{name} is begun with its base card at the start"
        if rule.distinct_suits and matches(rule.base, card):
            return rule.clause, f"{name} is begun in a suit no other foundation of the {rule.area} has"
        return rule.clause, f"{name} is begun with {_base_words(rule.base)}"
    suit = f"of {SUIT_NAMES[suit_of(cards[0])]}" if rule.suit == "follow" else "of any suit"
    return rule.clause, f"{name} takes {'an' if rank in ('ace', 'eight') else 'a'} {rank} {suit} next"


def _base_words(pattern) -> str:
    rank = RANK_NAMES_EN[pattern.rank - 1]
    article = "an" if rank in ("ace", "eight") else "a"
    if pattern.suit:
        return f"the {rank} of {SUIT_NAMES[parse_suit(pattern.suit)]}"
    return f"{article} {pattern.colour} {rank}" if pattern.colour else f"{article} {rank}"


def _deal_row_refusal(game: Game, state: State) -> Refusal:
    clause = game.rules.deal_row
    if clause is None:
        return None, "this game deals no rows"
    if not state.piles[STOCK]:
        return clause.id, "the stock is exhausted: no row is left to deal"
    return clause.id, "a row is dealt only when no card can go to a foundation"


def _redeal_refusal(game: Game, state: State) -> Refusal:
    clause = game.rules.redeal
    if clause is None:
        return None, "this game has no redeal"
    limit = clause.limit
    if limit is not None and state.passes > limit:
        if limit == 0:
            return clause.id, "the game allows no redeal"
        return clause.id, f"the game allows {limit} redeal{'s' * (limit > 1)}, and they are spent"
    if state.piles[STOCK]:
        return clause.id, "the cards are gathered again only once the stock is exhausted"
    if limit is None and not progress_since_redeal(game.index(state), game.gathered(state)):
        return clause.id, "no card was placed since the last redeal, so the game is over"
    if game.gathered(state):
        return clause.id, "the cards are gathered again only when no other move is left"
    return clause.id, "there are no cards to gather"


def _action_refusal(game: Game, state: State, move: Move) -> Refusal:
    rules = game.rules
    if move.kind == actions.TURN_UP:
        clause = next((c for c in rules.turn_ups if 0 <= move.src < len(state.piles)
                       and rules.pile_area[move.src] in c.source), None)
        if clause is None:
            return None, "no card is turned up there"
        return clause.id, "only the top card of a packet is turned up, onto its empty open place"
    clause = _pair_clause(rules, move.src)
    if clause is None:
        return None, "no pair is played from there"
    if move.kind == actions.PAIR_AHEAD:
        if clause.ahead == "never":
            return clause.id, "no card is laid on its partner: a pair goes to the foundations at once"
        if actions.pair_moves(game, state, None):
            return clause.id, "a card is paired ahead only when no pair can be played"
        return clause.id, "a single card of one group is laid on a single card of the other"
    if clause.match == "same_rank":
        return clause.id, "a pair is two top cards of one rank whose foundations take both"
    if clause.match == "same_card":
        return clause.id, "a pair is the same card (suit and rank) from each partner, both on top"
    return clause.id, "a pair is a top card from each group whose foundations take both"
