"""What the translation did to the games: which reading of each departure from Cadogan's
English a game plays, and the win rates of the two readings.

A departure that changes play (``source_texts/departures.yaml``) names the two games
that play its readings (``played``): the game, following the reading the edition
chose, and the variant that plays the other. Their win rates come from the
statistics table (:mod:`patience.stats.table`), read through ``table.load`` and
``table.summarize``: the deals won (by the solver, or by the player where the solver
ran out of budget) with the 95% Wilson interval, widened to the deals left undecided.
A departure measured by the player (``measure: player``: only what he sees differs, so
the solver, which sees every card, plays both readings alike) is measured by the
player's wins in each game, with their Wilson interval. A game with no stored results
is *not yet measured*.
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.stats import table
from patience.stats.intervals import wilson

READINGS = ("russian", "english")
WHOSE = {"russian": "the Russian", "english": "Cadogan's English"}


@dataclass(frozen=True)
class Rate:
    """One reading's rate: ``won`` of ``out_of`` deals, with its 95% interval. Where the
    solver left ``undecided`` deals, the interval runs from the lowest rate (all of them
    lost) to the highest (all won), each widened by its own interval."""

    game: str
    won: int
    out_of: int
    low: float
    high: float
    undecided: int = 0
    by_player: bool = False  # the player's wins (``measure: player``), not the solver's

    @property
    def rate(self) -> float:
        return self.won / self.out_of if self.out_of else 0.0

    def as_record(self) -> dict:
        record = {"won": self.won, "out_of": self.out_of, "low": round(self.low, 4), "high": round(self.high, 4)}
        return record | ({"undecided": self.undecided} if self.undecided else {})


@dataclass(frozen=True)
class Effect:
    """A departure's two readings and their rates (``None``: not yet measured), and why a
    rate is missing."""

    departure: str
    played: dict[str, str]
    measure: str
    rates: dict[str, Rate | None]
    missing: str = ""

    @property
    def measured(self) -> bool:
        return all(self.rates[reading] is not None for reading in READINGS)

    def rate_of(self, reading: str) -> Rate:
        """The measured rate of one reading (of an effect that is ``measured``)."""
        found = self.rates[reading]
        if found is None:
            raise ValueError(f"{self.departure}: {reading} reading not yet measured")
        return found

    @property
    def separate(self) -> bool:
        """Whether the two 95% intervals are apart (neither overlaps the other)."""
        russian, english = self.rates["russian"], self.rates["english"]
        return bool(russian and english and (russian.high < english.low or english.high < russian.low))

    def as_record(self) -> dict | None:
        """The ``effect`` field of departures.yaml, or ``None`` while not measured."""
        if not self.measured:
            return None
        return {**{reading: self.rate_of(reading).as_record() for reading in READINGS}, "separate": self.separate}


def rate(game_id: str, data: dict) -> Rate | None:
    """The solver's rate for ``game_id`` in the stored table ``data`` (``table.load()``)."""
    summary = _summary(game_id, data)
    if summary is None:
        return None
    low = wilson(summary.won, summary.deals)[0]
    high = wilson(summary.won + summary.unknown, summary.deals)[1]
    return Rate(game_id, summary.won, summary.deals, low, high, summary.unknown)


def player_rate(game_id: str, data: dict) -> Rate | None:
    """The player's rate for ``game_id`` in the stored table ``data``: the deals it won."""
    summary = _summary(game_id, data)
    if summary is None:
        return None
    low, high = wilson(summary.player_won, summary.deals)
    return Rate(game_id, summary.player_won, summary.deals, low, high, by_player=True)


def _summary(game_id: str, data: dict) -> table.Summary | None:
    """The stored results of ``game_id``, or None where it has no deal."""
    stored = data.get("games", {}).get(game_id)
    if stored is None:
        return None
    summary = table.summarize(game_id, stored)
    return summary if summary.deals else None


def effect(departure, data: dict) -> Effect:
    """What the departure did, from the stored table ``data``."""
    played = departure.played or {}
    measured = player_rate if departure.measure == "player" else rate
    rates = {reading: measured(played[reading], data) for reading in READINGS}
    absent = [played[reading] for reading in READINGS if rates[reading] is None]
    missing = f"the statistics table has no results for {' or '.join(absent)}" if absent else ""
    return Effect(departure.id, played, departure.measure, rates, missing)


def effects(departures, data: dict | None = None) -> list[Effect]:
    """The effect of every departure that names the games of its two readings."""
    data = table.load() if data is None else data
    return [effect(d, data) for d in departures if d.played]


def reading_played(departures, game_id: str) -> list[str]:
    """For a game or variant, one sentence per departure whose reading it plays: which
    reading, and which game plays the other (what Play's variant chooser says)."""
    sentences = []
    for departure in (d for d in departures if d.played and game_id in d.played.values()):
        reading = next(r for r in READINGS if departure.played[r] == game_id)
        other = next(r for r in READINGS if r != reading)
        sentences.append(f"On {departure.topic}, this plays {WHOSE[reading]} (the departure {departure.id}); "
                         f"{departure.played[other]} plays {WHOSE[other]}.")
    return sentences
