"""The search over every line of play: a beam, best-first, then depth-first, each with a transposition table.

Each position (by :class:`~patience.solver.position.Keys`) is entered once: a
position met again by another order of moves is not entered again, since its
futures are the same. Where a safe move exists (:mod:`patience.solver.safe`) it
is the only move tried. The budget of positions is shared by three searches, each of
which alone would decide the deal if given enough, and each of which wins deals the
others reach late:

- :class:`Beam`, with the first half, goes down the tree depth by depth keeping only
  the most promising positions of each depth (:func:`patience.solver.ordering.score`,
  seeing every card), one at first, then two, four and so on, each pass afresh. It finds
  the wins of long games whose every line must be planned to its end (Calculation, the
  Besieged City, La Nivernaise); a pass that never had to leave a position out has
  entered every reachable position.
- :class:`BestFirst`, with the next quarter, keeps the positions entered but not yet
  looked beyond in a queue, the most promising first (by the same score), and walks
  the one state it holds from position to position of its tree by undoing and
  replaying moves. It finds the wins of the Empress, the Constitution and Napoleon's
  Square, where a promising position leads on to a better one.
- :class:`DepthFirst`, with the rest, plays the moves of each position in the order
  of :func:`patience.solver.ordering.rank` and takes them back when nothing below
  wins. It finds wins that begin with a move the score thinks little of.

Each ends when a won position is reached, when every reachable position has
been entered (lost), or when its budget is spent (then the next is tried, or the
answer is unknown). The order of each decides only how soon a win is found,
never whether: every reachable position is entered before ``lost`` is said. A
winning line is replayed by the engine from the starting position before it is
returned.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from patience.engine.game import Game
from patience.engine.state import Move, State
from patience.solver import capacity, confluence, covering, native, placement
from patience.solver.dive import dive
from patience.solver.ordering import rank, score
from patience.solver.position import Keys
from patience.solver.safe import SafeMoves

DEFAULT_BUDGET = 200_000
BEAM_SHARE, BEST_SHARE = 2, 4  # the beam takes half the budget, the best-first search a quarter
OUTCOMES = ("won", "lost", "unknown")
START = Move("start")  # the move the tree's root is entered by, which no line includes


@dataclass
class Solution:
    outcome: str  # won | lost | unknown
    nodes: int  # positions entered
    line: list[Move] = field(default_factory=list)  # the winning moves, if won
    reason: str | None = None  # for lost: what proved it ("exhausted" or a dead-end rule)
    detail: str = ""  # for lost, the proof in a sentence


class Search:
    """What the searches share: the state, the table of positions seen, safe moves and
    the history's part of a position's key. ``run`` may be called once."""

    def __init__(self, game: Game, state: State, budget: int):
        self.game, self.budget = game, budget
        self.state = state.copy()
        self.keys = Keys(game)
        self.safe = SafeMoves(game, self.keys.symmetric)
        self.seen: set[int] = set()
        self.redeal_unlimited = bool(game.rules.redeal and game.rules.redeal.limit is None)

    def enter(self, extra) -> bool:
        """Note the position the state is in (``extra``: the history's part); False if seen."""
        key = self.keys.key(self.state, extra)
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def children(self) -> list[Move]:
        moves = self.game.legal_moves(self.state)
        safe = self.safe.find(self.state, moves)
        return [safe] if safe is not None else moves

    def extra_after(self, move: Move, extra):
        """The history's part of the position ``move`` leads to (before it is applied),
        from ``extra``, that of the position it is played in."""
        if self.keys.owners is not None:
            return self.keys.owners.get(move.src)
        if self.redeal_unlimited and move.kind == "redeal":
            return self.game.gathered(self.state)
        return extra


class Tree(Search):
    """What the best-first search and a pass of the beam share: the tree of the positions
    entered, which the one state walks by undoing and replaying moves. Node ``n`` of the
    tree is reached from ``parent[n]`` by ``move[n]``; ``extra[n]`` is the history's part
    of its key. ``dive``: the points of promise a move made is worth (see :meth:`priority`)."""

    dive: int

    def __init__(self, game: Game, state: State, budget: int):
        super().__init__(game, state, budget)
        self.parent: list[int] = [-1]
        self.move: list[Move] = [START]  # the move into each node (the root's is a placeholder)
        self.depth: list[int] = [0]
        self.extra: list = ["root"]
        self.at = 0  # the node the state is at

    def expand(self, node: int, found: list[tuple]) -> Solution | None:
        """Bring the state to ``node`` and enter its children: each not seen before is added
        to the tree and its entry appended to ``found`` (:meth:`priority`). The solution if
        a child is won or the budget is spent."""
        game, state = self.game, self.state
        self.go_to(node)
        for move in self.children():
            extra = self.extra_after(move, self.extra[node])
            game.apply_listed(state, move)
            if self.enter(extra):
                child = self.add(node, move, extra)
                if game.is_won(state):
                    return Solution("won", len(self.seen), self.line(child))
                if len(self.seen) >= self.budget:
                    return Solution("unknown", len(self.seen))
                found.append((*self.priority(move, child), child))
            game.undo(state)
        return None

    def priority(self, move: Move, child: int) -> tuple:
        """The order of entries (lowest first): the position's promise with ``dive`` points
        for each move made, then the move's rank."""
        return (-score(self.game, self.state, peek=True) - self.dive * self.depth[child], rank(self.game, move))

    def add(self, parent: int, move: Move, extra) -> int:
        self.parent.append(parent)
        self.move.append(move)
        self.depth.append(self.depth[parent] + 1)
        self.extra.append(extra)
        return len(self.parent) - 1

    def go_to(self, node: int) -> None:
        """Bring the state from the node it is at to ``node``: undo up to their common
        ancestor, then replay the moves down to ``node``."""
        here, there, parent, depth, down = self.at, node, self.parent, self.depth, []
        while depth[there] > depth[here]:
            down.append(self.move[there])
            there = parent[there]
        while depth[here] > depth[there]:
            self.game.undo(self.state)
            here = parent[here]
        while here != there:
            self.game.undo(self.state)
            down.append(self.move[there])
            here, there = parent[here], parent[there]
        for move in reversed(down):
            self.game.apply_listed(self.state, move)
        self.at = node

    def line(self, node: int) -> list[Move]:
        moves = []
        while node:
            moves.append(self.move[node])
            node = self.parent[node]
        return moves[::-1]


class BestFirst(Tree):
    """The positions entered but not yet looked beyond wait in a queue, the lowest
    :meth:`Tree.priority` first. A little promise for each move made (``dive``), so that of
    positions as promising the search carries on the deepest rather than spread over the
    many ways of reaching the same point (moves within the layout that change nothing the
    score sees). When the queue is empty every position reachable was entered: it says lost."""

    dive = 2

    def run(self) -> Solution:
        self.enter("root")
        queue: list[tuple] = [(0.0, 0, 0)]
        while queue:
            found: list[tuple] = []
            decided = self.expand(heapq.heappop(queue)[-1], found)
            if decided is not None:
                return decided
            for entry in found:
                heapq.heappush(queue, entry)
        return Solution("lost", len(self.seen), [], "exhausted")


class Beam:
    """Passes of :class:`BeamPass` one, two, four … positions wide, each with a tree and a
    table of positions of its own, until one decides or the budget is spent."""

    def __init__(self, game: Game, state: State, budget: int):
        self.game, self.state, self.budget = game, state, budget

    def run(self) -> Solution:
        spent, width = 0, 1
        while spent < self.budget:
            solution = BeamPass(self.game, self.state, self.budget - spent, width).run()
            spent += solution.nodes
            if solution.outcome != "unknown" or spent >= self.budget:
                return Solution(solution.outcome, spent, solution.line, solution.reason)
            width *= 2
        return Solution("unknown", spent)


class BeamPass(Tree):
    """One pass of the beam: every position of one depth expanded, the ``width`` most
    promising of their children (by :meth:`Tree.priority` with nothing for the moves
    made, since all are as deep, then the order they were entered) kept as the next depth.
    A pass that never left a position out has entered every position reachable: it says
    lost; one that did, and ran out of positions, says unknown."""

    dive = 0

    def __init__(self, game: Game, state: State, budget: int, width: int):
        super().__init__(game, state, budget)
        self.width = width

    def run(self) -> Solution:
        self.enter("root")
        layer, cut = [0], False
        while layer:
            found: list[tuple] = []
            for node in layer:
                decided = self.expand(node, found)
                if decided is not None:
                    return decided
            found.sort()
            cut = cut or len(found) > self.width
            layer = [child for *_, child in found[:self.width]]
        return Solution("unknown", len(self.seen)) if cut else Solution("lost", len(self.seen), [], "exhausted")


class DepthFirst(Search):
    """The moves of each position played in the order of :func:`patience.solver.ordering.rank`,
    each taken back when nothing below it wins. When every move of the starting position
    has been taken back every position reachable was entered: it says lost."""

    def run(self) -> Solution:
        game, state = self.game, self.state
        self.enter("root")
        path: list[Move] = []
        extras: list = ["root"]  # the history's part of each position on the path
        stack = [iter(self.ordered())]
        while stack:
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                if path:
                    game.undo(state)
                    path.pop()
                    extras.pop()
                continue
            extra = self.extra_after(move, extras[-1])
            game.apply_listed(state, move)
            if not self.enter(extra):
                game.undo(state)
                continue
            path.append(move)
            extras.append(extra)
            if game.is_won(state):
                return Solution("won", len(self.seen), list(path))
            if len(self.seen) >= self.budget:
                return Solution("unknown", len(self.seen))
            stack.append(iter(self.ordered()))
        return Solution("lost", len(self.seen), [], "exhausted")

    def ordered(self) -> list[Move]:
        return sorted(self.children(), key=lambda move: rank(self.game, move))


def solve(game: Game, state: State, budget: int = DEFAULT_BUDGET) -> Solution:
    """Decide ``state`` (left unchanged) with full knowledge, entering at most ``budget`` positions."""
    if budget < 1:
        raise ValueError("the budget must be a positive number of positions")
    if game.is_won(state):
        return Solution("won", 1)
    solution = _decided(game, state) or _searched(game, state, budget)
    if solution.outcome == "won":
        verify(game, state, solution.line)
    elif solution.outcome == "lost" and solution.reason == "exhausted":
        solution.detail = f"all {solution.nodes:,} positions reachable from here were entered, and none is won"
    return solution


def _decided(game: Game, state: State) -> Solution | None:
    """The deal decided by the structure of its rules (see the four modules), if they allow."""
    settled = confluence.decide(game, state)
    if settled is not None:
        outcome, line = settled
        if line:
            return Solution("won", len(line) + 1, line)
        return Solution("lost", 1, [], "confluent", "no choice matters in this game, and the moves, "
                        "played in any order to the end, leave cards on the table")
    short = capacity.shortfall(game, state)
    if short is not None:
        return Solution("lost", 1, [], "capacity", f"the foundations cannot hold every card in play: {short}")
    covered = covering.proof(game, state)
    if covered is not None:
        return Solution("lost", 1, [], "covering", covered)
    plan = placement.decide(game, state)
    if plan is not None:
        if plan.line:
            return Solution("won", plan.nodes, plan.line)
        return Solution("lost", plan.nodes, [], "placement", f"the suits need {_places(plan.need)} to be laid "
                        f"out and built up, and there {'is' if plan.capacity == 1 else 'are'} {plan.capacity}")
    return None


def _places(count: int) -> str:
    return f"{count} holding place{'' if count == 1 else 's'}"


def _searched(game: Game, state: State, budget: int) -> Solution:
    """A dive first (:mod:`patience.solver.dive`), then the three searches, in C where the
    accelerator takes the game, else in Python."""
    line = dive(game, state)
    if line is not None:
        return Solution("won", len(line), line)
    fast = native.solve(game, state, budget)
    if fast is None:
        return reference(game, state, budget)
    outcome, nodes, line = fast
    return Solution(outcome, nodes, line, "exhausted" if outcome == "lost" else None)


def reference(game: Game, state: State, budget: int) -> Solution:
    """The three searches in Python, the beam, best-first, then depth-first, each on what
    the others left of its share of the budget: the definition the accelerator follows."""
    spent = 0
    for search, share in ((Beam, budget // BEAM_SHARE), (BestFirst, budget // BEST_SHARE), (DepthFirst, budget)):
        left = budget - spent
        if left <= 0:
            break
        solution = search(game, state, max(1, min(share, left))).run()
        spent += solution.nodes
        if solution.outcome != "unknown":
            return Solution(solution.outcome, spent, solution.line, solution.reason)
    return Solution("unknown", spent)


def verify(game: Game, state: State, line: list[Move]) -> None:
    """Replay ``line`` from ``state`` with the engine; it must be legal and end won."""
    replay = state.copy()
    for move in line:
        game.apply(replay, move)  # raises IllegalMove if the line is not legal
    if not game.is_won(replay):
        raise AssertionError(f"{game.id}: the winning line does not end won")
