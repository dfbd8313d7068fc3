"""The glossary of the book's patience vocabulary, its occurrences, and the consistency check.

``source_texts/glossary.yaml`` gives each term (талонъ, марьяжъ, диванъ …) its
pre-reform and modern forms, its English rendering, a definition in the book's
sense and ``match``: the dictionary forms (lemmas) that find it. Occurrences are
computed, never listed: the reading text is folded (ѣ→е, і→и, ѳ→ф, ѵ→и, final ъ
dropped), each word lemmatised with pymorphy3, and a term occurs where its
lemmas do. :func:`check_consistency` then asks of every passage whether the
English of each term found in its Russian is in its English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from patience.datafile import DataFileError, line_of, load_yaml, validate
from patience.orthography.convert import modernize
from patience.orthography.folding import fold_letters
from patience.orthography.memo import remembered
from patience.orthography.morphology import analyzer
from patience.text.edition import Edition, load_edition, source_texts_dir
from patience.text.english import EnglishEntry

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
Lemmas = Annotated[str, StringConstraints(pattern=r"^[а-я]+( [а-я]+)*$")]

# Endings the reform respelled, tried as well so that the dictionary knows the word.
_ENDINGS = (("ыя", ("ые",)), ("ия", ("ие",)), ("аго", ("ого", "его")), ("яго", ("его",)))
_TOKEN = re.compile(r"[^\W\d_]+|[.;:!?]")


class _Term(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z-]*$")]
    prereform: Text
    modern: Text
    english: Text
    english_variants: list[Text] = []
    definition: Text
    games: list[Text] = []
    match: list[Lemmas] = Field(min_length=1)
    gap: int = Field(0, ge=0, le=5)


class _GlossaryFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    terms: list[_Term]


@dataclass(frozen=True)
class Occurrence:
    """Where a term occurs: the passage, the words of its reading text that matched, and where
    each stands in the reading text (``(start, end)``), so a page links exactly those words."""

    passage_id: str
    words: tuple[str, ...]
    spans: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Term:
    """A glossary term (терминъ) with its computed occurrences, in book order."""

    id: str
    prereform: str
    modern: str
    english: str
    english_variants: tuple[str, ...]
    definition: str
    games: tuple[str, ...]
    match: tuple[tuple[str, ...], ...]
    gap: int
    occurrences: tuple[Occurrence, ...]
    source_line: int

    @property
    def passage_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(o.passage_id for o in self.occurrences))

    @property
    def renderings(self) -> tuple[str, ...]:
        return (self.english, *self.english_variants)


@dataclass(frozen=True)
class Glossary:
    path: Path
    terms: tuple[Term, ...]

    def term(self, term_id: str) -> Term:
        for term in self.terms:
            if term.id == term_id:
                return term
        raise KeyError(f"no glossary term {term_id!r}")

    def terms_in(self, passage_id: str) -> tuple[Term, ...]:
        """The terms occurring in a passage, in glossary order (for links from passage to glossary)."""
        return tuple(t for t in self.terms if passage_id in t.passage_ids)


# --- lemmatisation ----------------------------------------------------------------------


class Token(NamedTuple):
    surface: str
    lemmas: frozenset[str]
    sentence: int
    start: int = 0


def _spellings(folded: str) -> list[str]:
    spellings = [folded]
    for old, news in _ENDINGS:
        if folded.endswith(old) and len(folded) > len(old) + 1:
            spellings += [folded[: -len(old)] + new for new in news]
    return spellings


@remembered
def lemmas(word: str) -> frozenset[str]:
    """Every dictionary form pymorphy3 gives the word; for an unknown word its best guess."""
    folded = fold_letters(word)
    morph = analyzer()
    known = [s for s in _spellings(folded) if morph.word_is_known(s)]
    if known:
        forms = {p.normal_form for s in known for p in morph.parse(s)}
    else:
        forms = {morph.parse(folded)[0].normal_form, folded}
    return frozenset(f.replace("ё", "е") for f in forms)


def tokens(text: str) -> list[Token]:
    """The words of ``text`` with their lemmas; sentence punctuation bounds a match."""
    result, sentence = [], 0
    for found in _TOKEN.finditer(text):
        word = found.group()
        if not word[0].isalpha():
            sentence += 1
            continue
        result.append(Token(word, lemmas(word), sentence, found.start()))
    return result


def find(words: list[Token], pattern: tuple[str, ...], gap: int) -> list[tuple[int, ...]]:
    """Positions where all of ``pattern``'s lemmas stand within one sentence and ``gap`` extra words."""
    hits, resume = [], 0
    # a match starts on a word bearing one of the pattern's lemmas: only those are tried
    for start in [i for i, word in enumerate(words) if not word.lemmas.isdisjoint(pattern)]:
        hit = _hit_at(words, start, pattern, gap) if start >= resume else None
        if hit:
            hits.append(hit)
            resume = max(hit) + 1
    return hits


