"""``edition-viewer.html``: the TEI in a browser, its three layers side by side.

One self-contained page, so that it opens from a disk as well as from the site: the TEI
document (:func:`patience.export.tei.tei_bytes`) stands in it as data, and CETEIcean, a
library made for showing TEI in a browser (its ``CETEI.js``, given by the caller, from
the npm package ``CETEIcean``), turns it into custom elements (``tei-ab`` …). A small
stylesheet shows the reading text, never the witness's letters beside it (a ``<choice>``
shows its ``corr`` and ``reg``, not ``sic`` and ``orig``); a small script sets each
``<link>`` of the alignment (:mod:`.tei_back`) as a row of three cells: the reading
text, the modern transcription, the English. The glossary, the departures and the
settled readings follow.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from patience.export import about

STYLE = """
body { font-family: "Noto Serif", "DejaVu Serif", serif; margin: 1.5rem; max-width: 90rem; line-height: 1.45; }
tei-teiheader, tei-standoff, tei-sic, tei-orig, tei-note[type="correction"], tei-note[type="attachment"] { display: none; }
tei-body > tei-div { display: none; }  /* shown again, passage by passage, in the parallel rows */
tei-corr:not([type="encoding"]) { background: #fff3c4; }
tei-reg { text-decoration: underline dotted #b08800; }
.cell > tei-note { font-size: 1em; color: inherit; margin: 0; }  /* a note of the book, as a passage */
body.text-only .cell > * tei-note { display: none; }  /* the layers' text alone, for a reader who wants it */
tei-note { display: block; font-size: 0.85em; color: #444; margin: 0.3em 0 0 1em; }
tei-note[type="translator"]::before { content: "Translator’s note: "; font-style: italic; }
tei-note[type^="remark"]::before { content: "Editors’ remark: "; font-style: italic; }
tei-ref[type="noteref"] { vertical-align: super; font-size: 0.75em; }
.rows { display: grid; grid-template-columns: 7rem 1fr 1fr 1fr; gap: 0.4rem 1rem; }
.row { display: contents; }
.row > * { display: block; padding: 0.3rem 0; border-top: 1px solid #ddd; }
.row > .id { font-family: monospace; font-size: 0.8em; color: #666; }
.head { grid-column: 1 / -1; font-weight: bold; font-size: 1.2em; margin-top: 1.2em; }
.columns { font-weight: bold; }
tei-back tei-div { display: block; margin: 0.8em 0; }
tei-back tei-head { display: block; font-weight: bold; margin-top: 1em; }
tei-back tei-ab { display: block; margin: 0.2em 0; }
tei-list[type="gloss"] tei-label { display: block; font-weight: bold; margin-top: 0.6em; }
tei-list[type="gloss"] tei-item { display: block; margin-left: 1.5em; }
tei-gloss { font-style: italic; }
"""

SCRIPT = Path(__file__).with_name("tei_viewer.js")


def viewer_html(tei: bytes, ceteicean: str, licence: str) -> bytes:
    """The page: ``tei`` (the document's bytes), CETEIcean's script and its licence."""
    document = tei.decode("utf-8")
    if "</script" in document.lower() or "</script" in ceteicean.lower():
        raise ValueError("the TEI or the viewer's script holds '</script', which would end the page's data early")
    title = f"{about.TITLE} — the TEI, layer by layer"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<h1><span lang="{about.LANG_PREREFORM}">{escape(about.TITLE_RU)}</span>: the TEI, layer by layer</h1>
<p>The edition's TEI document (<code>edition.xml</code>), shown by CETEIcean: each passage's reading text,
modern transcription and English side by side, as the document's alignment joins them; corrections and
modern spellings are marked; the glossary, the departures from Cadogan's English and the settled readings
follow.</p>
<div class="rows" id="rows"><span class="columns">Passage</span><span class="columns">Reading text</span><span
class="columns">Modern transcription</span><span class="columns">English</span></div>
<div id="view"></div>
<script type="application/tei+xml" id="edition-tei">{document}</script>
<!-- CETEIcean (npm package CETEIcean): {escape(licence)} -->
<script>{ceteicean}</script>
<script type="module">{SCRIPT.read_text(encoding="utf-8")}</script>
</body>
</html>
""".encode()
