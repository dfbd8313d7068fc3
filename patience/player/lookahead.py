"""A player that sees only what a person at the table sees (игрокъ безъ подглядыванія).

It sees the face-up cards only. The engine turns the pack's next card and lays it
down in one move, so the player first decides whether to turn at all without
knowing the card (it turns when no other move improves the position), and only
then chooses where the turned card goes; it never reads a face-down pile, and
after a move that turns up new cards (a row dealt, a redeal, a packet turned) it
judges by the position before that move; so too after a move whose space the
rules refill at once from the pack. For each legal move it looks ahead over
the moves that reveal nothing, up to ``DEPTH`` moves deep and ``WIDTH`` positions a
turn shared among the legal moves (so a crowded layout costs no more per turn; with more
legal moves than that, each is judged by its own position), and
plays the move whose best continuation scores highest (:func:`score`: the solver's score
of the face-up cards, and :func:`spare` while a space filled at will lies open, which
it does not give to the pack's unseen card without need). It never
returns to a position it has been in, so it always stops: won, blocked, or out of
new positions. Ties are broken by the deal's own PRNG (key ``"<deal>:player"``).

Where a space must be filled at once from the division below and the lowest is refilled
from the pack (the Constitution), every card that climbs opens a chain of spaces that ends
in a card from the pack, so judging by the position before it would tell no move from
another. There the look-ahead plays in a guessed world (:func:`patience.player.sight.world`,
the face-down cards dealt again at random, so nothing it finds depends on their real
order), goes on past the refills, counts the filling of a compulsory space as part of the
move that opened it, looks ``CHAIN_DEPTH`` moves deep over ``CHAIN_WIDTH`` positions, and
adds :func:`patience.player.reach.reach` to its score.

Where the rules refill a space at once from a talon, in an area whose cards go nowhere but
home (the Empress's army and navy, the Sultan's divan), and only turning the pack and moves
home remain, a move home is the key that draws the talon's top into play. The player keeps it in hand
and turns the pack, unless the card it would draw in opens a new move home
(:func:`_draws_in_a_key`): nothing but a foundation takes the cards of a move home, so it
stays open while the pack is turned, and played when the talon's top serves, it starts a
chain. Played at once, whatever card came in, every pair of the Empress was gone when the
card it needed lay on the talon.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from patience.engine import rng
from patience.engine.autoplay import Playout, playout
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import Move, State
from patience.engine.visibility import hidden
from patience.player import counsel
from patience.player.counsel import TURN, Counsel
from patience.player.placing import PlacementPolicy
from patience.player.reach import reach
from patience.player.sight import turns, world
from patience.solver import placement
from patience.solver.ordering import rank as move_rank
from patience.solver.ordering import score as promise

DEPTH, WIDTH = 2, 48
CHAIN_DEPTH, CHAIN_WIDTH = 3, 150  # where moves end in chains of spaces (:func:`_guessing`)
SPARE = 100.0  # keeping one space of an area filled at will open: worth a card on a foundation (spare())
REVEALING = ("deal_row", "redeal", "turn_up")


def play(game: Game, state: State, max_moves: int = 5000) -> Playout:
    """Play ``state`` on to its end; ``state`` is left at the final position."""
    generator = rng.SplitMix64(rng.seed(f"{state.key}:player"))
    policy = PlacementPolicy.planned(game, world(game, state, generator)) if placement.shape(game) else None
    adviser = Counsel(game, generator) if counsel.available(game) else None

    def choose(state: State, moves: list[Move], seen: set) -> Move | None:
        if policy is not None:
            planned = policy.choose(state, moves)
            if planned is not None and _new(game, state, planned, seen):
                return planned
        if adviser is None:
            return _choose(game, state, moves, seen, generator)
        move = _counselled(game, state, moves, seen, generator, adviser)
        if move is not None:
            adviser.played(state, move)
        return move

    return playout(game, state, choose, max_moves)


def _counselled(game: Game, state: State, moves: list[Move], seen: set, generator, adviser: Counsel) -> Move | None:
    """The move most worlds vote for (:class:`patience.player.counsel.Counsel`); where to lay the
    pack's card once the vote is to turn it; the look-ahead's choice where no world is won."""
    fresh = [move for move in moves if _new(game, state, move, seen)]
    if len(fresh) <= 1:
        return fresh[0] if fresh else None
    turning = [move for move in fresh if turns(game, move)]
    ballot = adviser.ballot(state) if len(turning) < len(fresh) else Counter({TURN: 1})
    for choice, _ in ballot.most_common():
        if choice != TURN:
            if choice in fresh:
                return choice
            continue
        if not turning:
            continue
        if len(turning) == 1:
            return turning[0]
        for move, _ in adviser.placing(state).most_common():
            if move in turning:
                return move
        return _best(game, _board(game, state, generator, turned=True), turning, generator, score(game, state))[0]
    return _choose(game, state, fresh, seen, generator)


def _new(game: Game, state: State, move: Move, seen: set) -> bool:
    """Whether ``move`` leads to a position not yet played."""
    game.apply_listed(state, move)
    try:
        return state.snapshot() not in seen
    finally:
        game.undo(state)


def choose(game: Game, state: State, seen: set, moves: list[Move] | None = None) -> Move | None:
    """The look-ahead's move from ``state`` (None when every move leads back into ``seen``,
    the positions already played), chosen among ``moves`` (by default every legal move): what
    a hint at the table asks of it, in the browser as here (the placement plan and the
    worlds' counsel, which need a whole game or the accelerator, are :func:`play`'s). Ties
    are broken as in :func:`play` from this position."""
    generator = rng.SplitMix64(rng.seed(f"{state.key}:player"))
    return _choose(game, state, game.legal_moves(state) if moves is None else moves, seen, generator)


def _choose(game: Game, state: State, moves: list[Move], seen: set, generator) -> Move | None:
    """The move to play: the best of those that leave the pack alone if it improves on the
    position, else the best place for the pack's next card, once turned (its moves all lay
    that one card), else the best move left."""
    before = score(game, state)
    moves = [move for move in moves if _new(game, state, move, seen)]
    turning = [move for move in moves if move.src == STOCK]
    others = [move for move in moves if move.src != STOCK]
    if turning and _keys_in_hand(game) and others and all(_home(game, move) for move in others):
        others = [move for move in others if _draws_in_a_key(game, state, move)]
    best, best_value = _best(game, _board(game, state, generator), others, generator, before)
    if turning and (best is None or best_value[0] <= before - _risked(game, state)):
        turned, _ = _best(game, _board(game, state, generator, turned=True), turning, generator, before)
        if turned is not None:
            return turned
    return best


def _home(game: Game, move: Move) -> bool:
    """Whether ``move`` sends cards home: a pair, or a card to a foundation."""
    return move.kind == "pair" or (move.kind == "move" and game.rules.role(move.dst) == "foundation")


def _draws_in_a_key(game: Game, state: State, move: Move) -> bool:
    """Whether the move home ``move`` draws into the space it leaves a card that opens a new
    move home. The card comes from a talon's top, which the player sees; a space the pack
    refills (the talon empty) takes a card unseen, and such a move is kept in hand too."""
    layout = _layout_piles(game)
    before = {card for pile in layout for card in state.piles[pile]}
    pack = len(state.piles[STOCK])
    game.apply_listed(state, move)
    try:
        if len(state.piles[STOCK]) < pack:
            return False
        drawn = {card for pile in layout for card in state.piles[pile]} - before
        return bool(drawn) and any(_home(game, after) and (after.card in drawn or after.card2 in drawn)
                                   for after in game.legal_moves(state))
    finally:
        game.undo(state)


@lru_cache(maxsize=64)
def _layout_piles(game: Game) -> tuple[int, ...]:
    """The piles a space may open in and a talon's card be drawn into."""
    rules = game.rules
    return tuple(pile for pile in range(len(rules.pile_area))
                 if rules.role(pile) not in ("foundation", "stock", "talon", "aside"))


