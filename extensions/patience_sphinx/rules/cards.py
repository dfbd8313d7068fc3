"""The cards the boards are drawn with (карты), made by the build as one SVG sheet.

``play/cards.svg`` lays out the 52 faces and the back, each 100 × 140 units, on a sheet
of 13 columns (ace to king) and 5 rows (clubs, diamonds, hearts, spades, then the back in
the first column); each is a ``<symbol>`` of the sheet (``card-7C``, ``card-10H``:
rank, then the suit's initial) placed there by ``<use>``. A board shows a card as the
sheet in the background of its pile, at the card's place (``board.js``): the browser draws
the sheet once at the board's scale and every card is a piece of it, so a board of 70
piles costs no more to redraw than a few elements. A face is drawn to be read at the size of a card on a phone's board
(28 CSS pixels wide and up): down its left side the rank, large, with its suit under
it (and both again upside down at the foot); to their right the pips of a number card,
the ace's one large pip, or a court card's figure — a crowned king, a queen in her
coronet, a jack in his cap — framed in the suit's colour. Hearts and diamonds are red, clubs and spades black; the suits are
drawn as paths, so no font can turn them into coloured emoji. Written once per build
by :mod:`.bundle`.
"""

from __future__ import annotations

from patience.cards import RANK_NAMES

WIDTH, HEIGHT = 100, 140
RED, BLACK = "#c62828", "#1b1b1b"
SUITS = {  # the suit's initial: (colour, path in a 100 × 100 box)
    "C": (BLACK, "M50 6a20 20 0 0 1 18.6 27.4A20 20 0 1 1 57 70q2 16 13 24H30q11-8 13-24A20 20 0 1 1 31.4 33.4"
                 "A20 20 0 0 1 50 6z"),
    "D": (RED, "M50 4 86 50 50 96 14 50z"),
    "H": (RED, "M50 92C22 70 6 54 6 33 6 18 17 8 30 8c9 0 16 5 20 13 4-8 11-13 20-13 13 0 24 10 24 25 0 21-16 37-44 59z"),
    "S": (BLACK, "M50 5c14 20 42 33 42 56 0 13-10 22-22 22-7 0-13-3-16-8q2 12 12 19H34q10-7 12-19c-3 5-9 8-16 8"
                 "C18 83 8 74 8 61 8 38 36 25 50 5z"),
}
# where the pips of a number card lie, as (column 0–2, row 0–6) in the field under the index
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(1, 0), (1, 6)],
    3: [(1, 0), (1, 3), (1, 6)],
    4: [(0, 0), (2, 0), (0, 6), (2, 6)],
    5: [(0, 0), (2, 0), (1, 3), (0, 6), (2, 6)],
    6: [(0, 0), (2, 0), (0, 3), (2, 3), (0, 6), (2, 6)],
    7: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (0, 6), (2, 6)],
    8: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (1, 4.5), (0, 6), (2, 6)],
    9: [(0, 0), (2, 0), (0, 2), (2, 2), (1, 3), (0, 4), (2, 4), (0, 6), (2, 6)],
    10: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2), (0, 4), (2, 4), (1, 5), (0, 6), (2, 6)],
}
HEADGEAR = {  # what a court card's figure wears over its head (centre 65, 45)
    "K": "M53 36 L53 22 L59 29 L65 18 L71 29 L77 22 L77 36Z",  # a crown
    "Q": "M54 36 Q54 25 59 27 Q62 20 65 27 Q68 20 71 27 Q76 25 76 36Z",  # a coronet
    "J": "M52 37 Q55 24 67 25 Q77 26 79 37Z M74 26 Q84 13 90 17 Q84 21 77 29Z",  # a cap with a feather
}


ROWS = tuple(SUITS) + ("back",)


