"""The lost plates (таблицы), redrawn as SVG from a spec's initial layout.

The book points to plates we do not have («какъ на рисункѣ»). A plate here is a
diagram of the rule, not of one shuffle: every pile in its place (the ``plate``
hint of its area: ``row``, ``rows``, ``sides``, ``beside`` or ``ring``, ``top`` …
``around``), the foundation cards the spec fixes, the named areas with their
Russian and English labels, and how many cards each pile holds when play begins.
The drawing carries its own text alternative (``<title>``, ``<desc>``, ``role=img``),
which :func:`describe` also gives as plain sentences.

Pure Python: ``patience plate GAME`` prints it, and the site embeds it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import TypedDict

from patience.cards import RANK_NAMES, RANK_NAMES_EN, SUITS, parse_suit
from patience.engine.game import Game
from patience.engine.rules import Pattern

W, H, GAP, LABEL = 52, 74, 14, 40  # card width and height, space between, label band (two lines)
WIDEST = 8  # piles in a row when the spec gives no place
LETTER = 6.6  # the width of a label letter, to keep labels inside their block
MARGIN = 16
ROLE_WORDS = {"foundation": "foundation", "tableau": "tableau", "talon": "talon", "reserve": "reserve",
              "aside": "set aside", "stock": "pack"}


@dataclass
class Block:
    """Piles placed relative to the block's top-left corner, and the labels drawn with them."""

    width: float = 0
    height: float = 0
    slots: list[tuple[float, float, int]] = field(default_factory=list)  # x, y, pile
    labels: list[tuple[float, float, str]] = field(default_factory=list)  # x (centre), y (baseline), area

    def shift(self, dx: float, dy: float) -> Block:
        return Block(self.width, self.height, [(x + dx, y + dy, p) for x, y, p in self.slots],
                     [(x + dx, y + dy, a) for x, y, a in self.labels])

    def add(self, other: Block, dx: float, dy: float) -> None:
        moved = other.shift(dx, dy)
        self.slots += moved.slots
        self.labels += moved.labels


def _grid(piles: list[int], area, rows: int, columns: int) -> Block:
    """``rows`` × ``columns`` piles under the area's label (never narrower than the label)."""
    cards = columns * W + (columns - 1) * GAP
    block = Block(max(cards, LETTER * max(len(area.label_ru), len(area.name))), LABEL + rows * H + (rows - 1) * GAP)
    left = (block.width - cards) / 2
    for index, pile in enumerate(piles):
        row, column = divmod(index, columns)
        block.slots.append((left + column * (W + GAP), LABEL + row * (H + GAP), pile))
    block.labels.append((block.width / 2, 14, area.name))
    return block


def _stack(blocks: list[Block]) -> Block:
    """Blocks one under another, centred."""
    result = Block(max((b.width for b in blocks), default=0), 0)
    for block in blocks:
        result.add(block, (result.width - block.width) / 2, result.height + (GAP if result.height else 0))
        result.height += block.height + (GAP if result.height else 0)
    return result


def _beside(blocks: list[Block]) -> Block:
    """Blocks side by side, centred vertically."""
    result = Block(0, max((b.height for b in blocks), default=0))
    for block in blocks:
        x = result.width + (2 * GAP if result.width else 0)
        result.add(block, x, (result.height - block.height) / 2)
        result.width = x + block.width
    return result


def _hint(area):
    return area.plate


