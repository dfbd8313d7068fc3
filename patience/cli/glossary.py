"""``patience glossary``: the book's terms, where they occur, and the translation's consistency."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience.text.glossary import Glossary, Term

SUMMARY = "list the glossary terms and the passages where they occur"


def register(subparsers) -> None:
    parser = subparsers.add_parser("glossary", help=SUMMARY)
    parser.add_argument("--json", action="store_true", help="every term with its occurrences, as JSON")
    parser.add_argument(
        "--check", action="store_true",
        help="check that each term's English is in the English of every passage where it occurs and that no "
             "term repeats another (exit 1 if not; with --json, the findings as JSON)",
    )
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.consistency import check_all
    from patience.corpus import load_corpus
    from patience.progress import Progress

    with Progress("reading the edition and its glossary", shown=not arguments.json) as progress:
        corpus = load_corpus()
        glossary = corpus.glossary
        progress.doing = "checking the glossary"
        findings = check_all(corpus, ["glossary"]) if arguments.check else None  # the glossary kind alone
    if findings is not None:
        if arguments.json:
            print(json.dumps({"terms": len(glossary.terms), "findings": [f.to_json() for f in findings]},
                             ensure_ascii=False, indent=2))
        else:
            for finding in findings:
                print(finding, file=sys.stderr)
            print(f"{len(glossary.terms)} terms, {len(findings)} inconsistencies")
        return 1 if findings else 0
    if arguments.json:
        print(json.dumps(glossary_record(glossary), ensure_ascii=False, indent=2))
        return 0
    for term in glossary.terms:
        print(f"{term.prereform} — {term.english}: {len(term.occurrences)} in {', '.join(term.passage_ids)}")
    return 0


def glossary_record(glossary: Glossary) -> dict:
    return {"terms": [term_record(term) for term in glossary.terms]}


def term_record(term: Term) -> dict:
    from dataclasses import asdict

    record = asdict(term)
    record["match"] = [" ".join(pattern) for pattern in term.match]
    record["occurrences"] = [{"passage": o.passage_id, "words": list(o.words), "spans": [list(s) for s in o.spans]}
                             for o in term.occurrences]
    record["passages"] = list(term.passage_ids)
    return record
