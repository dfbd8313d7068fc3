"""The reader's layers: each shown or hidden, a reading mode, the choice kept across
pages, columns never narrower than about 35 characters, marks that are off are not
tab stops."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

LAYERS = ("witness", "reading", "modern", "english")


def row(page, passage_id):
    return page.locator(f'[id="{passage_id}"]')


def visible_layers(page, passage_id):
    return [key for key in LAYERS if row(page, passage_id).locator(f".ed-{key}").is_visible()]


def test_each_layer_can_be_shown_or_hidden(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    assert visible_layers(page, "sultan.end.2") == ["reading", "modern", "english"]
    for key in ("modern", "english", "witness"):
        page.locator(f".ed-toggle-{key}").click()
    assert visible_layers(page, "sultan.end.2") == ["witness", "reading"]
    page.locator(".ed-toggle-reading").click()
    assert visible_layers(page, "sultan.end.2") == ["witness"]


def test_toggle_buttons_keep_their_label_and_say_their_state_with_aria_pressed(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    for button in page.locator(".ed-controls button").all():
        label, pressed = button.inner_text(), button.get_attribute("aria-pressed")
        assert pressed in ("true", "false")
        button.click()
        assert button.inner_text() == label
        assert button.get_attribute("aria-pressed") == ("false" if pressed == "true" else "true")
        button.click()


def test_reading_mode_shows_the_reading_text_alone_without_marks(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    page.locator(".ed-toggle-readingMode").click()
    assert visible_layers(page, "napoleon.rules.1") == ["reading"]
    mark = row(page, "napoleon.rules.1").locator(".ed-corr").first
    assert mark.evaluate("n => getComputedStyle(n).borderBottomStyle") == "none"
    assert mark.get_attribute("tabindex") == "-1"
    links = row(page, "napoleon.rules.1").locator(".ed-reading a:has(.ed-term)")
    assert links.count() > 0
    assert all(link.evaluate("n => getComputedStyle(n).pointerEvents") == "none" for link in links.all())
    assert row(page, "napoleon.rules.1").locator(".ed-changes").is_hidden()


def test_the_choice_is_remembered_on_other_pages(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    page.locator(".ed-toggle-english").click()
    page.locator(".ed-toggle-witness").click()
    page.goto(f"{site_url}docs/games/napoleon.html")
    assert visible_layers(page, "napoleon.rules.1") == ["witness", "reading", "modern"]
    assert page.locator(".ed-toggle-english").get_attribute("aria-pressed") == "false"


def column_widths_ok(page, passage_id):
    """Side by side, each shown column holds 35 characters; or the layers are stacked."""
    cells = [row(page, passage_id).locator(f".ed-{key}") for key in visible_layers(page, passage_id)]
    boxes = [cell.bounding_box() for cell in cells]
    needed = cells[0].locator(".ed-text").evaluate(
        "n => { const s = document.createElement('span'); s.textContent = '0'.repeat(35);"
        " s.style.whiteSpace = 'nowrap'; n.append(s); const w = s.getBoundingClientRect().width; s.remove(); return w; }")
    stacked = all(abs(b["x"] - boxes[0]["x"]) < 2 for b in boxes)
    return stacked or all(b["width"] >= needed - 1 for b in boxes), boxes


@pytest.mark.parametrize("width", [1024, 1280, 1600])
def test_columns_are_at_least_35_characters_wide_or_stacked(browser, site_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{site_url}docs/games/sultan.html")
        ok, boxes = column_widths_ok(page, "sultan.end.2")
        assert ok, boxes
        page.locator(".ed-toggle-witness").click()
        ok, boxes = column_widths_ok(page, "sultan.end.2")
        assert ok, boxes
    finally:
        context.close()


def test_hidden_corrections_leave_no_tooltip_and_no_tab_stop(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    page.locator(".ed-toggle-apparatus").click()
    mark = row(page, "napoleon.rules.1").locator(".ed-corr").first
    tip = page.locator(f'[id="{mark.get_attribute("aria-describedby")}"]')
    mark.hover()
    assert tip.is_hidden()
    assert mark.get_attribute("tabindex") == "-1"
    page.locator(".ed-toggle-apparatus").click()
    assert mark.get_attribute("tabindex") == "0"
    mark.hover()
    assert tip.is_visible()


def tabs_to_first_correction(page, game):
    page.goto(f"{site_url_of(page)}docs/games/{game}.html")
    first = page.locator(".ed-parallel .ed-corr").first
    page.locator(".ed-controls button").last.focus()
    for presses in range(1, 400):
        page.keyboard.press("Tab")
        if first.evaluate("n => n === document.activeElement"):
            return presses
    return None


def site_url_of(page):
    return page.url.split("docs/")[0]


def test_glossary_links_are_few_and_the_first_correction_is_near(page, site_url):
    page.goto(f"{site_url}docs/games/calculation.html")
    view = page.locator(".ed-parallel")
    every = view.locator(".ed-text a:has(.ed-term)").count()
    linked = view.locator(".ed-text a:has(.ed-term)").evaluate_all(
        "links => links.filter(a => getComputedStyle(a).pointerEvents !== 'none' && a.tabIndex >= 0).length")
    assert linked < every / 2  # each term once per passage: 42 of Calculation's 121 occurrences
    # 90 Tab presses before; now the passages' identifiers, cite controls and clause links, and
    # the first occurrence of each term, come before it (47).
    assert tabs_to_first_correction(page, "calculation") <= 55


def test_all_term_marks_on_demand(page, site_url):
    page.goto(f"{site_url}docs/games/calculation.html")
    more = page.locator(".ed-parallel .ed-term-more a")
    assert more.count() > 0
    assert more.first.get_attribute("tabindex") == "-1"
    page.locator(".ed-toggle-terms").click()
    assert more.first.get_attribute("tabindex") is None
    assert more.first.evaluate("n => getComputedStyle(n).pointerEvents") != "none"
