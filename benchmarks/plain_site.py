"""The edition's pages as a plain Sphinx + MyST site: the same text, written out, no extension.

:func:`write` copies every page of ``docs/`` and replaces each of the edition's
directives by what it shows, written as plain MyST from the text model
(:func:`patience.corpus.load_corpus`):

- ``ed:parallel``: every passage of the page with its four layers (the witness; the
  reading text and its corrections; the modern transcription and each respelling with its
  rules; the English and the translator's notes), its remarks, variants and place in the
  witness, and links to the notes it cites;
- ``ed:notes``: every note, in Russian and English, with the passages that cite it;
- ``ed:glossary``: every term in both spellings and in English, its definition, its
  games and every occurrence, linked to its passage;
- ``ed:game``: what survives of the game; ``ed:corrections``: every correction;
- the ``ed`` domain's two indexes, of passages and of terms, as pages;
- the edition's roles: their text, as code.

What the engine, the solver, the statistics and the exports compute (clauses, claims,
plates, examples, Play, the downloads, the tables of statistics and of departures'
effects) and the interface (citation panels, glossary links inside the text) have no
counterpart: they are the edition's own work, which the benchmark measures. The site has
the edition's title, language, theme and MyST extensions, and builds with ``-W``: a
directive or role of the edition that this module does not know is a warning, not a
silent gap.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser

from patience.citation import KIND_NAMES, passages_at
from patience.corpus import Corpus, load_corpus
from patience.text.model import Note, Passage
from patience.text.segmentation import NOTE_MARKER

ROOT = Path(__file__).resolve().parent.parent
MYST_EXTENSIONS = ["colon_fence", "deflist"]
CONF = f"""\
project = "Двадцать четыре основные пасьянса"
language = "en"
root_doc = "index"
extensions = ["myst_parser"]
myst_enable_extensions = {MYST_EXTENSIONS!r}
myst_heading_anchors = 3
html_theme = "furo"
html_theme_options = {{"navigation_with_keys": False}}
"""

#: The edition's directives that show what the engine, solver, statistics or exports compute.
COMPUTED = frozenset({"rules", "rules-plate", "rules-example", "rules-play", "stats-table", "patience-downloads",
                      "patience-cli", "spec-check-kinds", "spec-mutation-score", "ed:departures",
                      "ed:translation-effects", "ed:citation"})

_ROLE_OR_CODE = re.compile(r"(`+).+?\1|\{ed:[a-z-]+\}`([^`]*)`")
_INLINE_MARKUP = re.compile(r"([\\`*_\[\]<>{}|~^$&])")
_BLOCK_START = re.compile(r"^(\d*)([-+#>:.)(%=])")


def write(folder: Path, corpus: Corpus | None = None, docs: Path = ROOT / "docs") -> Path:
    """Write the plain site of the pages under ``docs`` into ``folder``; returns ``folder``."""
    corpus = corpus or load_corpus()
    for page in sorted(docs.rglob("*.md")):
        target = folder / page.relative_to(docs)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(plain_page(page.read_text(encoding="utf-8"), corpus), encoding="utf-8")
    for name, page in index_pages(corpus).items():
        (folder / f"{name}.md").write_text(page, encoding="utf-8")
    (folder / "conf.py").write_text(CONF, encoding="utf-8")
    return folder


def plain_page(text: str, corpus: Corpus) -> str:
    """A page with the edition's directives written out and its roles as plain code."""
    lines = text.splitlines(keepends=True)
    parser = create_md_parser(MdParserConfig(enable_extensions=set(MYST_EXTENSIONS)), RendererHTML)
    out, cursor = [], 0
    for token in parser.parse(text):
        if token.level or not token.map or token.type not in ("fence", "colon_fence"):
            continue
        start, end = token.map
        out.append(_plain_roles("".join(lines[cursor:start])))
        name, _, argument = token.info.strip().partition(" ")
        name = name.strip("{}")
        written = _written_out(name, argument.strip(), corpus)
        out.append("".join(lines[start:end]) if written is None else written)
        cursor = end
    out.append(_plain_roles("".join(lines[cursor:])))
    return "".join(out)


def _written_out(name: str, argument: str, corpus: Corpus) -> str | None:
    """The MyST of an edition directive (empty for a computed one); ``None`` for any other fence."""
    if name in COMPUTED:
        return ""
    writer = WRITERS.get(name)
    return writer(corpus, argument) + "\n" if writer else None


def _plain_roles(text: str) -> str:
    return _ROLE_OR_CODE.sub(lambda m: m[0] if m[2] is None else f"`{m[2]}`", text)


