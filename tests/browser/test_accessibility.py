"""Accessibility of the pages a reader uses, checked by axe-core in the real browser.

The theme has three known faults that are furo's, not ours; they are named here, and
any other violation anywhere on the page fails the test. Inside the article the only
one allowed is furo's marking of toctree captions.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe

PAGES = [
    "docs/index.html",
    "docs/games/sultan.html",
    "docs/games/calculation.html",
    "docs/games/empress.html",
    "docs/notes.html",
    "docs/glossary.html",
    "docs/how-to-cite.html",
]

#: furo's sidebar captions carry role="heading" without aria-level; its two navigation
#: drawers are unnamed landmarks; its skip-link sits outside every landmark.
THEME_FAULTS = {
    ("aria-required-attr", ".caption[role=\"heading\"]"),
    ("landmark-unique", ".sidebar-drawer"),
    ("region", ".visually-hidden"),
}


def is_theme_fault(rule, target):
    return any(rule == known_rule and known_target in target for known_rule, known_target in THEME_FAULTS)


def violations(page, context=None):
    results = Axe().run(page, context=context)
    return [
        (violation["id"], target)
        for violation in results.response["violations"]
        for node in violation["nodes"]
        for target in node["target"]
    ]


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_the_article_has_no_accessibility_violation(page, site_url, path):
    page.goto(site_url + path)
    found = violations(page, context="article")
    assert [(rule, target) for rule, target in found if not (is_theme_fault(rule, target) and ".toctree-wrapper" in target)] == []


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_the_rest_of_the_page_has_only_the_themes_known_faults(page, site_url, path):
    page.goto(site_url + path)
    assert [(rule, target) for rule, target in violations(page) if not is_theme_fault(rule, target)] == []


@pytest.mark.browser
def test_each_layer_of_the_parallel_text_declares_its_language(page, site_url):
    page.goto(site_url + "docs/games/sultan.html")
    langs = page.eval_on_selector_all("article [lang]", "nodes => nodes.map(n => n.getAttribute('lang'))")
    assert {"ru-petr1708", "ru", "en"} <= set(langs)
