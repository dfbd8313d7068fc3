"""Cards (карты), ranks, suits and packs (колоды).

A card is a small integer so that piles are plain lists of ints and moves are
cheap: ``id = pack * 52 + suit * 13 + (rank - 1)``. Games use one, two or four
packs, so two cards of the same rank and suit are still distinct (their pack
differs). Ranks run ace (туз) = 1 to king (король) = 13; suits are in the order
clubs (трефы), diamonds (бубны), hearts (черви), spades (пики).
"""

from __future__ import annotations

SUITS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RED_SUITS = frozenset({1, 2})
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES_EN = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
KING = 13


class CardError(ValueError):
    """A card, rank or suit written in a form the engine does not know."""


def card(rank: int, suit: int, pack: int = 0) -> int:
    """The card id of ``rank`` (1..13) of ``suit`` (0..3) from ``pack`` (0-based)."""
    return pack * 52 + suit * 13 + rank - 1


def rank_of(card_id: int) -> int:
    return card_id % 13 + 1


def suit_of(card_id: int) -> int:
    return card_id % 52 // 13


def pack_of(card_id: int) -> int:
    return card_id // 52


def is_red(card_id: int) -> bool:
    return suit_of(card_id) in RED_SUITS


def full_deck(packs: int) -> list[int]:
    """Every card of ``packs`` packs, in the canonical order (pack, suit, rank)."""
    return list(range(52 * packs))


def card_name(card_id: int) -> str:
    """The short name used in notation: ``7♣``, ``10♥``, ``Q♠``."""
    return RANK_NAMES[rank_of(card_id) - 1] + SUITS[suit_of(card_id)]


def card_code(card_id: int) -> str:
    """The name with its pack (1-based), unique within a game: ``7♣/2``."""
    return f"{card_name(card_id)}/{pack_of(card_id) + 1}"


def parse_rank(text: str | int) -> int:
    """A rank from ``A 2 … 10 J Q K`` (or an int 1..13)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if 1 <= text <= 13:
            return text
        raise CardError(f"rank {text} is not between 1 and 13")
    name = str(text).strip().upper()
    if name in RANK_NAMES:
        return RANK_NAMES.index(name) + 1
    raise CardError(f"unknown rank {text!r}; use one of {' '.join(RANK_NAMES)}")


def parse_suit(text: str) -> int:
    """A suit from its symbol (``♥``) or English name (``hearts``)."""
    name = text.strip().lower()
    if name in SUITS:
        return SUITS.index(name)
    if name in SUIT_NAMES:
        return SUIT_NAMES.index(name)
    raise CardError(f"unknown suit {text!r}; use one of {SUITS} or {', '.join(SUIT_NAMES)}")


def parse_card(text: str) -> int:
    """A card from its code ``7♣/2`` or name ``7♣`` (pack 1)."""
    name, _, pack = text.strip().partition("/")
    if len(name) < 2:
        raise CardError(f"not a card: {text!r}")
    rank, suit = parse_rank(name[:-1]), parse_suit(name[-1])
    try:
        pack_index = int(pack) - 1 if pack else 0
    except ValueError:
        raise CardError(f"bad pack number in {text!r}") from None
    if pack_index < 0:
        raise CardError(f"bad pack number in {text!r}")
    return card(rank, suit, pack_index)