@lru_cache(maxsize=64)
def _keys_in_hand(game: Game) -> bool:
    """Whether the rules fill a space at once from a talon in an area whose cards go nowhere
    but home (the Empress's army and navy, by pairs; the Sultan's divan): there a move home
    stays open while the pack is turned."""
    rules = game.rules
    home = {name for name, area in rules.areas.items() if area.role == "foundation"}
    for name, space in rules.spaces.items():
        if space.fill != "immediately" or not any(
            rules.areas[source].role == "talon" for source in space.source if source in rules.areas
        ):
            continue
        goes = {to for flow in rules.flows if flow.source == name for to in flow.to}
        goes |= {to for pair in rules.pairs if any(name in side for side in pair.source) for to in pair.to}
        if goes and goes <= home:
            return True
    return False


def _board(game: Game, state: State, generator, turned: bool = False) -> State:
    """Where the look-ahead plays: ``state`` itself, or where :func:`_guessing`, a
    :func:`world` alike to it (the pack's top card kept if ``turned``)."""
    if not _guessing(game):
        return state
    guess = world(game, state, generator, turned)
    game.index(guess)
    return guess


@lru_cache(maxsize=64)
def _guessing(game: Game) -> bool:
    """Whether the look-ahead goes on past a space the pack refills, in a guessed world:
    where a space must be filled at once from the division below (the Constitution), a
    card that climbs opens a chain of spaces down to one the pack refills, so nearly every
    move ends in an unseen card; judged by the position before it, no move could be told
    from another. Elsewhere a refill ends the look, as the optimism of one guessed card
    would mislead it more than it helps."""
    return bool(game.compulsory and _filled_from_pack(game))


