"""The mutation record (``docs/mutation-score.json``): the summary of a whole mutation
run, which the test suite holds the specs to and the spec-language page shows.

A run of some games (``patience check --mutations GAME --record FILE``) is merged into
the record: their entries are replaced, every other game's kept, and the file comes out
as a whole run over today's games would write it (games in their order, totals summed
again, a game no longer playable dropped), since each game's score depends on its own
spec alone.
"""

from __future__ import annotations


def merged(record: dict, run: dict, order: list[str]) -> dict:
    """``record`` with the games of ``run`` (both as :func:`patience.claims.scoring.summary`
    gives them) taken from ``run``; ``order`` is every playable game, in the whole run's order."""
    ran = set(run["games"])

    def source(game: str) -> dict:
        return run if game in ran else record

    games = [game for game in order if game in ran or game in record.get("games", {})]
    counts = {game: source(game)["games"][game] for game in games}
    return {
        **{key: sum(counts[game][key] for game in games) for key in ("mutants", "killed", "equivalent", "silent")},
        "survived": [entry for game in games for entry in source(game)["survived"] if entry["game"] == game],
        "games": counts,
        "kills": {game: source(game)["kills"][game] for game in games},
        "claims_never_killing": sorted(entry for game in games for entry in source(game)["claims_never_killing"]
                                       if _game_of(entry) == game),
        "claims_exempt": {entry: reason for game in games for entry, reason in source(game)["claims_exempt"].items()
                          if _game_of(entry) == game},
    }


def _game_of(entry: str) -> str:
    """The game of a ``"GAME CLAIM"`` entry."""
    return entry.split(" ", 1)[0]