def escape(text: str) -> str:
    """``text`` as one paragraph of MyST that shows it verbatim: lines joined by a space, the
    characters of inline markup escaped, and the start of the paragraph if it reads as a block's."""
    joined = " ".join(line.strip() for line in text.splitlines() if line.strip())
    return _BLOCK_START.sub(r"\1\\\2", _INLINE_MARKUP.sub(r"\\\1", joined), count=1)


def definitions(items: Iterable[tuple[str, Iterable[str]]]) -> str:
    """A MyST definition list: each term with its paragraphs (already MyST)."""
    blocks = []
    for term, paragraphs in items:
        body = "\n\n".join(paragraphs)
        blocks.append(f"{term}\n: " + body.replace("\n", "\n  "))
    return "\n\n".join(blocks)


def bullets(items: Iterable[str]) -> str:
    return "\n".join(f"- {item}" for item in items)


def passage_link(passage_id: str) -> str:
    return f"{{ref}}`{passage_id} <{passage_id}>`"


# --- ed:parallel ---------------------------------------------------------------------------

def parallel_text(corpus: Corpus, where: str) -> str:
    """Every passage a game's page (or the notes page) shows, with its four layers; on a game's
    page, the notes its passages cite follow, in Russian and English."""
    passages = passages_at(corpus.edition, where)
    blocks = [passage_block(corpus, passage) for passage in passages]
    cited = sorted({n for passage in passages for n in _cited(corpus, passage)})
    if where != "notes" and cited:
        blocks.append("**Notes**\n\n" + bullets(_endnote(corpus, corpus.edition.notes[n]) for n in cited))
    return "\n\n".join(blocks)


def passage_block(corpus: Corpus, passage: Passage) -> str:
    places = "; ".join(f"fragment {span.fragment}, characters {span.start}–{span.end}" for span in passage.spans)
    head = f"({passage.id})=\n**{passage.id}** · {passage.kind} · {places}"
    return head + "\n\n" + definitions([
        ("Witness (OCR)", [escape(passage.ocr), *_variants(passage)]),
        ("Reading text", [escape(passage.reading), *_corrections(passage), *_remarks(passage), *_note_links(corpus, passage)]),
        ("Modern spelling", _modern(corpus, passage)),
        ("English", _english(corpus, passage)),
    ])


def _variants(passage: Passage) -> list[str]:
    return [escape(f"Variant: {v.primary} | {v.secondary}" + (f" ({v.note})" if v.note else ""))
            for v in passage.variants]


def _corrections(passage: Passage) -> list[str]:
    if not passage.corrections:
        return []
    return ["Corrections:\n" + bullets(
        escape(f"«{c.sic}» → «{c.corr}» ({KIND_NAMES.get(c.kind, c.kind)})" + (f" {c.note}" if c.note else ""))
        for c in passage.corrections)]


def _remarks(passage: Passage) -> list[str]:
    return [escape(f"{remark.kind.capitalize()}: {remark.text}") for remark in passage.remarks]


def _cited(corpus: Corpus, passage: Passage) -> list[int]:
    """The numbers of the notes of the book that the passage's markers cite."""
    numbers = {int(match[1]) for match in NOTE_MARKER.finditer(passage.reading)}
    return sorted(n for n in numbers if n in corpus.edition.notes)


def _endnote(corpus: Corpus, note: Note) -> str:
    if note.passage_id is None:
        return f"{note.number}\\. The text of this note is not in the fragments."
    english = corpus.english.get(note.passage_id)
    reading = escape(corpus.edition.passage(note.passage_id).reading)
    return f"{note.number}\\. {reading}" + (f" — {escape(english.text)}" if english else "")


def _note_links(corpus: Corpus, passage: Passage) -> list[str]:
    numbers = _cited(corpus, passage)
    return ["Notes: " + ", ".join(f"{{ref}}`{n} <note-{n}>`" for n in numbers)] if numbers else []


def _modern(corpus: Corpus, passage: Passage) -> list[str]:
    conversion = corpus.modern.get(passage.id)
    if conversion is None:
        return ["No modern transcription for this passage."]
    changes = [change for _, change in conversion.segments() if change is not None]
    listed = [escape(f"{c.original} → {c.regularised} ({', '.join(c.rules)})") for c in changes]
    return [escape(conversion.text)] + (["Spelling changes:\n" + bullets(listed)] if listed else [])


def _english(corpus: Corpus, passage: Passage) -> list[str]:
    entry = corpus.english.get(passage.id)
    if entry is None:
        return ["No English for this passage yet."]
    notes = [escape("Translator's note: " + (f"«{n.ru}» — " if n.ru else "") + n.text) for n in entry.notes]
    return [escape(entry.text), *notes]


