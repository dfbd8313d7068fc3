"""Every consistency check of the edition, as located findings: ``patience check``.

The loaders refuse data that cannot be read at all (a YAML error, a passage that
does not tile its witness, a note without its marker); such an error is one
``source`` finding. What loads but disagrees is found here, one kind at a time (the kinds,
each with what it finds, are listed in :mod:`patience.findings`).

A file a kind needs that cannot be read is a ``source`` finding, whichever kinds are asked
for, so that a check that could not run never passes for an all-clear.

The command line, the build (``edition.check`` warnings) and the tests call
:func:`check_all`; each finding names a file and line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from patience.corpus import Corpus, SpecFile, load_corpus
from patience.datafile import DataFileError, line_of, load_yaml
from patience.findings import KINDS, Finding
from patience.rulespec.loading import claims_of, game_line
from patience.text.model import Departure, Reading


def from_error(error: DataFileError | OSError, kind: str = "source") -> Finding:
    if isinstance(error, OSError):
        return Finding(str(error.filename or ""), None, kind, error.strerror or str(error))
    return Finding(str(error.path), error.line, kind, error.message)


def check_source(source: Path | str | None = None, specs_dir: Path | str | None = None,
                 kinds: Iterable[str] = KINDS, started: Callable[[str], None] | None = None) -> list[Finding]:
    """Load the corpus and check it; a text that cannot be loaded is its one finding.
    ``started`` is told of each kind as its check begins."""
    try:
        corpus = load_corpus(source, specs_dir)
    except (DataFileError, OSError) as error:
        return [from_error(error, _kind_of_load_error(error))]
    return check_all(corpus, kinds, started=started)


def _kind_of_load_error(error: DataFileError | OSError) -> str:
    """``edition.yaml`` is loaded with the text, but a fault in it is a fault of the publication."""
    path = Path(str(getattr(error, "path", None) or getattr(error, "filename", None) or ""))
    return "publication" if path.name == "edition.yaml" else "source"


def check_all(corpus: Corpus, kinds: Iterable[str] = KINDS,
              failed: Callable[[str, Exception], None] | None = None,
              started: Callable[[str], None] | None = None) -> list[Finding]:
    """Every finding of the chosen kinds, sorted by file and line.

    A file a kind needs that cannot be read (a broken spec, glossary, allow-list …) is a
    ``source`` finding whichever kinds are asked for, naming the kinds it stopped: a check
    that could not run is never an all-clear. Any other exception is the code's fault: it
    propagates, or, given ``failed``, is handed to it (``failed(kind, error)``) and the other
    kinds still run (the build warns of it, as of a layer that fails on its pages). ``started``
    is told of each kind as its check begins (``patience check`` shows it)."""
    kinds, findings = tuple(kinds), []
    stopped: dict[Finding, list[str]] = {}
    for kind in kinds:
        if started is not None:
            started(kind)
        try:
            findings += CHECKS[kind](corpus)
        except (DataFileError, OSError) as error:
            stopped.setdefault(from_error(error), []).append(kind)
        except Exception as error:
            if failed is None:
                raise
            failed(kind, error)
    for finding, unrun in stopped.items():
        if finding in findings:  # the ``source`` check found it too: one finding, saying what it stopped
            findings.remove(finding)
        findings.append(replace(finding, message=f"{finding.message} (so the {', '.join(unrun)} "
                                                 f"check{'s' if len(unrun) > 1 else ''} could not run)"))
    return sorted(set(findings), key=lambda f: (f.path, f.line or 0, f.kind, f.message))


# --- the checks -----------------------------------------------------------------------------


def _source(corpus: Corpus) -> list[Finding]:
    """The files read on demand load: the layers (modern overrides, English, glossary), the specs,
    and the lists the checks excuse by (checked tokens, the modern allow-list)."""
    from patience.orthography.dictionary import allowlist_path, load_allowlist

    findings = []
    loads: list[Callable[[], object]] = [lambda: corpus.modern, lambda: corpus.english, lambda: corpus.glossary,
                                         lambda: corpus.spec_files, lambda: _checked_tokens(corpus.source)[1],
                                         lambda: load_allowlist(allowlist_path(corpus.source))]
    for load in loads:
        try:
            load()
        except (DataFileError, OSError) as error:
            findings.append(from_error(error))
    return findings


def _duplicates(corpus: Corpus) -> list[Finding]:
    first: dict[str, SpecFile] = {}
    findings = []
    for entry in corpus.spec_files:
        game = entry.spec.game
        if game in first:
            findings.append(_at(entry, None, "duplicate", f"game {game!r} is already defined in {first[game].path.name}"))
        else:
            first[game] = entry
    return findings


def _titles(corpus: Corpus) -> list[Finding]:
    games = {game.id: game for game in corpus.edition.games}
    findings = _title_sources(corpus)
    for entry in _specs(corpus):
        game = games.get(entry.spec.game)
        if game is None:
            findings.append(_at(entry, None, "title", f"game {entry.spec.game!r} is not in games.yaml"))
        elif (entry.spec.title, entry.spec.title_ru) != (game.title_en, game.title_ru):
            findings.append(_at(entry, None, "title", f"titles {(entry.spec.title, entry.spec.title_ru)} differ from "
                                                      f"games.yaml's {(game.title_en, game.title_ru)}"))
    for game_id in games.keys() - corpus.specs.keys():
        path = corpus.source / "games.yaml"
        findings.append(Finding(str(path), None, "title", f"game {game_id} has no spec in {corpus.specs_dir.name}/"))
    return findings


def _title_sources(corpus: Corpus) -> list[Finding]:
    """Each Russian title of ``games.yaml`` stands in the passage named as its source, of its own game."""
    path = corpus.source / "games.yaml"
    lines = load_yaml(path)["games"].item_lines
    passages = {p.id: p for p in corpus.edition.passages}
    findings = []
    for game in corpus.edition.games:
        if game.title_source is None:
            continue
        source, where = passages.get(game.title_source), (str(path), lines[game.order - 1], "title")
        if source is None:
            findings.append(Finding(*where, f"game {game.id}: title_source {game.title_source} is not a passage"))
        elif source.game != game.id:
            findings.append(Finding(*where, f"game {game.id}: title_source {game.title_source} is a passage of "
                                            f"{source.game or 'no game'}"))
        elif (game.title_ru or "").casefold() not in source.reading.casefold():
            findings.append(Finding(*where, f"game {game.id}: the title «{game.title_ru}» is not in "
                                            f"{game.title_source} («{source.reading}»)"))
    return findings


def _coverage(corpus: Corpus) -> list[Finding]:
    from patience.claims.provenance import cited

    edition, findings = corpus.edition, []
    passages = {p.id: p for p in edition.passages}
    for entry in _specs(corpus):
        game = entry.spec.game
        covered = set()
        for item in cited(entry.spec):
            for passage in item.passages:
                covered.add(passage)
                if passage not in passages:
                    findings.append(_item(entry, item, "coverage", f"cites passage {passage}, which does not exist"))
                elif passage.split(".")[0] not in (game, "notes"):
                    findings.append(_item(entry, item, "coverage", f"cites {passage}, of another game"))
        said = {p.id for p in edition.passages if p.game == game and p.kind in ("rule", "paragraph")}
        said |= {n.passage_id for n in edition.notes.values() if game in n.games and n.passage_id}
        for passage in sorted(said - covered):
            findings.append(_at(entry, None, "coverage", f"{passage} is cited by no clause or claim"))
    return findings


def _quotations(corpus: Corpus) -> list[Finding]:
    from patience.claims.provenance import cited

    findings = []
    for entry in _specs(corpus):
        for item in cited(entry.spec):
            for quote in cast(Any, item.item).quotes:
                if not any(quote in _reading(corpus, p) for p in item.passages):
                    findings.append(_item(entry, item, "quotation",
                                          f"quote {quote!r} is not in {', '.join(item.passages)}"))
    return findings


def _numbers(corpus: Corpus) -> list[Finding]:
    from patience.claims.provenance import cited, excuse_problems, number_problems

    findings = []
    for entry in _specs(corpus):
        if _missing_passages(corpus, entry):
            continue  # the coverage check names the unknown passage
        unknown = _unknown_excuses(corpus, entry)
        if unknown:
            findings += unknown
            continue
        reading = corpus.reading
        for problem in number_problems(entry.spec, reading) + excuse_problems(entry.spec, reading):
            passage = problem.split(": ", 1)[1].split(" ", 1)[0]  # "GAME: PASSAGE states …": located at a citing clause
            item = next((i for i in cited(entry.spec) if passage in i.passages), None)
            line = entry.lines.get(cast(Any, item.item).id) if item else None
            findings.append(_at(entry, line, "number", problem))
    return findings


def _unknown_excuses(corpus: Corpus, entry: SpecFile) -> list[Finding]:
    """An excuse under ``numbers`` for a passage the edition lacks, at the excuse's line."""
    known = {p.id for p in corpus.edition.passages}
    missing = [(index, n) for index, n in enumerate(entry.spec.numbers) if n.passage not in known]
    data = load_yaml(entry.path) if missing else None
    return [_at(entry, line_of(data, ("numbers", index, "passage")), "number",
                f"{entry.spec.game}: numbers: the excuse of {n.value} names passage {n.passage}, which does not exist")
            for index, n in missing]


