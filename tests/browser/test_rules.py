"""Rules in the pages, in a real browser: the replay by keyboard, clause ⇄ passage, the plate's text alternative."""

from __future__ import annotations

import re

import pytest

from patience.engine import load_game
from patience.engine.autoplay import autoplay

pytestmark = pytest.mark.browser


def test_the_replay_steps_through_the_deal_with_the_keyboard(page, site_url):
    game = load_game("calculation")
    state = game.deal(4)
    moves = [game.describe(move) for move in autoplay(game, state).moves]  # what the page should replay
    page.goto(f"{site_url}docs/games/calculation.html")
    replay = page.locator(".rules-replay")
    position = replay.locator(".rules-position")
    assert replay.locator(".rules-replay-controls").is_visible()
    assert position.inner_text() == f"Start: move 0 of {len(moves)}"
    replay.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert position.inner_text() == f"Move 3 of {len(moves)}: {moves[2]}"
    current = replay.locator("xpath=..").locator('.rules-moves li[aria-current="step"]')
    assert current.count() == 1 and current.text_content().strip() == moves[2]  # in the closed list too
    target = moves[2].split("→ ")[1]
    changed = replay.locator("tr.rules-changed th").all_inner_texts()
    assert target in changed
    page.keyboard.press("ArrowLeft")
    assert position.inner_text() == f"Move 2 of {len(moves)}: {moves[1]}"
    page.keyboard.press("End")
    assert position.inner_text() == f"Move {len(moves)} of {len(moves)}: {moves[-1]} — won: every card is on the foundations"
    for pile in range(1, 5):  # the four foundations end with kings
        cards = replay.locator(f'tr:has(th:text-is("foundation {pile}")) .rules-card').all_inner_texts()
        assert len(cards) == 13 and cards[-1].startswith("K")
    page.keyboard.press("Home")
    assert position.inner_text() == f"Start: move 0 of {len(moves)}"
    replay.get_by_role("button", name=re.compile("Play the next move")).click()
    assert position.inner_text() == f"Move 1 of {len(moves)}: {moves[0]}"


def test_a_clause_leads_to_its_passage_and_back(page, site_url):
    page.goto(f"{site_url}docs/rules-in-the-pages.html")
    page.locator('a[href$="#clause-sultan.divan"]').first.click()
    page.wait_for_url(re.compile(r"sultan\.html#clause-sultan\.divan$"))
    clause = page.locator('[id="clause-sultan.divan"]')
    assert "Four cards on each side form the divan." in clause.inner_text()
    clause.locator('a[href="#sultan.end.2"]').click()
    page.wait_for_url(re.compile(r"#sultan\.end\.2$"))
    row = page.locator('[id="sultan.end.2"]')
    assert row.is_visible()
    back = row.locator('.ed-cited-by a[href="#clause-sultan.divan"]')
    assert back.inner_text() == "sultan.divan"
    back.click()
    page.wait_for_url(re.compile(r"#clause-sultan\.divan$"))
    assert page.evaluate("() => document.querySelector(':target').id") == "clause-sultan.divan"


def test_the_plate_has_its_text_alternative_and_scales(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    plate = page.get_by_role("img", name=re.compile(r"^Sultan \(Султанъ\): the layout at the start"))
    assert plate.count() == 1
    description = plate.evaluate(
        "svg => svg.getAttribute('aria-labelledby').split(' ').map(id => document.getElementById(id).textContent)")
    assert description[0].startswith("Sultan (Султанъ)")
    assert "Divan («диванъ», tableau), around: 8 piles, each 1 card face up." in description[1]
    caption = page.locator("#plate-sultan figcaption")
    assert caption.locator('a[href="#sultan.plate"]').count() == 1
    page.set_viewport_size({"width": 360, "height": 800})
    box = plate.bounding_box()
    assert 0 < box["width"] <= 360