# --- ed:notes, ed:glossary, ed:game, ed:corrections -----------------------------------------

def notes(corpus: Corpus, _argument: str = "") -> str:
    return "\n\n".join(note_block(corpus, note) for _, note in sorted(corpus.edition.notes.items()))


def note_block(corpus: Corpus, note: Note) -> str:
    head = f"(note-{note.number})=\n**Note {note.number}**"
    if note.passage_id is None:
        body = ["The text of this note is not in the fragments."]
    else:
        english = corpus.english.get(note.passage_id)
        body = [escape(corpus.edition.passage(note.passage_id).reading),
                escape(english.text) if english else "(No English yet.)",
                "Text: passage " + passage_link(note.passage_id)]
    if note.cited_by:
        body.append("Cited by: " + ", ".join(passage_link(p) for p in note.cited_by))
    else:
        games = " or ".join(note.games) or "none of the surviving games can be named"
        body.append(escape(f"Attachment inferred (no marker survives; the book's order places it in {games}). "
                           f"{note.reason}"))
    return "\n\n".join([head, *body])


def glossary(corpus: Corpus, _argument: str = "") -> str:
    terms = sorted(corpus.glossary.terms, key=lambda t: t.modern.casefold())
    items = []
    for term in terms:
        occurrences = bullets(f"{passage_link(o.passage_id)} {escape(' '.join(o.words))}" for o in term.occurrences)
        games = [escape("Games: " + ", ".join(term.games))] if term.games else []
        count, passages = len(term.occurrences), len(term.passage_ids)
        occurs = f"Occurs {count} time{'s' * (count > 1)} in {passages} passage{'s' * (passages > 1)}:"
        items.append((f"(term-{term.id})=\n{escape(term.prereform)} · {escape(term.modern)} — *{escape(term.english)}*",
                      [escape(term.definition), *games, f"{occurs}\n{occurrences}"]))
    return definitions(items)


def game_summary(corpus: Corpus, game_id: str) -> str:
    game = corpus.edition.game(game_id)
    title = f"«{game.title_ru}»" + (f" (from {game.title_source})" if game.title_source else "") if game.title_ru else "lost"
    facts = definitions([
        ("Russian title", [escape(title)]),
        ("Identification", [escape(game.identification)]),
        ("Passages", [f"{len(game.passage_ids)}, from {passage_link(game.passage_ids[0])} "
                      f"to {passage_link(game.passage_ids[-1])}"]),
    ])
    lacunae = "\n\nWhat the fragments lack:\n\n" + bullets(map(escape, game.lacunae)) if game.lacunae else ""
    return facts + lacunae


def corrections(corpus: Corpus, _argument: str = "") -> str:
    rows = [f"* - {passage_link(p.id)}\n  - {escape(c.sic)}\n  - {escape(c.corr)}\n  - {KIND_NAMES[c.kind]}\n"
            f"  - {escape(c.note or '')}" for p in corpus.edition.passages for c in p.corrections]
    return ("```{list-table}\n:header-rows: 1\n\n* - passage\n  - witness (sic)\n  - reading (corr)\n  - kind\n"
            "  - note\n" + "\n".join(rows) + "\n```")


def index_pages(corpus: Corpus) -> dict[str, str]:
    """The edition's two indexes (of the ``ed`` domain) as pages: passages by game, terms by initial."""
    edition = corpus.edition
    titles = {game.id: game.title_en for game in edition.games}
    by_game: dict[str, list[str]] = {}
    for passage in edition.passages:
        title = titles.get(passage.game or "", "Notes")
        by_game.setdefault(title, []).append(f"{passage_link(passage.id)} {escape(passage.reading[:60])}")
    by_initial: dict[str, list[str]] = {}
    for term in sorted(corpus.glossary.terms, key=lambda t: t.prereform):
        by_initial.setdefault(term.prereform[:1].upper(), []).append(f"{{ref}}`{term.prereform} <term-{term.id}>`")
    return {"ed-passages": _index_page("ed-passages", "Index of passages", by_game),
            "ed-terms": _index_page("ed-terms", "Index of glossary terms", dict(sorted(by_initial.items())))}


def _index_page(label: str, title: str, groups: dict[str, list[str]]) -> str:
    sections = "\n\n".join(f"## {escape(group)}\n\n{bullets(entries)}" for group, entries in groups.items())
    return f"---\norphan: true\n---\n\n({label})=\n# {title}\n\n{sections}\n"


WRITERS: dict[str, Callable[[Corpus, str], str]] = {
    "ed:parallel": parallel_text, "ed:notes": notes, "ed:glossary": glossary, "ed:game": game_summary,
    "ed:corrections": corrections,
}
