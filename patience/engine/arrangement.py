"""The stride deal (Calculation's thirteen-card arrangement, раскладка въ тринадцать картъ).

The finished foundations are stacked in the order the spec gives (``stack``:
the fourth on the third, the third on the second, the second on the first) and
the pack is turned over, so that the bottom card of the first foundation comes
first. Round *r* (1-based) then deals its cards to the places ``r, 2r, 3r, …``
counted round the ``positions`` places (place 0 is place ``positions``); with 13
places and a stride prime to 13 each round covers every place once and ends on
the thirteenth.
"""

from __future__ import annotations

from patience.engine.rules import Arrangement


def stacked(clause: Arrangement, foundations: list[list[int]]) -> list[int]:
    """The pack as dealt, first card first, from the finished foundations (bottom first)."""
    order = list(reversed(clause.stack))  # the pile placed lowest comes out first
    return [card for number in order for card in foundations[number - 1]]


def stride_deal(clause: Arrangement, cards: list[int]) -> tuple[list[list[int]], list[int]]:
    """The places after dealing, and the place where each round's last card fell."""
    places: list[list[int]] = [[] for _ in range(clause.positions)]
    ends = []
    position = 0
    for round_number in range(1, clause.rounds + 1):
        for step in range(1, clause.positions + 1):
            if position >= len(cards):
                break
            place = (step * round_number - 1) % clause.positions
            places[place].append(cards[position])
            position += 1
        ends.append(place + 1)
    return places, ends
