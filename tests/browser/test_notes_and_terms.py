"""Notes and terms open in place; the notes page gives each note once, with its English."""

from __future__ import annotations

import pytest

from patience.text import load_edition

pytestmark = pytest.mark.browser

EDITION = load_edition()


def open_note(page, selector):
    page.locator(selector).click()
    popover = page.locator(".ed-popover")
    popover.wait_for()
    return popover


def test_a_note_opens_in_place_in_the_languages_shown(page, site_url):
    page.goto(f"{site_url}docs/games/calculation.html")
    marker = '[id="noteref-14-calculation.game.4"] a'
    popover = open_note(page, marker)
    assert page.url.endswith("calculation.html")  # no page turned
    russian = EDITION.passage(EDITION.notes[14].passage_id).reading
    assert popover.locator('p[lang="ru-petr1708"]').inner_text() == russian
    assert popover.locator('p[lang="en"]').inner_text().startswith("Some players")
    page.keyboard.press("Escape")
    assert popover.count() == 0
    assert page.locator(marker).evaluate("n => n === document.activeElement")  # focus returns
    page.locator(".ed-toggle-english").click()
    popover = open_note(page, marker)
    assert popover.locator('p[lang="en"]').count() == 0
    page.keyboard.press("Escape")
    for key in ("english", "reading", "modern"):
        page.locator(f".ed-toggle-{key}").click()  # English on; no Russian layer left
    popover = open_note(page, '[id="calculation.game.4"] .ed-english .ed-noteref a')
    assert popover.locator('p[lang="ru-petr1708"]').count() == 0 and popover.locator('p[lang="en"]').count() == 1


def test_the_notes_page_gives_each_note_once_with_its_english(page, site_url):
    page.goto(f"{site_url}docs/notes.html")
    for number, note in EDITION.notes.items():
        if note.passage_id is None:
            continue
        reading = EDITION.passage(note.passage_id).reading
        shown = page.evaluate(
            """text => [...document.querySelectorAll('.ed-note-text, .ed-text')]
                .filter(n => n.checkVisibility() && n.innerText.trim() === text).length""", reading)
        assert shown == 1, number
        assert page.locator(f'[id="note-{number}"] .ed-note-english').inner_text().strip()
    toc = page.locator(".toc-drawer")
    assert toc.count() == 0 or toc.bounding_box() is None or toc.bounding_box()["width"] == 0 or \
        toc.bounding_box()["width"] >= 150


def test_a_term_opens_its_definition_in_place(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    page.locator('[id="sultan.end.2"] .ed-reading a:has(.ed-term)', has_text="диванъ").first.click()
    popover = page.locator(".ed-popover")
    popover.wait_for()
    assert "divan" in popover.inner_text() and page.url.endswith("sultan.html")
    page.mouse.click(5, 5)
    assert popover.count() == 0


def test_a_term_is_linked_once_per_passage(page, site_url):
    page.goto(f"{site_url}docs/games/calculation.html")
    for row in page.locator(".ed-parallel .ed-row:not(.ed-head)").all():
        targets = row.locator(".ed-reading a:has(.ed-term)").evaluate_all(
            "links => links.filter(a => a.tabIndex >= 0 && getComputedStyle(a).pointerEvents !== 'none')"
            ".map(a => a.getAttribute('href'))")
        assert len(targets) == len(set(targets)), targets


def test_the_glossary_has_an_index_of_initials_and_occurrences_in_context(page, site_url):
    page.goto(f"{site_url}docs/glossary.html")
    letters = page.locator(".ed-letters a")
    assert letters.count() >= 15
    letters.filter(has_text="Т").click()
    page.wait_for_url("**/glossary.html#term-*")
    target = page.url.split("#")[1]
    assert page.locator(f'[id="{target}"] .ed-term-modern').inner_text().lower().startswith("т")
    talon = page.locator('[id="term-talon"] + dd .ed-term-occurrences')
    talon.locator("summary").click() if not talon.get_attribute("open") is not None else None
    first = talon.locator("li").first
    assert first.locator("strong").inner_text().lower().startswith("талон")
    assert len(first.locator(".ed-context").inner_text().split()) >= 3  # the word with words around it


def test_the_marker_of_note_20_is_a_superscript_without_its_caret(page, site_url):
    page.goto(f"{site_url}docs/games/constitution.html")
    for column in ("reading", "modern", "english"):
        marker = page.locator(f'[id="constitution.end.1"] .ed-{column} .ed-noteref')
        assert marker.inner_text() == "[20]", column
        assert marker.evaluate("n => n.tagName") == "SUP"