def _claims(corpus: Corpus) -> list[Finding]:
    from patience.claims import ClaimError, run_claim
    from patience.claims.repeats import repeated
    from patience.engine.game import DealError, Game
    from patience.rulespec.compile import rules_from_file

    findings = []
    for entry in _specs(corpus):  # an unplayable spec's claims too: they ask what its clauses say
        for variant in [None, *(v.id for v in entry.spec.variants)]:
            owner = f"{entry.spec.game}:{variant}" if variant else entry.spec.game
            own = None if variant is None else {c.id for v in entry.spec.variants if v.id == variant for c in v.claims}
            findings += [_at(entry, entry.lines.get(claim.id), "claim", f"claim {owner}.{claim.id} repeats "
                             f"{earlier.id}: the same check on the same passages")
                         for claim, earlier in repeated(claims_of(entry.spec, variant), own)]
            try:
                game = Game(rules_from_file(entry.path, variant))
                game.deal(0)  # a deal that cannot be made is one finding at its clause, not one per claim
            except DealError as error:  # its message names the game or variant
                findings.append(_at(entry, entry.lines.get(error.clause), "claim", str(error)))
                continue
            except (DataFileError, ValueError) as error:
                findings.append(_at(entry, getattr(error, "line", None), "claim", f"{owner}: {error}"))
                continue
            for claim in game.rules.claims:
                try:
                    result = run_claim(game, claim)
                except ClaimError as error:
                    findings.append(_at(entry, entry.lines.get(claim.id), "claim", f"{owner}: {error}"))
                    continue
                if result.verdict != claim.expect:
                    verdict = ("fails" if claim.expect == "holds" else f"is now {result.verdict.replace('_', ' ')}, "
                               f"though marked {claim.expect.replace('_', ' ')}")
                    findings.append(_at(entry, entry.lines.get(claim.id), "claim",
                                        f"claim {owner}.{claim.id} {verdict}: the engine shows {result.detail!r}"))
    return findings


