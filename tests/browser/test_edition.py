"""The edition in a real browser: the parallel view, corrections, notes, citations, phones."""

from __future__ import annotations

import pytest

from patience import citation
from patience.text import load_edition

pytestmark = pytest.mark.browser

EDITION = load_edition()


def row(page, passage_id):
    return page.locator(f'[id="{passage_id}"]')


def test_witness_column_is_hidden_until_toggled(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    witness = row(page, "napoleon.rules.1").locator(".ed-witness")
    toggle = page.locator(".ed-toggle-witness")
    assert witness.is_hidden()
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert witness.is_visible()
    assert "разсматрнвать" in witness.inner_text()  # the OCR reading, fault and all
    assert toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    assert witness.is_hidden()


def test_correction_shows_its_ocr_reading_on_hover_and_on_focus(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    mark = row(page, "napoleon.rules.1").locator(".ed-corr").first
    assert mark.inner_text() == "разсматривать"
    tip = page.locator(f'[id="{mark.get_attribute("aria-describedby")}"]')
    assert tip.is_hidden()
    mark.hover()
    assert tip.is_visible()
    assert tip.inner_text().startswith("OCR: «разсматрнвать» — misread letter.")
    page.mouse.move(0, 0)
    assert tip.is_hidden()
    mark.focus()
    assert mark.evaluate("node => node === document.activeElement")
    assert tip.is_visible()
    page.keyboard.press("Escape")  # dismissible without moving focus
    assert tip.is_hidden()
    mark.blur()
    mark.focus()
    assert tip.is_visible()


def test_corrections_are_reached_with_the_tab_key(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    first = row(page, "napoleon.rules.1").locator(".ed-corr").first
    summary = row(page, "napoleon.rules.1").locator(".ed-cite summary")
    summary.focus()
    for _ in range(30):  # past the glossary links that come before it in the row
        page.keyboard.press("Tab")
        assert row(page, "napoleon.rules.1").evaluate("node => node.contains(document.activeElement)")
        if first.evaluate("node => node === document.activeElement"):
            break
    assert first.evaluate("node => node === document.activeElement")


def test_note_marker_leads_to_its_note_and_back(page, site_url):
    page.goto(f"{site_url}docs/games/calculation.html")
    page.locator('[id="noteref-14-calculation.game.4"] a').click()
    page.locator(".ed-popover a", has_text="note 14").click()  # the note opens in place first
    page.wait_for_url("**/docs/notes.html#note-14")
    note = page.locator('[id="note-14"]')
    assert note.is_visible()
    assert "Cited by" in note.inner_text()
    note.locator('a[href$="calculation.html#calculation.game.4"]').click()
    page.wait_for_url("**/docs/games/calculation.html#calculation.game.4")
    target = row(page, "calculation.game.4")
    assert target.evaluate("node => node.matches(':target')")
    assert target.is_visible()


def test_inferred_note_says_so(page, site_url):
    page.goto(f"{site_url}docs/notes.html#note-18")
    assert "Attachment inferred" in page.locator('[id="note-18"]').inner_text()


def test_cite_panel_gives_the_same_citation_as_the_command(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page.goto(f"{site_url}docs/games/sultan.html")
    panel = row(page, "sultan.end.2").locator("details.ed-cite")
    body = panel.locator(".ed-cite-body")
    assert body.is_hidden()
    panel.locator("summary").click()
    assert body.is_visible()
    cite = citation.citation(EDITION, "sultan.end.2")  # the configured base URL, whatever the reader's address
    assert panel.locator(".ed-cite-urn").inner_text() == "urn:cts:cadogan:patience.ru.ocr-edition:sultan.end.2"
    # The configured address, or, while the edition has none, the panel says so (never the reader's address).
    assert panel.locator(".ed-cite-url").inner_text() == (cite.url or citation.NO_ADDRESS)
    for fmt in citation.FORMATS:
        assert panel.locator(f'pre[data-format="{fmt}"]').inner_text() == citation.render(cite, fmt)
    text = panel.locator('pre[data-format="text"]').inner_text()
    assert "corrected by the editors" in text and "unknown" in text
    panel.locator('button', has_text="Copy BibTeX").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == citation.render(cite, "bibtex")


def test_columns_line_up_side_by_side_on_a_wide_screen(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    page.evaluate("document.fonts.ready.then(() => true)")  # the edition's font swapped in: no later reflow
    boxes = [
        [row(page, pid).locator(f".ed-{column}").bounding_box() for column in ("reading", "modern", "english")]
        for pid in ("sultan.end.1", "sultan.end.2")
    ]
    for reading, modern, english in boxes:
        assert reading["x"] < modern["x"] < english["x"]
        assert abs(reading["y"] - modern["y"]) < 2 and abs(modern["y"] - english["y"]) < 2
        assert reading["width"] >= 250  # not squeezed into a narrow article column
    assert [round(b["x"]) for b in boxes[0]] == [round(b["x"]) for b in boxes[1]]


def test_phone_width_stacks_the_layers_in_reading_order(browser, site_url):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        phone = context.new_page()
        phone.goto(f"{site_url}docs/games/sultan.html")
        target = row(phone, "sultan.end.2")
        reading, modern, english = (target.locator(f".ed-{c}").bounding_box() for c in ("reading", "modern", "english"))
        assert reading["y"] + reading["height"] <= modern["y"] + 1
        assert modern["y"] + modern["height"] <= english["y"] + 1
        assert abs(reading["x"] - modern["x"]) < 2
        assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


def test_a_glossary_term_in_the_text_leads_to_its_entry(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    term = row(page, "sultan.end.2").locator(".ed-reading a:has(.ed-term)", has_text="диванъ").first
    term.click()
    page.locator(".ed-popover a", has_text="Glossary entry").click()  # the definition opens in place first
    page.wait_for_url("**/docs/glossary.html#term-divan")
    entry = page.locator('[id="term-divan"]')
    assert entry.is_visible()
    assert "диванъ" in entry.inner_text()


def test_a_range_citation_covers_the_range(page, site_url):
    page.goto(f"{site_url}docs/how-to-cite.html")
    panel = page.locator("details.ed-cite[open]").first
    assert panel.locator(".ed-cite-urn").inner_text() == "urn:cts:cadogan:patience.ru.ocr-edition:sultan.end.1-sultan.end.3"
    cite = citation.citation(EDITION, "sultan.end.1-sultan.end.3")
    assert panel.locator('pre[data-format="ris"]').inner_text() == citation.render(cite, "ris")


def test_without_javascript_the_witness_is_shown(browser, site_url):
    context = browser.new_context(viewport={"width": 1400, "height": 900}, java_script_enabled=False)
    try:
        plain = context.new_page()
        plain.goto(f"{site_url}docs/games/napoleon.html")
        assert plain.locator(".ed-toggle-witness").count() == 0
        assert row(plain, "napoleon.rules.1").locator(".ed-witness").is_visible()
    finally:
        context.close()


def test_spelling_changes_are_listed_with_their_rules(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    changes = row(page, "napoleon.rules.1").locator(".ed-changes")
    changes.locator("summary").click()
    listed = changes.locator("li").all_inner_texts()
    assert "разсматривать → рассматривать (prefix-z)" in listed


def test_a_urn_in_the_address_opens_its_passage_from_any_page(page, site_url):
    page.goto(f"{site_url}docs/index.html#urn:cts:cadogan:patience.ru.ocr-edition:napoleon.game.2")
    page.wait_for_url("**/docs/games/napoleon.html#napoleon.game.2")
    assert row(page, "napoleon.game.2").evaluate("node => node.matches(':target')")
    page.goto(f"{site_url}docs/notes.html#urn:cts:cadogan:patience.ru.ocr-edition:sultan.end.1-sultan.end.3")
    page.wait_for_url("**/docs/games/sultan.html#sultan.end.1-sultan.end.3")


def test_a_malformed_fragment_in_the_address_stops_no_script(page, site_url):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site_url}docs/games/napoleon.html#%E0%A4%A")
    toggle = page.locator(".ed-toggle-witness")  # added by edition.js once the page has loaded
    toggle.click()
    assert row(page, "napoleon.rules.1").locator(".ed-witness").is_visible()
    assert errors == []