def sprite() -> str:
    """The whole sheet, as SVG text (the same bytes every build)."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {13 * WIDTH} {len(ROWS) * HEIGHT}" '
             f'width="{13 * WIDTH}" height="{len(ROWS) * HEIGHT}"><defs>']
    parts += [f'<symbol id="suit-{suit}" viewBox="0 0 100 100"><path fill="{colour}" d="{path}"/></symbol>'
              for suit, (colour, path) in SUITS.items()]
    parts += [face(rank, suit) for suit in SUITS for rank in range(1, 14)]
    parts.append(back())
    parts.append("</defs>")
    parts += [f'<use href="#{card_id(rank, suit)}" x="{(rank - 1) * WIDTH}" y="{row * HEIGHT}" '
              f'width="{WIDTH}" height="{HEIGHT}"/>' for row, suit in enumerate(SUITS) for rank in range(1, 14)]
    parts.append(f'<use href="#card-back" x="0" y="{4 * HEIGHT}" width="{WIDTH}" height="{HEIGHT}"/>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def card_id(rank: int, suit: str) -> str:
    return f"card-{RANK_NAMES[rank - 1]}{suit}"


def face(rank: int, suit: str) -> str:
    """A face: the index down the left (rank and suit, and again upside down at the foot),
    the pips, the ace's pip or the court figure in the field to its right."""
    colour = SUITS[suit][0]
    name = RANK_NAMES[rank - 1]
    index = (f'<text x="17" y="33" text-anchor="middle" font-family="Georgia, \'Times New Roman\', serif" '
             f'font-weight="bold" font-size="{34 if len(name) == 1 else 27}" fill="{colour}">{name}</text>'
             + _pip(suit, 7, 38, 20))
    body = [_outline("#fff", "#8a8a8a"), index, f'<g transform="rotate(180 17 70)">{index}</g>']
    if rank == 1:
        body.append(_pip(suit, 40, 45, 50))
    elif rank <= 10:
        body += [_pip(suit, 37 + column * 20, 9 + row * 18, 17, upside_down=row > 3) for column, row in PIPS[rank]]
    else:
        body.append(_court(name, suit, colour))
    return f'<symbol id="{card_id(rank, suit)}" viewBox="0 0 {WIDTH} {HEIGHT}">{"".join(body)}</symbol>'


def _outline(fill: str, stroke: str) -> str:
    return f'<rect x="1" y="1" width="98" height="138" rx="8" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'


def _pip(suit: str, x: float, y: float, size: float, upside_down: bool = False) -> str:
    turn = f' transform="rotate(180 {x + size / 2:g} {y + size / 2:g})"' if upside_down else ""
    return f'<use href="#suit-{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"{turn}/>'


def _court(name: str, suit: str, colour: str) -> str:
    """A figure in a frame of the suit's colour: its headgear, head, shoulders and a pip."""
    return "".join([
        f'<rect x="36" y="8" width="58" height="124" rx="4" fill="#fbf3dc" stroke="{colour}" stroke-width="2.5"/>',
        f'<path d="{HEADGEAR[name]}" fill="#e0a800" stroke="#7a5a00" stroke-width="1.5"/>',
        '<circle cx="65" cy="45" r="10" fill="#f3d2b3" stroke="#5a4030" stroke-width="1.5"/>',
        f'<path d="M44 129 Q44 66 65 58 Q86 66 86 129Z" fill="{colour}"/>',
        '<path d="M59 61 L65 80 L71 61" fill="none" stroke="#fbf3dc" stroke-width="2.5"/>',
        _pip(suit, 57, 96, 16),
    ])


def back() -> str:
    """The back: a lattice in deep red, framed in white."""
    lines = "".join(f'<path d="M{x} 8 l{-124} 124 M{x - 124} 8 l124 124" />' for x in range(8, 220, 12))
    return (f'<symbol id="card-back" viewBox="0 0 {WIDTH} {HEIGHT}">{_outline("#fff", "#6b1f1a")}'
            '<clipPath id="card-back-field"><rect x="8" y="8" width="84" height="124" rx="4"/></clipPath>'
            '<rect x="8" y="8" width="84" height="124" rx="4" fill="#8e2b23"/>'
            f'<g clip-path="url(#card-back-field)" stroke="#c9695c" stroke-width="2">{lines}</g>'
            '<rect x="8" y="8" width="84" height="124" rx="4" fill="none" stroke="#4a1410" stroke-width="2"/>'
            '</symbol>')
