"""Checks of which moves are legal, asked along reproducible random playouts."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt, model_validator

from patience.rulespec.terms import CardPattern, Check, Name, RankName, Role, Strict

CardCode = str  # «7♣» or «7♣/2», parsed by the engine when the check runs


class Stays(Check):
    """The area keeps exactly these cards through random playouts."""

    kind: Literal["stays"]
    area: Name
    cards: list[CardPattern] = Field(min_length=1)


class NoMoveBetween(Check):
    """No legal move — of a card, or of either card of a pair — from the areas ``from``
    (or ``any``) to the areas ``to`` (or ``any``), or into the empty piles of ``to``, or
    onto a card there, along random playouts and in the last positions of a won game (the
    foundations built up, and each foundation's last card back one move before), where
    random play seldom comes."""

    kind: Literal["no_move_between"]
    source: Name | list[Name] | Literal["any"] = Field(alias="from")
    to: Name | list[Name] | Literal["any"]
    into_empty: bool = False
    onto_card: bool = False

    @model_validator(mode="after")
    def _one_place(self):
        if self.into_empty and self.onto_card:
            raise ValueError("give 'into_empty' or 'onto_card', not both")
        return self


class MovesBetween(Check):
    """Cards may go from the areas ``from`` (or ``any``) to each of the areas ``to`` (into
    their empty piles, or with ``onto_card`` onto a card there): along random playouts,
    for each area of ``to``, some legal move (of a card, of either card of a pair, or a
    packet's card turned up) takes a card there from ``from``."""

    kind: Literal["moves_between"]
    source: Name | list[Name] | Literal["any"] = Field(alias="from")
    to: Name | list[Name]
    into_empty: bool = False
    onto_card: bool = False

    @model_validator(mode="after")
    def _one_place(self):
        if self.into_empty and self.onto_card:
            raise ValueError("give 'into_empty' or 'onto_card', not both")
        return self


class OnlyTop(Check):
    """Only top cards leave the area."""

    kind: Literal["only_top"]
    area: Name


class AnyCardAvailable(Check):
    """Not only top cards: along random playouts some card under another leaves the
    area (the Duchess's reserve, looked through at the end of a deal)."""

    kind: Literal["any_card_available"]
    area: Name


class TalonTakesOnlyUnplayable(Check):
    """The pack's cards reach the talon only when nothing else takes them (and such
    cards occur)."""

    kind: Literal["talon_takes_only_unplayable"]
    area: Name


class TalonTakesPlayable(Check):
    """A card of the pack that could be placed may still go to the talon."""

    kind: Literal["talon_takes_playable"]
    area: Name


class NeverEmptyWhile(Check):
    """No place of the area stays empty while the sources have cards."""

    kind: Literal["never_empty_while"]
    area: Name
    sources: list[Name] = Field(min_length=1)


class SpacesFilledFrom(Check):
    """A space left in the area is filled at once with the top card of the first of
    ``sources`` that has one (the Sultan's «изъ талона, а если ихъ нѣтъ въ талонѣ, то
    изъ колоды»), and stays empty when all of them are empty, along random playouts; and
    each source fills some space."""

    kind: Literal["spaces_filled_from"]
    area: Name
    sources: list[Name] = Field(min_length=1)


class SpacesInTurn(Check):
    """A space of the area that the player fills takes a card from one of ``sources`` only
    when those before it are empty (the Zodiac's «изъ талона, или, если нѣтъ талона, то
    изъ колоды»), along random playouts; and each source fills some space."""

    kind: Literal["spaces_in_turn"]
    area: Name
    sources: list[Name] = Field(min_length=2)


class SpaceMayWait(Check):
    """A space of the area may be left open: along random playouts, some position has an
    empty pile of the area that a legal move could fill, and another legal move beside it."""

    kind: Literal["space_may_wait"]
    area: Name


class EveryFoundationPlayed(Check):
    """Every group of foundations is offered a card along random playouts: none stands
    apart, fed by nothing."""

    kind: Literal["every_foundation_played"]


class PackWaits(Check):
    """No card is turned from the pack while another card can be played or placed (an
    exchange between foundations aside), along random playouts; and the pack is seen
    waiting so."""

    kind: Literal["pack_waits"]


class LeavesOnlyTo(Check):
    """A card of that rank on top of the area goes only to piles of those roles; and,
    with both such cards of a suit laid on the two twos of the suit in ``packets``
    packets, that suit's foundations never pass the ace."""

    kind: Literal["leaves_only_to"]
    area: Name
    rank: RankName
    roles: list[Role] = Field(min_length=1)
    packets: PositiveInt


class Goal(Strict):
    """A card and the role of pile it must not reach."""

    card: CardCode
    role: Role


class CannotReach(Check):
    """From a hand-built position, no sequence of at most ``depth`` legal moves plays the
    goal card to a pile of the goal role."""

    kind: Literal["cannot_reach"]
    position: dict[str, list[CardCode]] = Field(min_length=1, description="pile name → cards, bottom first")
    goal: Goal
    depth: PositiveInt


class InPosition(Check):
    """A hand-built position: the named piles hold the given cards, bottom first, and every
    other card lies in ``rest`` (a pile, the stock by default). Each move of ``legal``
    (in the engine's notation) is legal there, none of ``illegal`` is; it is won, and it is lost (no move left,
    not won), as ``won`` and ``blocked`` say where given. With ``then``, that move is
    played first, the piles named in ``empty`` must be empty after it (a space the rules
    leave open), and the rest is asked of the position it leads to; ``then`` and ``empty``
    are given together or not at all."""

    kind: Literal["in_position"]
    position: dict[str, list[CardCode]] = Field(description="pile name → cards, bottom first")
    rest: str = "stock"
    legal: list[str] = []
    illegal: list[str] = []
    won: bool | None = None
    blocked: bool | None = None
    then: str | None = Field(default=None, description="a move played first; needs `empty`")
    empty: list[str] = Field(default=[], description="the piles `then` must leave empty; given with `then` "
                                                     "and only with it")

    @model_validator(mode="after")
    def _asks_something(self):
        if not (self.legal or self.illegal) and self.won is None and self.blocked is None and self.then is None:
            raise ValueError("give the moves that are 'legal', whether the position is 'won' or 'blocked', "
                             "or a move to play 'then'")
        if bool(self.then) != bool(self.empty):
            raise ValueError("'then' plays a move and 'empty' names the piles it must leave empty: give both")
        return self


class UnavailableUntilStockEmpty(Check):
    """The area plays only once the pack is spent (and then does)."""

    kind: Literal["unavailable_until_stock_empty"]
    area: Name


class NoDealWhilePlayable(Check):
    """A row is never offered while a card could go to a foundation."""

    kind: Literal["no_deal_while_playable"]


class MovesFromFoundations(Check):
    """Some legal move takes a card off a foundation."""

    kind: Literal["moves_from_foundations"]


class OnlyToRowEnds(Check):
    """A card of row *i* of the source goes only to an end of row *i* of the target."""

    kind: Literal["only_to_row_ends"]
    source: Name
    target: Name


class OnlyToLineEnds(Check):
    """A card of row *r*, column *c* of the source (a grid) goes only to the ends of its
    row and of its column in the target (the frame round it)."""

    kind: Literal["only_to_line_ends"]
    source: Name
    target: Name


class OnlyFromToRole(Check):
    """Every card reaching a pile of the role comes from the area."""

    kind: Literal["only_from_to_role"]
    area: Name
    role: Role


class FoundationsWaitUntilPlaced(Check):
    """No foundation move while the pack or a talon has cards; once all is placed,
    foundation moves appear."""

    kind: Literal["foundations_wait_until_placed"]


class InSequence(Check):
    """Every card laid on a card of the area (not into a space) is next to it in rank, one
    above or one below, along random playouts; and such moves occur."""

    kind: Literal["in_sequence"]
    area: Name


class AreaColour(Check):
    """The area holds only cards of that colour along random playouts."""

    kind: Literal["area_colour"]
    area: Name
    colour: Literal["red", "black"]


MODELS = (Stays, NoMoveBetween, MovesBetween, OnlyTop, AnyCardAvailable, TalonTakesOnlyUnplayable, TalonTakesPlayable, NeverEmptyWhile,
          SpacesFilledFrom, SpacesInTurn, SpaceMayWait, EveryFoundationPlayed, PackWaits, LeavesOnlyTo, CannotReach, InPosition, UnavailableUntilStockEmpty, NoDealWhilePlayable, MovesFromFoundations,
          OnlyToRowEnds, OnlyToLineEnds, OnlyFromToRole, FoundationsWaitUntilPlaced, InSequence, AreaColour)
