"""The rules directives on a good spec: clauses, conjectures, links both ways, claims, plate, example."""

from __future__ import annotations

import html
import json
import re

import pytest
import yaml

from patience.cli import main as patience_main
from tests.sphinx.helpers import page, warnings_of


@pytest.fixture
def built(rules_site, build):
    site = rules_site()
    app = build(site)
    return site, app


def spec_items(site, game: str, key: str) -> list[dict]:
    """The spec's clauses or claims, read with plain YAML (not through the engine)."""
    return yaml.safe_load((site / "specs" / f"{game}.yaml").read_text(encoding="utf-8"))[key]


def block(page_html: str, anchor: str) -> str:
    """The HTML of the clause or claim block with this id, up to the next block."""
    start = page_html.rindex("<div", 0, page_html.index(f'id="{anchor}"'))
    following = re.compile(r'<div class="rules-(clause|claim)[ "]').search(page_html, start + 1)
    return page_html[start:following.start() if following else None]


def row(page_html: str, passage_id: str) -> str:
    start = page_html.index(f'id="{passage_id}"')
    return page_html[start:page_html.index('class="ed-cell ed-witness"', start)]


def test_the_build_is_clean(built):
    assert warnings_of(built[1]) == []


def test_every_clause_and_claim_of_the_spec_is_on_the_page_in_plain_language(built):
    site, app = built
    sultan = page(app, "sultan")
    for item in spec_items(site, "sultan", "clauses") + spec_items(site, "sultan", "claims"):
        shown = block(sultan, f"clause-sultan.{item['id']}")
        says = " ".join(item["says"].split())
        # Sphinx's smart quotes print an apostrophe as ’.
        assert says in html.unescape(shown).replace("’", "'")
        for passage_id in item.get("passages", []):
            assert f'href="#{passage_id}"' in shown


def test_a_quotation_is_shown_in_the_reading_texts_language(built):
    shown = block(page(built[1], "sultan"), "clause-sultan.divan")
    assert '<q lang="ru-petr1708">кладутъ на каждую изъ сторонъ по четыре карты, которыя составляютъ диванъ</q>' in shown


def test_conjecture_is_marked_with_its_reason(built):
    site, app = built
    sultan = page(app, "sultan")
    whole = block(sultan, "clause-sultan.talon-to-foundations")
    assert 'class="rules-clause rules-conjecture"' in whole
    assert "No passage of the fragments says this." in whole
    assert "Editorial conjecture:" in whole and "the talon could feed only the" in whole
    part = block(sultan, "clause-sultan.packs")
    assert 'class="rules-clause rules-conjectural"' in part
    assert "Editorial conjecture (on count):" in part
    sourced = block(sultan, "clause-sultan.sultan")
    assert "Editorial conjecture" not in sourced and 'class="rules-clause"' in sourced


def test_passages_link_back_to_their_clauses_and_claims(built):
    sultan = page(built[1], "sultan")
    cited = row(sultan, "sultan.end.2")
    assert "Cited by rule clauses:" in cited
    for name in ("sultan.divan", "sultan.sultan", "sultan.divan-four-a-side"):
        assert f'href="#clause-{name}"' in cited
    assert "sultan.divan-four-a-side (holds)" in re.sub(r"<[^>]+>", "", cited)  # a claim's back-link carries its status
    assert 'href="#clause-sultan.divan"' not in row(sultan, "sultan.end.3")


def test_clauses_are_referable_from_any_page(built):
    refs = page(built[1], "refs")
    assert 'href="sultan.html#clause-sultan.divan"' in refs
    assert 'href="sultan.html#clause-sultan.eight-end-with-queens"' in refs
    assert 'href="calculation.html#clause-calculation:waiting.foundations"' in refs


def test_variants_show_their_own_clauses_and_what_they_drop(built):
    calculation = page(built[1], "calculation")
    assert 'id="variant-calculation:waiting"' in calculation
    assert 'id="clause-calculation:waiting.foundations"' in calculation
    assert 'id="clause-calculation.foundations"' in calculation  # the base clause it replaces stays


def test_every_claim_shows_that_it_holds(built):
    site, app = built
    for game in ("sultan", "calculation"):
        shown = page(app, game)
        claims = spec_items(site, game, "claims")
        for claim in claims:
            assert "✓ Holds" in block(shown, f"clause-{game}.{claim['id']}")
        assert f'<p class="rules-claims-summary">{len(claims)} claims: {len(claims)} hold.</p>' in shown


def test_a_known_contradiction_is_shown_with_its_note_and_no_warning(rules_site, build):
    site = rules_site()
    spec = site / "specs" / "sultan.yaml"
    text = spec.read_text(encoding="utf-8")
    broken = text.replace("check: {kind: layout, area: divan, piles: 8, cards_each: 1}",
                          "check: {kind: layout, area: divan, piles: 8, cards_each: 2}\n"
                          "    expect: contradicted\n    note: The divan's cards are single, whatever this says.")
    spec.write_text(broken, encoding="utf-8")
    app = build(site)
    assert warnings_of(app) == []
    shown = block(page(app, "sultan"), "clause-sultan.divan-four-a-side")
    assert "✗ Contradicted by the engine" in shown
    claims = len(spec_items(site, "sultan", "claims"))
    assert (f'<p class="rules-claims-summary">{claims} claims: {claims - 1} hold, 1 is contradicted by the engine.</p>'
            in page(app, "sultan"))
    assert "Editorial note: </strong>The divan’s cards are single" in shown or "The divan's cards are single" in html.unescape(shown)
    assert "The engine: deal 0: divan sizes [1, 1, 1, 1, 1, 1, 1, 1]." in html.unescape(shown)


