"""The page "What the translation changed" and the effect beside each departure, built
from the repository's statistics table: a measured departure shows its chart and its
rates in words, an unmeasured one says "not yet measured" and why."""

from __future__ import annotations

import pytest

from patience.readings import effects
from patience.text import load_edition

from .helpers import page, warnings_of

CHANGING = [d for d in load_edition().collation.departures if d.played]


def row_of(html: str, departure_id: str) -> str:
    anchor = f'id="effect-{departure_id.replace(".", "-")}"'
    start = html.index(anchor)
    end = html.find('<section class="ed-effect-row', start + 1)
    return html[start:end if end > 0 else None]


@pytest.mark.sphinx("html", testroot="translation", freshenv=True)
def test_one_row_per_departure_that_changes_play_with_its_effect_or_why_not(app):
    app.build()
    assert not [w for w in warnings_of(app) if "[edition.dangling]" not in w]  # no page here holds the passages
    html = page(app, "index")
    found = {item.departure: item for item in effects(CHANGING)}
    for departure in CHANGING:
        row = row_of(html, departure.id)
        assert departure.played["russian"] in row and departure.played["english"] in row
        if found[departure.id].measured:
            assert "<svg" in row and "deals won" in row and "Not yet measured" not in row
        else:
            assert "<svg" not in row and "Not yet measured" in row and found[departure.id].missing in row


@pytest.mark.sphinx("html", testroot="translation", freshenv=True)
def test_the_game_page_shows_the_effect_beside_the_departure(app):
    app.build()
    games = page(app, "games")
    departure = games[games.index('id="departure-empress.rule-one"'):]
    departure = departure[:departure.index('id="departure-', 10)]
    assert "Played both ways" in departure and "empress:russian-rule-one" in departure
    # both readings are in the stored table: the effect is drawn beside the departure
    assert "<svg" in departure and "deals won" in departure and "Not yet measured" not in departure