def _best(game: Game, board: State, moves: list[Move], generator, before: float):
    """The move of ``moves`` whose look-ahead on ``board`` scores highest, with its value."""
    best: Move | None = None
    best_value: tuple[float, int, int] | None = None
    for move in moves:
        value = _value(game, board, move, before, _width(game, len(moves)))
        ranked = (value, -move_rank(game, move), generator.below(1 << 16))
        if best_value is None or ranked > best_value:
            best, best_value = move, ranked
    return best, best_value


def _width(game: Game, moves: int) -> int:
    """The look-ahead's positions for each of ``moves`` legal moves: WIDTH shared among them,
    at least two each; with more moves than WIDTH (the Empress laying cards ahead on their
    partners, a thousand ways), none: each move is judged by its own position."""
    width = CHAIN_WIDTH if _guessing(game) else WIDTH
    return max(2, width // moves) if moves <= width else 0


def _value(game: Game, board: State, move: Move, before: float, width: int) -> float:
    """The best score reachable by ``move`` and up to DEPTH - 1 unrevealing moves (``before``:
    the score before it)."""
    watch, kept = Refills(game, board), spare(game, board)
    game.apply_listed(board, move)
    try:
        if game.is_won(board):
            return float("inf")
        if _reveals(game, move) or (move.src != STOCK and watch.from_pack(board)):
            # the move turns up cards (or the pack refills a space): judged by the position before
            # it, but for the last space it fills, which is seen whatever the card
            return before - kept + spare(game, board) - 1
        return _look(game, board, (CHAIN_DEPTH if _guessing(game) else DEPTH) - 1 + _filling(game, board), [width])
    finally:
        game.undo(board)


def _look(game: Game, board: State, depth: int, budget: list[int]) -> float:
    best = score(game, board)
    if depth == 0 or budget[0] <= 0:
        return best
    stock = _stock(game)
    for move in game.legal_moves(board):
        if move.kind in REVEALING or move.src in stock or budget[0] <= 0:
            continue
        budget[0] -= 1
        watch = Refills(game, board)
        game.apply_listed(board, move)
        if not watch.from_pack(board):  # else a space the pack may refill would turn up cards
            best = max(best, float("inf") if game.is_won(board) else
                       _look(game, board, depth - 1 + _filling(game, board), budget))
        game.undo(board)
    return best


def _filling(game: Game, board: State) -> int:
    """1 while a space the player must fill at once lies open: its filling is the end of
    the move that opened it, not a move of the look-ahead's own."""
    return int(any(not board.piles[pile] for pile in game.compulsory))


class Refills:
    """Whether a move leaves to the pack a space the rules fill at once: the pack refilled
    it, or it lies open where the pack might have (its next card of the wrong colour, in
    the Empress). Either way the outcome depends on cards face down, so the look-ahead
    may not weigh it: asking only whether the pack gave a card would tell the colour of
    its next one. A space filled from a card in sight is fine to weigh."""

    def __init__(self, game: Game, state: State):
        self.guessed = _guessing(game)  # the board is a guessed world: its refills hide nothing
        self.pack = len(state.piles[STOCK])
        self.piles = _filled_from_pack(game) if self.pack and not self.guessed else ()
        self.tops = [state.piles[p][-1] if state.piles[p] else None for p in self.piles]
        self.sight = {card for pile, cards in enumerate(state.piles) if not hidden(game, state, pile)
                      for card in cards} if self.piles else set()

    def from_pack(self, state: State) -> bool:
        if self.guessed:
            return False
        if len(state.piles[STOCK]) < self.pack:
            return True
        for pile, top in zip(self.piles, self.tops):
            now = state.piles[pile][-1] if state.piles[pile] else None
            if top is not None and now != top and (now is None or now not in self.sight):
                return True
        return False


@lru_cache(maxsize=64)
def _filled_from_pack(game: Game) -> tuple[int, ...]:
    """The piles whose spaces the rules fill at once, the pack among the sources."""
    rules = game.rules
    areas = {space.area for space in rules.spaces.values() if space.fill == "immediately" and "stock" in space.source}
    return tuple(pile for pile, area in enumerate(rules.pile_area) if area in areas)


def _reveals(game: Game, move: Move) -> bool:
    return move.kind in REVEALING


@lru_cache(maxsize=64)
def _stock(game: Game) -> frozenset[int]:
    """The piles whose cards no look-ahead moves: the pack's next card is face down."""
    return frozenset(game.rules.piles_of("stock"))


def score(game: Game, state: State) -> float:
    """How promising the position looks from its face-up cards (:func:`patience.solver.ordering.score`),
    with :func:`spare`; where cards climb through chains of spaces (:func:`_guessing`), with
    :func:`patience.player.reach.reach` too."""
    return promise(game, state) + spare(game, state) + (reach(game, state) if _guessing(game) else 0.0)


def spare(game: Game, state: State) -> float:
    """:data:`SPARE` while a space the rules let the player fill at will lies open: the
    book's counsel in La Nivernaise, to leave at least one place in the flanks unfilled
    («слѣдуетъ оставлять незанятымъ по крайней мѣрѣ одно мѣсто»), taken for every such
    area. A card laid in the last space may block it for good; a space kept takes the
    card that is wanted when it comes."""
    return SPARE if any(not state.piles[pile] for pile in at_will_piles(game)) else 0.0


def _risked(game: Game, state: State) -> float:
    """What turning the pack's card may cost, known before it is seen: :data:`SPARE` if
    one space filled at will is left open and the pack may fill it (the card may have
    nowhere else to go)."""
    open_spaces = [pile for pile in at_will_piles(game) if not state.piles[pile]]
    return SPARE if len(open_spaces) == 1 and open_spaces[0] in _filled_by_pack(game) else 0.0


@lru_cache(maxsize=64)
def _filled_by_pack(game: Game) -> frozenset[int]:
    rules = game.rules
    areas = {name for name, space in rules.spaces.items() if space.fill == "at_will" and "stock" in space.source}
    return frozenset(pile for pile, area in enumerate(rules.pile_area) if area in areas)


@lru_cache(maxsize=64)
def at_will_piles(game: Game) -> tuple[int, ...]:
    """The piles of the areas whose spaces the player fills at will (свободныя мѣста)."""
    rules = game.rules
    areas = {name for name, space in rules.spaces.items() if space.fill == "at_will"}
    return tuple(pile for pile, area in enumerate(rules.pile_area) if area in areas)
