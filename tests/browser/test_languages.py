"""Russian declares its language wherever the site shows it: the text, the theme's header and
sidebar, the tables of contents, the indices. Only ``<title>`` cannot (it holds text only)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

pytestmark = pytest.mark.browser

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Undeclared(HTMLParser):
    """Collects Russian text whose nearest element declaring a language does not declare Russian."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append((tag, dict(attrs).get("lang")))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        tags = [tag for tag, _ in self.stack]
        if not CYRILLIC.search(data) or {"title", "script", "style"} & set(tags):
            return
        declared = next((lang for _, lang in reversed(self.stack) if lang), "")
        if not declared.startswith("ru"):
            self.found.append(f"<{tags[-1] if tags else ''}> {data.strip()[:50]!r} (lang {declared!r})")


def test_every_russian_text_of_every_page_declares_russian(built_site):
    pages = sorted(p for p in built_site.rglob("*.html") if "_static" not in p.parts)
    assert len(pages) > 30
    undeclared = {}
    for path in pages:
        parser = Undeclared()
        parser.feed(path.read_text(encoding="utf-8"))
        if parser.found:
            undeclared[path.relative_to(built_site).as_posix()] = parser.found[:3]
    assert undeclared == {}


def test_the_indices_and_the_header_are_among_them(built_site):
    terms = (built_site / "ed-terms.html").read_text(encoding="utf-8")
    assert '<code class="xref"><span lang="ru-petr1708">адмиралъ</span></code>' in terms
    sultan = (built_site / "docs" / "games" / "sultan.html").read_text(encoding="utf-8")
    assert '<div class="brand"><span lang="ru">Двадцать четыре основные пасьянса</span> — critical edition</div>' in sultan
    search = (built_site / "search.html").read_text(encoding="utf-8")
    assert "<title>Search - Двадцать четыре основные пасьянса — critical edition</title>" in search
