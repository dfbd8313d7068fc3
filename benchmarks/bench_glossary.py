"""The glossary's cost: occurrences of every term over the whole edition, and the consistency check.

    python -m pytest benchmarks/bench_glossary.py --benchmark-only

Cold rounds forget the dictionary's remembered answers first (the pymorphy3 dictionary itself stays loaded).
"""

from __future__ import annotations

from patience.orthography import memo
from patience.text import load_edition
from patience.text.english import load_english
from patience.text.glossary import check_consistency, load_glossary


def test_occurrences_cold(benchmark):
    edition = load_edition()

    def cold():
        memo.forget()
        return load_glossary(edition.source, edition)

    glossary = benchmark(cold)
    benchmark.extra_info["terms"] = len(glossary.terms)
    benchmark.extra_info["occurrences"] = sum(len(t.occurrences) for t in glossary.terms)


def test_consistency_check(benchmark):
    edition = load_edition()
    glossary = load_glossary(edition.source, edition)
    english = load_english(edition.source, edition)
    findings = benchmark(check_consistency, edition, english, glossary)
    assert findings == []
