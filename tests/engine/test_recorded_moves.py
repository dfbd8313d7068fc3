"""The engine against a record of its own earlier behaviour: for every game and variant,
random playouts of several deals (with moves undone on the way), and at every step a
digest of the legal moves (in order), the position (piles and pass), whether it is won, and the
clauses that allow the move played.

The record (``data/recorded_moves.json``) was written by the engine before its speed
work, and written again when the engine's Zobrist hash was removed (the position in the
hash's place) by an engine that still reproduced the earlier record; an engine made
faster must reproduce it exactly. When a game's rules change on
purpose, or a game or variant is added, write its record again, the others' kept::

    python -m tests.engine.test_recorded_moves GAME [GAME …]

(with no game, every game's record is written again).
"""

import hashlib
import json
import sys
from pathlib import Path

import pytest

from patience.engine.rng import SplitMix64, seed
from patience.rulespec.compile import games, load_game

RECORD = Path(__file__).parent / "data" / "recorded_moves.json"
DEALS, STEPS = 20, 400
GAME_IDS = [entry.id for entry in games() if entry.playable]


def trace(game_id: str, number: int) -> str:
    """One playout's digest: every step's legal moves, position, outcome and reasons."""
    game, digest = load_game(game_id), hashlib.sha256()
    state, generator = game.deal(number), SplitMix64(seed(f"record:{game_id}:{number}"))
    for _ in range(STEPS):
        moves = game.legal_moves(state)
        digest.update(repr((moves, state.snapshot(), game.is_won(state))).encode())
        if not moves:
            break
        move = moves[generator.below(len(moves))]
        digest.update(repr(game.reasons(state, move)).encode())
        game.apply(state, move)
        if generator.below(5) == 0:  # back and forth now and then, so that undo is recorded too
            assert game.undo(state) == move
            digest.update(repr(game.legal_moves(state)).encode())
            game.apply(state, move)
    return digest.hexdigest()


def record(game_ids: list[str]) -> dict[str, list[str]]:
    """The stored record with the playouts of ``game_ids`` written again, in the games' order."""
    stored = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    fresh = {game_id: [trace(game_id, number) for number in range(DEALS)] for game_id in game_ids}
    return {game_id: fresh[game_id] if game_id in fresh else stored[game_id]
            for game_id in GAME_IDS if game_id in fresh or game_id in stored}


def rewriting(game_id: str) -> str:
    return f"python -m tests.engine.test_recorded_moves {game_id}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_playouts_repeat_the_record(game_id):
    recorded = json.loads(RECORD.read_text())
    assert game_id in recorded, f"{game_id} has no recorded playouts; record them: {rewriting(game_id)}"
    assert [trace(game_id, number) for number in range(DEALS)] == recorded[game_id], (
        "the engine plays differently from its record; if the game's rules changed on purpose, "
        f"write its record again: {rewriting(game_id)}")


if __name__ == "__main__":
    unknown = sorted(set(sys.argv[1:]) - set(GAME_IDS))
    if unknown:
        sys.exit(f"no playable game {', '.join(unknown)}; playable: {', '.join(GAME_IDS)}")
    RECORD.write_text(json.dumps(record(sys.argv[1:] or GAME_IDS), indent=1) + "\n")
