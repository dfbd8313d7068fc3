"""Every consistency check of the edition, as located findings: ``patience check``.

The loaders refuse data that cannot be read at all (a YAML error, a passage that
does not tile its witness, a note without its marker); such an error is one
``source`` finding. What loads but disagrees is found here, one kind at a time:

``duplicate``  two spec files of one game id;
``title``      a spec's titles differ from ``games.yaml``, or a game has no spec;
``coverage``   a rule, paragraph or note of a game that no clause or claim cites,
               or a citation of a passage that does not exist or belongs elsewhere;
``quotation``  a clause's or claim's ``quote`` that is not in the passages it cites;
``number``     a number a cited passage states that no parameter carries, or a stale excuse;
``claim``      a claim whose outcome is not what the spec records;
``corrections`` an OCR token that looks wrong and was neither corrected nor checked;
``modern``     a word of the modern layer no dictionary knows and no allow-list excuses;
``glossary``   a term found in the Russian whose English is not in the translation.

The command line, the build (``edition.check`` warnings) and the tests call
:func:`check_all`; each finding names a file and line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from patience.corpus import Corpus, SpecFile, load_corpus
from patience.datafile import DataFileError, load_yaml
from patience.spec.loading import game_line

KINDS = ("source", "duplicate", "title", "coverage", "quotation", "number", "claim", "corrections", "modern",
         "glossary")


@dataclass(frozen=True, order=True)
class Finding:
    """What is wrong, and where: ``path:line: message``."""

    path: str
    line: int | None
    kind: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"

    def to_json(self) -> dict:
        return {"path": self.path, "line": self.line, "kind": self.kind, "message": self.message}


def from_error(error: DataFileError | OSError, kind: str = "source") -> Finding:
    if isinstance(error, OSError):
        return Finding(str(error.filename or ""), None, kind, error.strerror or str(error))
    return Finding(str(error.path), error.line, kind, error.message)


def check_source(source: Path | str | None = None, specs_dir: Path | str | None = None,
                 kinds: Iterable[str] = KINDS) -> list[Finding]:
    """Load the corpus and check it; a text that cannot be loaded is its one finding."""
    try:
        corpus = load_corpus(source, specs_dir)
    except (DataFileError, OSError) as error:
        return [from_error(error)]
    return check_all(corpus, kinds)


def check_all(corpus: Corpus, kinds: Iterable[str] = KINDS) -> list[Finding]:
    """Every finding of the chosen kinds, sorted by file and line."""
    kinds, findings = tuple(kinds), []
    for kind in kinds:
        try:
            findings += CHECKS[kind](corpus)
        except (DataFileError, OSError) as error:  # a layer that cannot be read: the "source" check says so
            if "source" in kinds:
                findings.append(from_error(error))
    return sorted(set(findings), key=lambda f: (f.path, f.line or 0, f.kind, f.message))


# --- the checks -----------------------------------------------------------------------------


def _source(corpus: Corpus) -> list[Finding]:
    """The layers read on demand (modern overrides, English, glossary, specs) load."""
    findings = []
    for layer in ("modern", "english", "glossary", "spec_files"):
        try:
            getattr(corpus, layer)
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
    findings = []
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
        reading = corpus.reading
        for problem in number_problems(entry.spec, reading) + excuse_problems(entry.spec, reading):
            passage = problem.split(": ", 1)[1].split(" ", 1)[0]  # "GAME: PASSAGE states …": located at a citing clause
            item = next((i for i in cited(entry.spec) if passage in i.passages), None)
            line = entry.lines.get(cast(Any, item.item).id) if item else None
            findings.append(_at(entry, line, "number", problem))
    return findings


def _claims(corpus: Corpus) -> list[Finding]:
    from patience.claims import ClaimError, run_claim
    from patience.engine.game import Game
    from patience.engine.specs import rules_from_file

    findings = []
    for entry in _specs(corpus):  # an unplayable spec's claims too: they ask what its clauses say
        for variant in [None, *(v.id for v in entry.spec.variants)]:
            owner = f"{entry.spec.game}:{variant}" if variant else entry.spec.game
            try:
                game = Game(rules_from_file(entry.path, variant))
            except (DataFileError, ValueError) as error:
                findings.append(_at(entry, getattr(error, "line", None), "claim", f"{owner}: {error}"))
                continue
            for claim in game.rules.claims:
                try:
                    result = run_claim(game, claim)
                except ClaimError as error:
                    findings.append(_at(entry, entry.lines.get(claim.id), "claim", f"{owner}: {error}"))
                    continue
                if result.holds != (claim.expect == "holds"):
                    verdict = "fails" if claim.expect == "holds" else "now holds, though marked contradicted"
                    findings.append(_at(entry, entry.lines.get(claim.id), "claim",
                                        f"claim {owner}.{claim.id} {verdict}: the engine shows {result.detail!r}"))
    return findings


def _corrections(corpus: Corpus) -> list[Finding]:
    from patience.text.reading import undo_encoding
    from patience.text.suspicious import suspicious_tokens

    path = corpus.source / "checked_tokens.yaml"
    data = load_yaml(path)
    checked = _checked_tokens(path, data)
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


def _checked_tokens(path: Path, data) -> dict[tuple[str, str], int]:
    from patience.datafile import validate
    from patience.text.suspicious import CheckedTokensFile

    entries = validate(CheckedTokensFile, data, path).checked
    return {(e.passage, e.token): line for e, line in zip(entries, data["checked"].item_lines)}


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