def _departures(corpus: Corpus) -> list[Finding]:
    """``departures.yaml``: each departure's Russian words stand in its passages, and every clause
    and variant a departure or a settled reading names is in the specs."""
    collation, path = corpus.edition.collation, str(corpus.source / "departures.yaml")
    variants = {f"{spec.game}:{v.id}" for spec in corpus.specs.values() for v in spec.variants}
    findings = []
    items: list[Departure | Reading] = [*collation.departures, *collation.readings]
    for item in items:
        where = (path, item.source_line or None, "departures")
        words = getattr(item, "words_ru", None)
        if words and not any(_quoted(words, _reading(corpus, p)) for p in item.passages):
            findings.append(Finding(*where, f"{item.id}: words_ru «{words}» are not in {', '.join(item.passages)}"))
        problems = [_clause_problem(corpus, reference) for reference in item.clauses]
        findings += [Finding(*where, f"{item.id}: {problem}") for problem in problems if problem]
        played = getattr(item, "played", None) or {}
        named = dict.fromkeys([getattr(item, "variant", None), *(game for game in played.values() if ":" in game)])
        findings += [Finding(*where, f"{item.id}: no variant {variant!r} in the specs") for variant in named
                     if variant and variant not in variants]
    return findings


def _quoted(words: str, text: str) -> bool:
    """Whether ``words`` stand in ``text``, each part between two "…" as it is (spaces as spaces)."""
    text = " ".join(text.split())
    return all(" ".join(part.split()) in text for part in words.split("…"))


def _clause_problem(corpus: Corpus, reference: str) -> str | None:
    """What is wrong with a clause reference ``game[:variant].clause``, if anything."""
    from patience.rulespec.loading import clauses_of

    owner, _, clause = reference.rpartition(".")
    game, _, variant = owner.partition(":")
    spec = corpus.specs.get(game)
    if spec is None:
        return f"clause {reference}: no spec of game {game!r}"
    try:
        known = {c.id for c in clauses_of(spec, variant or None)}
    except KeyError as error:
        return f"clause {reference}: {error.args[0]}"
    return None if clause in known else f"no clause {clause!r} in {owner}"


def _publication(corpus: Corpus) -> list[Finding]:
    """``edition.yaml``, what every citation names (the site's configuration reads it too), is valid."""
    from patience.citation import load_publication

    try:
        load_publication(corpus.source)
    except DataFileError as error:
        return [from_error(error, "publication")]
    return []


