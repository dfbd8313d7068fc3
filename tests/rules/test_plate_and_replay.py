"""The engine-side pieces, without Sphinx: plates drawn from every spec, replays of every game."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from patience.cards import card_name
from patience.cli import main as patience_main
from patience.engine.autoplay import autoplay
from patience.rulespec.compile import games, load_game
from patience.views.plate import H, W, board, layout, svg
from patience.views.replay import TimeLimit, record

SVG = "{http://www.w3.org/2000/svg}"
PLAYABLE = [entry.id for entry in games() if entry.playable]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_plate_places_every_pile_once_without_overlap_inside_the_drawing(game_id):
    game = load_game(game_id)
    block = layout(game)
    assert sorted(pile for _, _, pile in block.slots) == list(range(len(game.rules.pile_area)))
    for x, y, _ in block.slots:
        assert 0 <= x <= block.width - W + 0.01 and 0 <= y <= block.height - H + 0.01
    for i, (x1, y1, _) in enumerate(block.slots):
        for x2, y2, _ in block.slots[i + 1:]:
            assert abs(x1 - x2) >= W or abs(y1 - y2) >= H, f"piles overlap at ({x1:.0f}, {y1:.0f})"


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_plate_is_valid_svg_with_its_text_alternative_and_every_area_named(game_id):
    game = load_game(game_id)
    root = ElementTree.fromstring(svg(game, "p"))
    assert root.get("role") == "img" and root.get("aria-labelledby") == "p-title p-desc"
    assert root.find(f"{SVG}title").get("id") == "p-title"
    desc = root.find(f"{SVG}desc").text
    labels = {span.text for span in root.iter(f"{SVG}tspan")}
    for area in game.rules.areas.values():
        assert area.label_ru in labels and area.name in labels
        assert f"«{area.label_ru}»" in desc
    assert len([g for g in root.iter(f"{SVG}g") if g.get("class") == "rules-pile"]) == len(game.rules.pile_area)


def test_the_sultan_plate_shows_the_fixed_cards_and_the_pack_count():
    root = ElementTree.fromstring(svg(load_game("sultan")))
    shown = [t.text for t in root.iter(f"{SVG}text") if t.text]
    assert shown.count("K♥") == 1 and shown.count("A♥") == 1 and shown.count("K") == 7
    assert str(104 - 9 - 8) in shown  # two packs less the nine cards taken out and the eight of the divan


def test_patience_plate_prints_the_same_drawing(capsys):
    assert patience_main(["plate", "duchess"]) == 0
    assert capsys.readouterr().out == svg(load_game("duchess")) + "\n"
    assert patience_main(["plate", "duchess", "--describe"]) == 0
    assert capsys.readouterr().out.startswith("Stock («колода», pack), bottom left: one pile, 98 cards face down.")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_replay_is_the_autoplay_and_rebuilds_its_final_position(game_id):
    game = load_game(game_id)
    replay = record(game, 2)
    state = game.deal(2)
    playout = autoplay(game, state)
    assert [step["move"] for step in replay["steps"]] == [game.describe(m) for m in playout.moves]
    assert replay["outcome"] == playout.outcome and replay["command"] == f"patience autoplay {game_id} 2"
    piles = list(replay["start"])
    for step in replay["steps"]:
        assert step["set"], f"{step['move']} changed nothing"
        for pile, cards in step["set"].items():
            piles[int(pile)] = cards
    for pile, cards in enumerate(state.piles):
        shown = piles[pile]
        assert shown == (len(cards) if isinstance(shown, int) else [card_name(c) for c in cards])


def test_play_stops_at_the_time_limit():
    with pytest.raises(TimeLimit, match="napoleon: play took longer than 1e-09 s"):
        record(load_game("napoleon"), 1, 1e-9)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_board_puts_every_pile_where_the_plate_draws_it(game_id):
    game = load_game(game_id)
    drawn = {}
    for group in ElementTree.fromstring(svg(game)).iter(f"{SVG}g"):
        rect = group.find(f"{SVG}rect")
        drawn[group.find(f"{SVG}title").text.split(":")[0]] = (float(rect.get("x")), float(rect.get("y")))
    data = board(game)
    assert data["card"] == [W, H] and len(data["piles"]) == len(game.rules.pile_area)
    for pile, place in enumerate(data["piles"]):
        assert place["name"] == game.rules.pile_name(pile)
        assert (place["x"], place["y"]) == pytest.approx(drawn[place["name"]], abs=0.1)
        assert 0 <= place["x"] <= data["width"] - W and 0 <= place["y"] <= data["height"] - H
