"""The PDF, read back with poppler's ``pdftotext``: every passage's text, its identifier, its game.

How the text is compared: ``pdftotext`` reads each region of the page (the text's frame,
the margin, the header) by cropping to it, pages joined in order. Laying out a paragraph
only breaks its lines at spaces or after a dash (the PDF is made with no hyphenation), so
both the extracted text and the reading text are compared with all whitespace removed.
"""

from __future__ import annotations

import importlib.util
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import reportlab
from fontTools.ttLib import TTFont

from patience.export.fonts import SHIPPED, FontError, register_family
from patience.export.pdf import FRAME, PAGE_HEIGHT, pdf_bytes
from tests.conftest import ROOT, SOURCE_TEXTS
from tests.export.conftest import as_printed, printed


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def pdf(corpus, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pdf") / "edition.pdf"
    path.write_bytes(pdf_bytes(corpus))
    return path


def pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def region(pdf: Path, page: int, x: float, top: float, width: float, height: float) -> str:
    """The text of one page within a box given in points from the top left."""
    if shutil.which("pdftotext") is None:
        pytest.fail("poppler's pdftotext is not installed (bash .ci/setup installs poppler-utils)")
    box = [str(round(v)) for v in (x, top, width, height)]
    command = ["pdftotext", "-f", str(page), "-l", str(page), "-x", box[0], "-y", box[1], "-W", box[2], "-H", box[3],
               str(pdf), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def regions(pdf) -> list[dict[str, str]]:
    x, y, width, height = FRAME
    top = PAGE_HEIGHT - y - height
    return [
        {
            "text": region(pdf, page, x - 1, top - 2, width + 2, height + 4),
            "margin": region(pdf, page, 0, top - 2, x - 2, height + 4),
            "header": region(pdf, page, x - 1, 0, width + 2, top - 4),
        }
        for page in range(1, pages(pdf) + 1)
    ]


@pytest.mark.tools
def test_every_passage_reading_text_is_in_the_pdf(regions, corpus):
    body = squeeze("".join(page["text"] for page in regions))
    missing = [p.id for p in printed(corpus) if squeeze(as_printed(p.reading)) not in body]
    assert not missing, f"reading text not found for {missing}"


@pytest.mark.tools
def test_modern_and_english_are_there_too(regions, corpus):
    body = squeeze("".join(page["text"] for page in regions))
    for passage in printed(corpus):
        assert squeeze(as_printed(corpus.modern[passage.id].text)) in body, passage.id
        assert squeeze(as_printed(corpus.english[passage.id].text)) in body, passage.id


@pytest.mark.tools
def test_no_furniture_of_the_digitiser_and_no_caret(regions):
    body = "".join(page["text"] for page in regions)
    assert "(обратно)" not in body and "(back)" not in body and "^" not in body
    assert "IV[20])" in squeeze(body)


@pytest.mark.tools
def test_every_plate_the_site_draws_is_printed_after_its_caption(regions, corpus):
    body = squeeze("".join(page["text"] for page in regions))
    caption = squeeze("The plate, lost with the book’s, redrawn from the game’s rule specification:")
    drawn = [e.spec.game for e in corpus.spec_files if e.spec.status != "fragmentary"]
    assert body.count(caption) == len(drawn) >= 10
    sultan = body.index(squeeze(corpus.edition.passage("sultan.plate").reading))
    assert body.index(caption) > sultan and body.index(caption) < body.index(squeeze("Талонъ берутъ, тасуютъ"))


@pytest.mark.tools
def test_the_old_letters_are_text_not_boxes(regions):
    body = "".join(page["text"] for page in regions)
    assert "ѣ" in body and "і" in body


@pytest.mark.tools
def test_every_identifier_stands_in_the_margin(regions, corpus):
    margin = [squeeze(page["margin"]) for page in regions]
    for passage in printed(corpus):
        assert any(passage.id in text for text in margin), passage.id


@pytest.mark.tools
def test_the_page_header_names_the_game(regions, corpus):
    """Each page that holds the whole of a passage (one found on that page alone) is headed by its game."""
    checked = 0
    for game in corpus.edition.games:
        for passage_id in game.passage_ids:
            reading = squeeze(corpus.edition.passage(passage_id).reading)
            holding = [page for page in regions if reading in squeeze(page["text"])]
            if len(holding) == 1:
                assert holding[0]["header"].strip() == game.title_en, passage_id
                checked += 1
    assert checked > len(corpus.edition.passages) // 2


def test_the_same_edition_gives_the_same_bytes(corpus, pdf):
    assert pdf_bytes(corpus) == pdf.read_bytes()


def test_a_font_without_the_old_letters_is_refused(monkeypatch):
    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"  # Bitstream Vera: Latin only
    monkeypatch.setenv("PATIENCE_PDF_FONT", str(vera))
    with pytest.raises(FontError, match="lacks .*ѣ"):
        register_family("мѣсто")


@pytest.mark.tools
def test_the_edition_typeface_is_embedded(pdf):
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    names = [line.split()[0] for line in fonts.splitlines()[2:]]
    assert names and all("NotoSerif" in name for name in names), fonts
    assert all(line.split()[-5] == "yes" for line in fonts.splitlines()[2:]), "every font embedded"


def test_the_pdf_fonts_are_the_site_fonts_as_truetype():
    """patience/export/fonts/ is remade whenever the site's fonts are (see its README)."""
    site = ROOT / "extensions" / "patience_sphinx" / "edition" / "static" / "fonts"
    for style in ("regular", "bold", "italic"):
        font = TTFont(site / f"edition-serif-{style}.woff2", recalcTimestamp=False)
        font.flavor = None
        converted = io.BytesIO()
        font.save(converted)
        assert converted.getvalue() == (SHIPPED / f"edition-serif-{style}.ttf").read_bytes(), style


def test_the_pdf_declares_its_language(pdf):
    assert b"/Lang (en)" in pdf.read_bytes()


def test_reportlabs_accelerator_changes_no_byte(pdf):
    """rl_accel, a dependency, lays the PDF out a third faster; without it (ReportLab's own Python
    in its place) the PDF is the same, byte for byte."""
    assert importlib.util.find_spec("_rl_accel") is not None, "rl_accel is not installed"
    script = ("import sys; sys.modules['_rl_accel'] = None\n"
              "from patience.corpus import load_corpus; from patience.export.pdf import pdf_bytes\n"
              "import reportlab.lib.rl_accel as accel; assert not accel._c_funcs, accel._c_funcs\n"
              f"sys.stdout.buffer.write(pdf_bytes(load_corpus({str(SOURCE_TEXTS)!r})))")
    plain = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, check=True).stdout
    assert plain == pdf.read_bytes()