def _hit_at(words: list[Token], start: int, pattern: tuple[str, ...], gap: int) -> tuple[int, ...] | None:
    window = [
        i for i in range(start, min(start + len(pattern) + gap, len(words)))
        if words[i].sentence == words[start].sentence
    ]
    used: list[int] = []
    for lemma in pattern:
        place = next((i for i in window if i not in used and lemma in words[i].lemmas), None)
        if place is None:
            return None
        used.append(place)
    return tuple(sorted(used))


def occurrences_in(words: list[Token], match: tuple[tuple[str, ...], ...], gap: int) -> list[tuple[Token, ...]]:
    """The matched words of every occurrence, in text order (overlapping matches counted once)."""
    hits = {hit for pattern in match for hit in find(words, pattern, gap)}
    return [tuple(words[i] for i in hit) for hit in sorted(hits)]


def _occurrence(passage_id: str, words: tuple[Token, ...]) -> Occurrence:
    return Occurrence(passage_id, tuple(w.surface for w in words),
                      tuple((w.start, w.start + len(w.surface)) for w in words))


# --- loading ----------------------------------------------------------------------------


def glossary_path(source: Path) -> Path:
    return source / "glossary.yaml"


def load_glossary(source: Path | str | None = None, edition: Edition | None = None) -> Glossary:
    """Read and check the glossary, and compute where each term occurs in the reading text."""
    source = Path(source) if source else (edition.source if edition else source_texts_dir())
    edition = edition or load_edition(source)
    path = glossary_path(source)
    data = load_yaml(path)
    parsed = validate(_GlossaryFile, data, path).terms
    passages = [(p.id, tokens(p.reading)) for p in edition.passages]
    games = {g.id for g in edition.games}
    terms, seen = [], set()
    for index, raw in enumerate(parsed):
        line = data["terms"].item_lines[index]
        if raw.id in seen:
            raise DataFileError(path, line, f"term {raw.id} is defined twice")
        seen.add(raw.id)
        terms.append(_build_term(raw, index, line, data, path, passages, games))
    return Glossary(path, tuple(terms))