def _area_block(area) -> Block:
    hint, piles = _hint(area), list(area.piles)
    if hint is None:  # no place given: rows of at most WIDEST piles
        columns = min(len(piles), WIDEST)
        return _grid(piles, area, math.ceil(len(piles) / columns), columns)
    if hint.shape in ("row", "sides"):
        return _grid(piles, area, hint.groups if hint and hint.shape == "sides" else 1,
                     len(piles) // (hint.groups if hint and hint.shape == "sides" else 1))
    if hint.shape == "rows":
        return _grid(piles, area, hint.groups, hint.per_group)
    return _grid(piles, area, len(piles), 1)  # beside (and a ring not placed around): a column


def _ring(center: Block, rings: list) -> Block:
    """The ring areas' piles on an ellipse round the centre (Sultan's «окружающихъ султана»)."""
    piles = [(p, area.name) for area in rings for p in area.piles]
    count = len(piles)
    rx = max(center.width / 2 + W / 2 + GAP, (W + GAP) * count / (2 * math.pi) * 1.2)
    ry = max(center.height / 2 + H / 2 + GAP, (H + GAP) * count / (2 * math.pi) * 1.2)
    result = Block(2 * rx + W, 2 * ry + H + GAP + LABEL * len(rings))
    cx, cy = rx + W / 2, ry + H / 2
    result.add(center, cx - center.width / 2, cy - center.height / 2)
    for index, (pile, _) in enumerate(piles):
        angle = -math.pi / 2 + 2 * math.pi * index / count
        result.slots.append((cx + rx * math.cos(angle) - W / 2, cy + ry * math.sin(angle) - H / 2, pile))
    for index, area in enumerate(rings):
        result.labels.append((cx, 2 * ry + H + GAP + LABEL * index + 14, area.name))
    return result


def _sides(center: Block, area) -> Block:
    """An area's groups as columns left and right of the centre, then rows above and below."""
    hint, piles = _hint(area), list(area.piles)
    groups = [piles[i:i + hint.per_group] for i in range(0, len(piles), hint.per_group)]
    where = ["left", "right", "top", "bottom"]
    parts: dict[str, list[list[int]]] = {side: [] for side in where}
    for index, group in enumerate(groups):
        parts[where[index % 4]].append(group)
    def column(group):
        return _grid(group, area, len(group), 1)
    def row(group):
        return _grid(group, area, 1, len(group))
    middle = _beside([*(column(g) for g in parts["left"]), center, *(column(g) for g in parts["right"])])
    return _stack([*(row(g) for g in parts["top"]), middle, *(row(g) for g in parts["bottom"])])


def _frame(center: Block, area) -> Block:
    """A frame round the centre, in reading order (:func:`patience.engine.rows.line_ends`):
    a row above, the ends of each row left and right, a row below (the Besieged City's
    trenches round its reserve)."""
    hint, piles = _hint(area), list(area.piles)
    columns, rows = hint.per_group, hint.groups
    top, sides, bottom = piles[:columns], piles[columns:columns + 2 * rows], piles[columns + 2 * rows:]
    left, right, below = _grid(sides[0::2], area, rows, 1), _grid(sides[1::2], area, rows, 1), _grid(bottom, area, 1, columns)
    for part in (left, right, below):
        part.labels.clear()  # the area is named once, above
    return _stack([_grid(top, area, 1, columns), _beside([left, center, right]), below])


def layout(game: Game) -> Block:
    """Every pile of the game placed on the plate (the stock bottom left)."""
    placed: dict[str, list] = {place: [] for place in ("top", "middle", "bottom", "left", "right", "around", "free")}
    for area in game.rules.areas.values():
        if area.role == "stock":
            continue
        hint = _hint(area)
        placed[hint.place if hint else "free"].append(area)
    center = _stack([_area_block(a) for a in placed["middle"]])
    rings = [a for a in placed["around"] if _hint(a).shape == "ring"]
    if rings:
        center = _ring(center, rings)
    for area in placed["around"]:
        if area not in rings:
            center = _frame(center, area) if _hint(area).shape == "frame" else _sides(center, area)
    row = _beside([*(_area_block(a) for a in placed["left"]), center, *(_area_block(a) for a in placed["right"])])
    stock = game.rules.areas["stock"]
    free = _flow([_grid(list(stock.piles), stock, 1, 1), *(_area_block(a) for a in placed["free"])],
                 max(row.width, WIDEST * (W + GAP)))
    return _stack([*(_area_block(a) for a in placed["top"]), row, *(_area_block(a) for a in placed["bottom"]), *free])


def _flow(blocks: list[Block], width: float) -> list[Block]:
    """Blocks side by side, starting a new line where ``width`` would be passed."""
    lines: list[list[Block]] = [[]]
    for block in blocks:
        if lines[-1] and _beside(lines[-1] + [block]).width > width:
            lines.append([])
        lines[-1].append(block)
    return [_beside(line) for line in lines]


# -- what each pile shows ----------------------------------------------------------------------
def _pattern_text(pattern: Pattern) -> str:
    rank = RANK_NAMES[pattern.rank - 1]
    if pattern.colour:
        return rank + ("♥♦" if pattern.colour == "red" else "♠♣")  # either suit of the colour
    return rank + (SUITS[parse_suit(pattern.suit)] if pattern.suit else "")


def _pattern_words(pattern: Pattern, count: int = 1) -> str:
    """``the ace of hearts``, ``a red jack``, ``a king of any suit``; ``8 red jacks`` when counted."""
    rank = RANK_NAMES_EN[pattern.rank - 1]
    if count > 1:
        return " ".join(filter(None, [str(count), pattern.colour, f"{rank}s", f"of {pattern.suit}" if pattern.suit else ""]))
    if pattern.suit:
        return f"the {rank} of {('clubs', 'diamonds', 'hearts', 'spades')[parse_suit(pattern.suit)]}"
    return f"a {pattern.colour} {rank}" if pattern.colour else f"{'an' if rank == 'ace' else 'a'} {rank} of any suit"


def pile_face(game: Game, pile: int, count: int) -> tuple[str, str]:
    """What a pile shows (``K♥``, ``A``, ``4``) and the same in words."""
    rules = game.rules
    area = rules.areas[rules.pile_area[pile]]
    if area.role == "foundation":
        rule = rules.foundation[pile]
        if rule.placed == "at_start":
            return _pattern_text(rule.base), f"begun with {_pattern_words(rule.base)}"
        return _pattern_text(rule.base), f"empty until {_pattern_words(rule.base)} comes up"
    if area.role == "aside":
        held = list(area.holds)
        return " ".join(_pattern_text(p) for p in held), "holding " + ", ".join(_pattern_words(p, p.count) for p in held)
    side = "face down" if area.face == "down" else "face up"
    return (str(count) if count > 1 else ""), (f"{count} card{'s' if count != 1 else ''} {side}" if count else "empty")


def _title(game: Game) -> str:
    russian = f" ({game.rules.title_ru})" if game.rules.title_ru else ""
    return f"{game.rules.title}{russian}: the layout at the start, redrawn from the rule specification"


def reconstruction(game: Game) -> str | None:
    """Why the layout drawn is itself a reconstruction, when it is: no clause that deals
    the cards cites a passage (the Russian text of the layout is lost, and the spec takes
    it from elsewhere, as its conjecture says). ``None`` when the text gives the layout."""
    dealing = [c for c in game.rules.clauses if c.kind in ("deal", "deal_by_colour")]
    if not dealing or any(clause.passages for clause in dealing):
        return None
    return ("The layout itself is a reconstruction: the Russian text of how the cards are laid out is lost, "
            "and the specification takes it from Cadogan's English, marked as conjecture.")


def describe(game: Game) -> str:
    """The plate in words: every area, its place, its piles and what they hold."""
    start = game.deal(0)
    why = reconstruction(game)
    sentences = [why] if why else []
    for area in game.rules.areas.values():
        piles = list(area.piles)
        faces = [pile_face(game, p, len(start.piles[p]))[1] for p in piles]
        where = _hint(area).place if _hint(area) else ("bottom left" if area.role == "stock" else "below")
        counted = f"{len(piles)} piles" if len(piles) > 1 else "one pile"
        same = len(set(faces)) == 1
        held = (f"each {faces[0]}" if len(piles) > 1 else faces[0]) if same else "; ".join(faces)
        sentences.append(f"{area.name.capitalize()} («{area.label_ru}», {ROLE_WORDS.get(area.role, area.role)}), {where}: "
                         f"{counted}, {held}.")
    return " ".join(sentences)


# -- SVG ----------------------------------------------------------------------------------------
def svg(game: Game, ident: str = "plate") -> str:
    """The plate as a standalone, scalable SVG document with its title and description."""
    block = layout(game)
    start = game.deal(0)
    width, height = block.width + 2 * MARGIN, block.height + 2 * MARGIN
    title, desc = _title(game), describe(game)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" role="img" class="rules-plate-svg" '
        f'aria-labelledby="{ident}-title {ident}-desc" font-family="serif">',
        f'<title id="{ident}-title">{escape(title)}</title>',
        f'<desc id="{ident}-desc">{escape(desc)}</desc>',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f7f3e8"/>',
    ]
    for x, y, pile in block.slots:
        parts.append(_card(game, pile, len(start.piles[pile]), x + MARGIN, y + MARGIN))
    for x, y, name in block.labels:
        parts.append(_label(game.rules.areas[name], x + MARGIN, y + MARGIN))
    parts.append("</svg>")
    return "\n".join(parts)


