"""Rules in the pages, in a real browser: the replay by keyboard, clause ⇄ passage, the plate's text alternative."""

from __future__ import annotations

import re

import pytest

from patience.player import play
from patience.rulespec.compile import load_game

pytestmark = pytest.mark.browser


def test_the_replay_steps_through_the_deal_with_the_keyboard(page, site_url):
    game = load_game("calculation")
    state = game.deal(4)
    moves = [game.describe(move) for move in play(game, state).moves]  # what the page should replay
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
    changed = replay.locator(".rules-pile.rules-changed").evaluate_all("piles => piles.map(p => p.dataset.name)")
    assert target in changed
    page.keyboard.press("ArrowLeft")
    assert position.inner_text() == f"Move 2 of {len(moves)}: {moves[1]}"
    page.keyboard.press("End")
    assert position.inner_text() == f"Move {len(moves)} of {len(moves)}: {moves[-1]} — won: every card is on the foundations"
    for pile in range(1, 5):  # the four foundations end with kings
        foundation = replay.locator(f'.rules-pile[data-name="foundation {pile}"]')
        assert foundation.get_attribute("data-count") == "13" and foundation.inner_text().startswith("K")
        assert foundation.get_attribute("aria-label").startswith(f"foundation {pile}: K")
    page.keyboard.press("Home")
    assert position.inner_text() == f"Start: move 0 of {len(moves)}"
    replay.get_by_role("button", name=re.compile("Play the next move")).click()
    assert position.inner_text() == f"Move 1 of {len(moves)}: {moves[0]}"


def test_the_replay_is_drawn_on_the_plates_places_with_cards_face_down_as_backs(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    replay = page.locator(".rules-replay")
    assert replay.locator("table.rules-board").is_hidden()  # the table is for other builders
    plate = page.locator("#plate-sultan svg").bounding_box()
    board = replay.locator(".rules-table").bounding_box()
    placed = {}
    for name in ("stock", "sultan", "divan 1", "king foundation 1"):
        rect = page.locator(f'#plate-sultan g.rules-pile:has(title:text-matches("^{name}:")) rect')
        pile = replay.locator(f'.rules-pile[data-name="{name}"]').bounding_box()
        drawn = rect.bounding_box()
        placed[name] = ((drawn["x"] - plate["x"]) / plate["width"], (pile["x"] - board["x"]) / board["width"],
                        (drawn["y"] - plate["y"]) / plate["height"], (pile["y"] - board["y"]) / board["height"])
    for name, (plate_x, board_x, plate_y, board_y) in placed.items():  # the same places, in proportion
        assert abs(plate_x - board_x) < 0.01 and abs(plate_y - board_y) < 0.01, name
    stock = replay.locator('.rules-pile[data-name="stock"]')
    assert stock.locator(".rules-down").count() == 1 and stock.inner_text() == stock.locator(".rules-count").inner_text()
    assert re.fullmatch(r"stock: \d+ cards face down", stock.get_attribute("aria-label"))


@pytest.mark.parametrize("width, height", [(1400, 900), (390, 844)])
def test_the_replay_board_and_its_controls_fit_on_the_screen(page, site_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}docs/games/zodiac.html")
    top, board = page.evaluate("""() => {
        const replay = document.querySelector('.rules-replay');
        replay.scrollIntoView({block: 'start', behavior: 'instant'});
        return ['.rules-replay-controls', '.rules-table'].map(s => replay.querySelector(s).getBoundingClientRect().toJSON());
    }""")
    assert top["top"] >= 0 and board["left"] >= 0 and board["right"] <= width
    assert board["bottom"] <= height, (top, board)


def test_each_move_of_the_list_is_a_link_to_its_position(page, site_url):
    page.goto(f"{site_url}docs/games/calculation.html")
    replay = page.locator(".rules-replay")
    position = replay.locator(".rules-position")
    links = page.locator(".rules-example .rules-moves a")
    fifth = links.nth(4)
    assert fifth.get_attribute("href") == "#example-calculation-4-m5"
    fifth.click()
    assert position.inner_text().startswith("Move 5 of ")
    assert page.url.endswith("#example-calculation-4-m5")
    page.goto(f"{site_url}docs/games/calculation.html#example-calculation-4-m12")
    assert page.locator(".rules-replay .rules-position").inner_text().startswith("Move 12 of ")


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


def test_a_fragment_that_is_no_css_selector_stops_no_script(page, site_url):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f'{site_url}docs/games/sultan.html#x"]%5B%E0%A4%A')
    assert page.locator(".rules-replay-controls").first.is_visible()  # shown by rules.js once it runs
    assert errors == []


def test_the_replay_and_the_layers_work_in_a_page_opened_from_a_disk(browser, built_site):
    """The pages' scripts are bundled into classic scripts because a browser loads no module
    from a file: a page read from a disk steps through its replay and adds its layer controls."""
    context = browser.new_context()
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto((built_site / "docs" / "games" / "calculation.html").as_uri())
        replay = page.locator(".rules-replay")
        assert replay.locator(".rules-replay-controls").is_visible()
        replay.focus()
        page.keyboard.press("ArrowRight")
        assert replay.locator(".rules-position").inner_text().startswith("Move 1 of ")
        assert replay.locator(".rules-pile").count() > 0  # the board, drawn by the same bundle
        assert page.locator(".ed-controls .ed-toggle").count() > 0  # edition.js's layer controls
        assert errors == []
    finally:
        context.close()