def _build_term(raw: _Term, index: int, line: int, data, path: Path, passages, games: set[str]) -> Term:
    def where(key: str) -> int | None:
        return line_of(data, ("terms", index, key))

    match = tuple(tuple(pattern.split()) for pattern in raw.match)
    for lemma in {lemma for pattern in match for lemma in pattern}:
        if lemma not in lemmas(lemma):
            raise DataFileError(path, where("match"), f"term {raw.id}: «{lemma}» is not a dictionary form (pymorphy3 reads it as {sorted(lemmas(lemma))})")
    if not occurrences_in(tokens(raw.prereform), match, raw.gap):
        raise DataFileError(path, where("match"), f"term {raw.id}: its match does not find its own form «{raw.prereform}»")
    modern = modernize(raw.prereform).text
    if raw.modern != modern:
        raise DataFileError(path, where("modern"), f"term {raw.id}: the modern layer spells «{raw.prereform}» as «{modern}», not «{raw.modern}»")
    for game in raw.games:
        if game not in games:
            raise DataFileError(path, where("games"), f"term {raw.id}: no game {game!r}")
    found = tuple(
        _occurrence(passage_id, words) for passage_id, passage_words in passages
        for words in occurrences_in(passage_words, match, raw.gap)
    )
    if not found:
        raise DataFileError(path, line, f"term {raw.id} occurs nowhere in the reading text")
    return Term(raw.id, raw.prereform, raw.modern, raw.english, tuple(raw.english_variants), raw.definition,
                tuple(raw.games), match, raw.gap, found, line)


def duplicate_terms(glossary: Glossary) -> list[tuple[Term, Term]]:
    """Each term that repeats an earlier one's pre-reform form or one of its matches, with that term
    (a term copied under a new id would otherwise be listed, and linked, twice)."""
    first: dict[object, Term] = {}
    repeated = []
    for term in glossary.terms:
        keys = [("form", fold_letters(term.prereform))] + [("match", pattern) for pattern in term.match]
        earlier = next((first[key] for key in keys if key in first), None)
        if earlier is not None:
            repeated.append((term, earlier))
            continue
        for key in keys:
            first.setdefault(key, term)
    return repeated


# --- consistency --------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """A passage whose English breaks the glossary, located in its English file."""

    passage_id: str
    term_id: str
    message: str
    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def rendering_spans(term: Term, english: str) -> list[tuple[int, int]]:
    """Where ``english`` holds one of the term's renderings as a word (plural or possessive allowed)."""
    spans = []
    for form in term.renderings:
        words = r"\s+".join(re.escape(w) for w in form.split())
        spans += [m.span() for m in re.finditer(rf"(?<!\w){words}(?:s|es|'s)?(?!\w)", english, re.IGNORECASE)]
    return sorted(spans)


def renders(term: Term, english: str) -> bool:
    """Whether ``english`` contains one of the term's renderings as a word."""
    return bool(rendering_spans(term, english))


def check_consistency(edition: Edition, english: dict[str, EnglishEntry], glossary: Glossary) -> list[Finding]:
    """Every term found in a passage's Russian has its rendering in the English, or a reasoned exception."""
    found: dict[str, dict[str, list[Occurrence]]] = {}
    for term in glossary.terms:
        for occurrence in term.occurrences:
            found.setdefault(occurrence.passage_id, {}).setdefault(term.id, []).append(occurrence)
    known = {term.id: term for term in glossary.terms}
    findings = []
    for passage in edition.passages:
        entry = english[passage.id]
        findings += _check_passage(entry, found.get(passage.id, {}), known)
    return findings


def _check_passage(entry: EnglishEntry, present: dict[str, list[Occurrence]], known: dict[str, Term]) -> list[Finding]:
    def finding(term_id: str, message: str) -> Finding:
        return Finding(entry.id, term_id, f"passage {entry.id}: {message}", entry.source_file, entry.source_line)

    excused = {e.term for e in entry.exceptions}
    findings = [finding(t, f"exception for an unknown glossary term {t!r}") for t in excused - known.keys()]
    for term_id, occurrences in present.items():
        term = known[term_id]
        rendered = renders(term, entry.text)
        if term_id in excused and rendered:
            findings.append(finding(term_id, f"needless exception: '{term.english}' is in the English"))
        elif term_id not in excused and not rendered:
            words = " ".join(occurrences[0].words)
            findings.append(finding(term_id, f"«{words}» ({term_id}) is in the Russian but '{term.english}' is not in the English"))
    for term_id in (excused & known.keys()) - present.keys():
        findings.append(finding(term_id, f"needless exception: {term_id} does not occur in the Russian"))
    return findings