def _card(game: Game, pile: int, count: int, x: float, y: float) -> str:
    area = game.rules.areas[game.rules.pile_area[pile]]
    shown, words = pile_face(game, pile, count)
    empty = area.role == "foundation" and game.rules.foundation[pile].placed != "at_start" or not count
    down = area.face == "down" and count
    fill = "#d9d2bf" if down else "#ffffff"
    dash = ' stroke-dasharray="4 3"' if empty else ""
    red = any(suit in shown for suit in "♦♥")
    colour = "#a31515" if red else "#1a1a1a"
    size = 20 if len(shown) <= 3 else 13
    counted = (f'<text x="{x + W / 2:.1f}" y="{y + H / 2 + 20:.1f}" text-anchor="middle" font-size="10" fill="#555">'
               f'cards</text>') if shown.isdigit() else ""
    name = escape(game.rules.pile_name(pile))
    return (f'<g class="rules-pile"><title>{name}: {escape(words)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{W}" height="{H}" rx="5" fill="{fill}" stroke="#555"{dash}/>'
            f'<text x="{x + W / 2:.1f}" y="{y + H / 2 + size / 3:.1f}" text-anchor="middle" font-size="{size}" '
            f'fill="{colour if not empty else "#777"}">{escape(shown)}</text>{counted}</g>')