def test_the_plate_is_an_svg_with_its_text_alternative_and_caption_link(built):
    sultan = page(built[1], "sultan")
    figure = sultan[sultan.index('id="plate-sultan"'):sultan.index("</figure>")]
    svg = re.search(r"<svg[^>]*>", figure).group(0)
    assert 'role="img"' in svg and 'aria-labelledby="plate-sultan-svg-title plate-sultan-svg-desc"' in svg
    assert 'viewBox="0 0 ' in svg
    assert re.search(r'<title id="plate-sultan-svg-title">Sultan \(Султанъ\)', figure)
    desc = re.search(r'<desc id="plate-sultan-svg-desc">(.*?)</desc>', figure, re.S).group(1)
    assert "Divan («диванъ», tableau), around: 8 piles, each 1 card face up." in html.unescape(desc)
    assert 'href="#sultan.plate"' in figure  # the book's caption survives
    assert "patience plate sultan" in re.sub(r"<[^>]+>", "", figure)
    calculation = page(built[1], "calculation")
    figure = calculation[calculation.index('id="plate-calculation"'):calculation.index("</figure>")]
    assert "caption survives" not in figure and "calculation.plate" not in figure  # no caption survives


def test_the_example_is_the_deal_the_command_plays(built, capsys):
    calculation = page(built[1], "calculation")
    data = re.search(r'<script type="application/json" class="rules-replay-data">(.*?)</script>', calculation, re.S)
    replay = json.loads(data.group(1).replace("<\\/", "</"))
    assert replay["command"] == "patience autoplay calculation 4 --look-ahead"
    assert patience_main(["autoplay", "calculation", "4", "--look-ahead", "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert replay["outcome"] == played["outcome"] == "won"
    assert len(replay["steps"]) == len(played["moves"])
    assert [step["move"].split(" ", 1)[0] for step in replay["steps"]] == [m["card"].split("/")[0] for m in played["moves"]]
    assert f"won: every card is on the foundations, after {len(played['moves'])} moves" in calculation
    blocks = [re.sub(r"<[^>]+>", "", body).strip() for body in re.findall(r"<pre[^>]*>(.*?)</pre>", calculation, re.S)]
    assert "patience autoplay calculation 4 --look-ahead" in blocks


def test_the_replay_rebuilds_the_final_position(built):
    """Applying every step's changes to the start gives the engine's final position."""
    from patience.cards import card_name
    from patience.player import play
    from patience.rulespec.compile import load_game

    sultan = page(built[1], "sultan")
    data = re.search(r'class="rules-replay-data">(.*?)</script>', sultan, re.S).group(1)
    replay = json.loads(data.replace("<\\/", "</"))
    piles = list(replay["start"])
    for step in replay["steps"]:
        for pile, cards in step["set"].items():
            piles[int(pile)] = cards
    game = load_game("sultan")
    state = game.deal(1)
    play(game, state)
    assert piles[1:] == [[card_name(c) for c in cards] for cards in state.piles[1:]]
    assert piles[0] == len(state.piles[0])  # the pack stays face down: only its count is shown


@pytest.fixture
def english_site(rules_site, build):
    """The test site with a page of the departures of the Sultan and of Calculation."""
    site = rules_site()
    (site / "english.md").write_text("---\norphan: true\n---\n\n# English\n\n```{ed:departures} sultan\n```\n\n"
                                     "```{ed:departures} calculation\n```\n", encoding="utf-8")
    return build(site)


def test_departures_link_to_their_clauses_and_passages_and_back(english_site):
    assert warnings_of(english_site) == []
    english, sultan = page(english_site, "english"), page(english_site, "sultan")
    start = english.index('id="departure-sultan.redeals"')
    departure = english[start:english.index('id="departure-sultan.divan-sides"')]
    assert 'href="sultan.html#clause-sultan.redeal"' in departure and 'href="sultan.html#sultan.end.3"' in departure
    assert "changes how the game plays" in departure and "sultan:english" in departure
    clause = block(sultan, "clause-sultan.redeal")
    assert "Against Cadogan" in clause and 'href="english.html#departure-sultan.redeals"' in clause
    assert "departure from the English" in row(sultan, "sultan.end.3")


def test_a_game_without_english_says_so_and_shows_its_settled_readings(english_site):
    english = page(english_site, "english")
    section = english[english.index('id="departures-calculation"'):]
    assert "is not available" in section and 'id="reading-calculation.steps"' in section
    assert "Inference, not proof" in section and 'href="calculation.html#clause-calculation.foundations"' in section
