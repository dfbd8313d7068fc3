"""The real site: builds with ``-n -W`` serially and, to the same files, with two workers; every
passage stands where ``patience cite`` says it does."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from patience import citation
from patience.text import load_edition

ROOT = Path(__file__).resolve().parents[2]
EDITION = load_edition()
GAME_PAGES = ["sultan", "calculation", "nivernaise", "empress", "besieged", "paquets", "napoleon", "duchess",
              "constitution", "zodiac", "sympathie"]


def build(out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q", *extra, "-b", "html", str(ROOT), str(out)],
        capture_output=True, text=True, cwd=ROOT,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = build(out)
    assert result.returncode == 0, result.stderr
    return out


def test_two_workers_build_the_same_site_as_one(site, tmp_path):
    """Every file of a ``-j 2`` build is the serial build's, byte for byte: nothing in the pages,
    the data, the downloads or Play depends on which worker read a page. Only Sphinx's
    working files (``.doctrees``: the pickled environment, whose sets and dicts are filled
    in the order the workers' results are merged) may differ, and are not compared."""
    result = build(tmp_path / "parallel", "-j", "2")
    assert result.returncode == 0, result.stderr
    assert _published(tmp_path / "parallel") == _published(site)


def _published(out: Path) -> dict[str, str]:
    """Each file of a build but Sphinx's working files, by path, with its SHA-256."""
    return {path.relative_to(out).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(out.rglob("*")) if path.is_file() and ".doctrees" not in path.relative_to(out).parts}


def test_one_page_per_game_in_book_order(site):
    assert [g.id for g in EDITION.games] == GAME_PAGES
    games = (site / "docs" / "games" / "index.html").read_text(encoding="utf-8")
    places = [games.index(f'href="{game}.html"') for game in GAME_PAGES]
    assert places == sorted(places)


def test_every_passage_stands_where_its_citation_points(site):
    pages: dict[str, str] = {}
    for passage in EDITION.passages:
        path = citation.page_of(EDITION, passage)
        html = pages.setdefault(path, (site / path).read_text(encoding="utf-8"))
        assert html.count(f'id="{passage.id}"') == 1, passage.id
        assert f'data-ref="{passage.id}"' in html


def test_no_page_repeats_an_id_and_every_described_by_exists(site):
    pages = [site / "docs" / "games" / f"{game}.html" for game in GAME_PAGES]
    pages += [site / "docs" / f"{name}.html" for name in ("notes", "glossary", "how-to-cite")]
    for path in pages:
        html = path.read_text(encoding="utf-8")
        ids = re.findall(r'\sid="([^"]+)"', html)
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        assert repeated == [], f"{path.name}: {repeated[:5]}"
        for target in re.findall(r'aria-describedby="([^"]+)"', html):
            assert target in ids, f"{path.name}: {target}"


def test_every_layer_carries_its_language(site):
    html = (site / "docs" / "games" / "sultan.html").read_text(encoding="utf-8")
    rows = len(re.findall(r'class="ed-row ed-kind-', html))
    for lang in ("ru-petr1708", "ru", "en"):
        texts = re.findall(rf'<div class="ed-text" lang="{lang}">', html)
        assert len(texts) == (2 * rows if lang == "ru-petr1708" else rows), lang


def test_the_apparatus_page_lists_every_correction_and_counts_them(site):
    html = (site / "docs" / "apparatus.html").read_text(encoding="utf-8")
    listing = html[html.index('class="ed-corrections '):]
    corrections = [(p.id, c) for p in EDITION.passages for c in p.corrections]
    assert listing.count('<tr class="row-') - 1 == len(corrections)  # one header row
    for passage_id, correction in corrections:
        sic = rf'<p>(?:<span lang="ru[-a-z0-9]*">)?{re.escape(correction.sic)}(?:</span>)?</p>'
        assert f">{passage_id}<" in listing and re.search(sic, listing), correction.sic
    summary = html[: html.index('class="ed-corrections ')]
    assert re.search(rf"<p>all explicit corrections</p></td>(?:\s*<td><p>\d+</p></td>)+\s*<td><p>{len(corrections)}</p>", summary)


def test_only_pages_with_a_parallel_view_let_the_article_grow(site):
    """The wide layout is a stylesheet those pages link, not ``.content:has(.ed-parallel)``:
    with a descendant ``:has()`` the browser restyled the whole article at every change
    inside it (every move in Play). The edition's stylesheets keep only ``:has(>`` (a child)."""
    def links_wide(page: Path) -> bool:
        return bool(re.search(r'<link[^>]+href="[./]*_static/edition-wide\.css', page.read_text(encoding="utf-8")))

    assert all(links_wide(site / "docs" / "games" / f"{game}.html") for game in GAME_PAGES)
    assert links_wide(site / "docs" / "notes.html")
    assert not any(links_wide(site / path) for path in ("index.html", "docs/index.html", "docs/glossary.html",
                                                        "docs/games/index.html"))
    for sheet in ("edition.css", "edition-wide.css", "rules.css", "play.css"):
        rules = re.sub(r"/\*.*?\*/", "", (site / "_static" / sheet).read_text(encoding="utf-8"), flags=re.S)
        assert not re.search(r":has\((?!\s*>)", rules), sheet