def _label(area, x: float, y: float) -> str:
    return (f'<text text-anchor="middle" font-size="12" fill="#333">'
            f'<tspan x="{x:.1f}" y="{y:.1f}" xml:lang="ru">{escape(area.label_ru)}</tspan>'
            f'<tspan x="{x:.1f}" y="{y + 14:.1f}" xml:lang="en" font-style="italic">{escape(area.name)}</tspan></text>')


# -- the board: the plate's places as data, for a page that draws cards on them ---------------
class Place(TypedDict):
    """A pile on the board: its top-left corner, its name, its area and the area's role; ``any``:
    any card of it may be played, not only its top card."""

    x: float
    y: float
    name: str
    area: str
    role: str
    any: bool


class Label(TypedDict):
    """An area's label: its centre and baseline, its English and Russian names."""

    x: float
    y: float
    en: str
    ru: str


class Board(TypedDict):
    """The plate's places, as the page's board draws them (``rules/js/protocol.js`` of the Sphinx
    extensions declares the same shapes; ``tests/rules/test_protocol.py`` compares them)."""

    width: int
    height: int
    card: list[int]  # a card's width and height
    piles: list[Place]  # by pile number
    labels: list[Label]


def board(game: Game) -> Board:
    """Every pile's place on the plate (the same :func:`layout`) as plain data: the drawing's
    size, the card size, each pile's corner, name and area, and the areas' labels."""
    block = layout(game)
    rules = game.rules
    places: dict[int, Place] = {}
    for x, y, pile in block.slots:
        area = rules.areas[rules.pile_area[pile]]
        places[pile] = {"x": round(x + MARGIN, 1), "y": round(y + MARGIN, 1), "name": rules.pile_name(pile),
                        "area": area.name, "role": area.role, "any": area.available == "any"}
    labels: list[Label] = [{"x": round(x + MARGIN, 1), "y": round(y + MARGIN, 1), "en": name,
                            "ru": rules.areas[name].label_ru} for x, y, name in block.labels]
    return {"width": round(block.width + 2 * MARGIN), "height": round(block.height + 2 * MARGIN),
            "card": [W, H], "piles": [places[pile] for pile in range(len(rules.pile_area))], "labels": labels}