def _corrections(corpus: Corpus) -> list[Finding]:
    from patience.text.reading import undo_encoding
    from patience.text.suspicious import suspicious_tokens

    path, checked = _checked_tokens(corpus.source)
    findings = []
    for passage in corpus.edition.passages:
        where = (passage.source_file, passage.source_line)
        for suspicion in suspicious_tokens(undo_encoding(passage.ocr)):
            corrected = any(c.start < suspicion.start + len(suspicion.token) and suspicion.start < c.end
                            for c in passage.corrections)
            if not corrected and (passage.id, suspicion.token) not in checked:
                findings.append(Finding(*where, "corrections", f"passage {passage.id}: «{suspicion.token}» looks like an "
                                        f"OCR fault ({suspicion.reason}): correct it, or list it in {path.name}"))
        for suspicion in suspicious_tokens(passage.reading):
            if (passage.id, suspicion.token) not in checked:
                findings.append(Finding(*where, "corrections", f"passage {passage.id}: the reading text's «{suspicion.token}» "
                                        f"looks like an OCR fault ({suspicion.reason})"))
    for (passage_id, token), line in checked.items():
        try:
            present = token in corpus.reading(passage_id)
        except KeyError:
            present = False
        if not present:
            findings.append(Finding(str(path), line, "corrections", f"«{token}» is not in passage {passage_id}"))
    return findings


def _checked_tokens(source: Path) -> tuple[Path, dict[tuple[str, str], int]]:
    """``checked_tokens.yaml``, and the line of each (passage, token) it lists."""
    from patience.datafile import validate
    from patience.text.suspicious import CheckedTokensFile

    path = source / "checked_tokens.yaml"
    data = load_yaml(path)
    entries = validate(CheckedTokensFile, data, path).checked
    return path, {(e.passage, e.token): line for e, line in zip(entries, data["checked"].item_lines)}


def _modern(corpus: Corpus) -> list[Finding]:
    from patience.orthography.dictionary import allowlist_path, load_allowlist, unknown_words

    path = allowlist_path(corpus.source)
    allowed = load_allowlist(path)
    findings, used = [], set()
    passages = {p.id: p for p in corpus.edition.passages}
    for passage_id, conversion in corpus.modern.items():
        for match in unknown_words(conversion.text):
            word = match.group().lower()
            used.add(word)
            if word not in allowed:
                passage = passages[passage_id]
                findings.append(Finding(passage.source_file, passage.source_line, "modern",
                                        f"passage {passage_id}: the modern «{match.group()}» is in no dictionary: "
                                        f"correct the reading or list it in {path.name} with a reason"))
    for word in sorted(set(allowed) - used):
        findings.append(Finding(str(path), allowed[word].line, "modern", f"«{word}» is allowed but no longer needed"))
    return findings


def _glossary(corpus: Corpus) -> list[Finding]:
    from patience.text.glossary import check_consistency, duplicate_terms

    glossary = corpus.glossary
    findings = [Finding(f.path, f.line, "glossary", f.message)
                for f in check_consistency(corpus.edition, corpus.english, glossary)]
    for term, first in duplicate_terms(glossary):
        findings.append(Finding(str(glossary.path), term.source_line, "glossary",
                                f"term {term.id} repeats term {first.id} («{first.prereform}», '{first.english}')"))
    return findings


def _statistics(corpus: Corpus) -> list[Finding]:
    from patience.stats import found
    from patience.stats.integrity import problems
    from patience.stats.table import TABLE

    return ([Finding(str(TABLE), problem.line, "statistics", problem.message) for problem in problems()]
            + [Finding(str(found.FOUND), line, "statistics", message) for line, message in found.problems()])


CHECKS: dict[str, Callable[[Corpus], list[Finding]]] = {
    "source": _source,
    "duplicate": _duplicates,
    "title": _titles,
    "coverage": _coverage,
    "quotation": _quotations,
    "number": _numbers,
    "claim": _claims,
    "corrections": _corrections,
    "modern": _modern,
    "glossary": _glossary,
    "statistics": _statistics,
    "departures": _departures,
    "publication": _publication,
}


# --- helpers --------------------------------------------------------------------------------


def _specs(corpus: Corpus) -> Iterator[SpecFile]:
    """One spec file per game id (a duplicate is the ``duplicate`` check's finding)."""
    seen = set()
    for entry in corpus.spec_files:
        if entry.spec.game not in seen:
            seen.add(entry.spec.game)
            yield entry


def _reading(corpus: Corpus, passage_id: str) -> str:
    try:
        return corpus.reading(passage_id)
    except KeyError:
        return ""


def _missing_passages(corpus: Corpus, entry: SpecFile) -> list[str]:
    from patience.claims.provenance import cited

    known = {p.id for p in corpus.edition.passages}
    return [p for item in cited(entry.spec) for p in item.passages if p not in known]


def _at(entry: SpecFile, line: int | None, kind: str, message: str) -> Finding:
    return Finding(str(entry.path), line or game_line(entry.path), kind, message)


def _item(entry: SpecFile, item, kind: str, message: str) -> Finding:
    return _at(entry, entry.lines.get(item.item.id), kind, f"{item.game}: {item.item.id}: {message}")
