"""A game's redrawn plate in the PDF: the places of :func:`patience.views.plate.board`, drawn
with ReportLab's graphics as the site's SVG draws them (cards, what each shows, the areas'
Russian and English names), scaled to the text's width.

The edition's typeface has no suit signs, so the suits are drawn as shapes; everything
else prints in the edition's typeface, embedded as every font of the PDF is.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Circle, Drawing, Group, Polygon, Rect, String
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from patience.engine.game import Game
from patience.views import plate as plates

SUITS = "♣♦♥♠"
PAPER, DOWN, EDGE, RED, BLACK, MUTED = (HexColor(c) for c in ("#f7f3e8", "#d9d2bf", "#555555", "#a31515",
                                                               "#1a1a1a", "#777777"))


def printed_text(game: Game) -> str:
    """The plate's words and signs but the suits, for the check that the font has them."""
    board = plates.board(game)
    shown = [plates.pile_face(game, pile, 1)[0] for pile in range(len(board["piles"]))]
    words = [label["ru"] + label["en"] for label in board["labels"]]
    return "".join(c for c in "".join(shown + words) + "cards" if c not in SUITS)


def drawing(game: Game, width: float, height: float, font: str, italic: str) -> Drawing:
    """The plate within ``width`` × ``height`` points (never enlarged)."""
    board = plates.board(game)
    scale = min(1.0, width / board["width"], height / board["height"])
    group = Group(Rect(0, 0, board["width"], board["height"], fillColor=PAPER, strokeColor=None))
    start = game.deal(0)
    card_width, card_height = board["card"]
    for pile, place in enumerate(board["piles"]):
        if place is not None:
            group.add(_card(game, pile, len(start.piles[pile]), place, board["height"], (card_width, card_height), font))
    for label in board["labels"]:
        y = board["height"] - label["y"]
        group.add(String(label["x"], y, label["ru"], fontName=font, fontSize=12, textAnchor="middle"))
        group.add(String(label["x"], y - 14, label["en"], fontName=italic, fontSize=12, textAnchor="middle"))
    group.scale(scale, scale)
    result = Drawing(board["width"] * scale, board["height"] * scale)
    result.initialFontName = font  # no other font than the edition's in the PDF
    result.add(group)
    return result


def _card(game: Game, pile: int, count: int, place: plates.Place, height: float, size: tuple[float, float], font: str) -> Group:
    rules = game.rules
    area = rules.areas[rules.pile_area[pile]]
    shown, _ = plates.pile_face(game, pile, count)
    empty = (area.role == "foundation" and rules.foundation[pile].placed != "at_start") or not count
    down = area.face == "down" and count
    x, y = place["x"], height - place["y"] - size[1]
    card = Group(Rect(x, y, *size, rx=5, ry=5, fillColor=DOWN if down else HexColor("#ffffff"), strokeColor=EDGE,
                      strokeDashArray=[4, 3] if empty else None))
    colour = MUTED if empty else (RED if any(s in shown for s in "♦♥") else BLACK)
    font_size = 20 if len(shown) <= 3 else 13
    centre, base = x + size[0] / 2, y + size[1] / 2 - font_size / 3
    suit = font_size * 0.7
    total = sum(suit if c in SUITS else stringWidth(c, font, font_size) for c in shown)
    left = centre - total / 2
    for sign in shown:
        if sign in SUITS:
            card.add(suit_shape(sign, left, base, suit, colour))
            left += suit
        else:
            card.add(String(left, base, sign, fontName=font, fontSize=font_size, fillColor=colour))
            left += stringWidth(sign, font, font_size)
    if shown.isdigit():
        card.add(String(centre, base - 20, "cards", fontName=font, fontSize=10, fillColor=EDGE, textAnchor="middle"))
    return card


def suit_shape(sign: str, left: float, base: float, size: float, colour) -> Group:
    """A suit sign ``size`` points wide, its foot on the baseline ``base``."""
    r, mid = size / 4, left + size / 2
    paint = {"fillColor": colour, "strokeColor": None}
    if sign == "♦":
        return Group(Polygon([mid, base, left + size * 0.9, base + size / 2, mid, base + size, left + size * 0.1,
                              base + size / 2], **paint))
    if sign == "♥":
        return Group(Circle(mid - r, base + size - r * 1.3, r, **paint), Circle(mid + r, base + size - r * 1.3, r, **paint),
                     Polygon([left, base + size - r * 1.3, mid, base, left + size, base + size - r * 1.3], **paint))
    foot = Polygon([mid, base + size * 0.35, mid - r, base, mid + r, base], **paint)
    if sign == "♠":
        return Group(Circle(mid - r, base + r * 1.6, r, **paint), Circle(mid + r, base + r * 1.6, r, **paint),
                     Polygon([left, base + r * 1.6, mid, base + size, left + size, base + r * 1.6], **paint), foot)
    return Group(Circle(mid, base + size - r, r, **paint), Circle(mid - r * 1.1, base + r * 1.9, r, **paint),
                 Circle(mid + r * 1.1, base + r * 1.9, r, **paint), foot)
