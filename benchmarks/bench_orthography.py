"""Our converter against prereform2modern 1.0.0: the whole edition text and the gold list.

Timings (pytest-benchmark, characters per second in each result's extra_info):
    python -m pytest benchmarks/bench_orthography.py --benchmark-only
The summary table of docs/modern-transcription.md:
    python benchmarks/bench_orthography.py

Fairness: accuracy is counted on the gold list's reform entries (the usage-* rules
are this edition's own decisions, which prereform2modern does not share) and with ё
read as е (prereform2modern restores ё in «её», we do not). Our converter caches
words and dictionary look-ups, so it is timed both cold (every cache emptied before
each round; the dictionary itself stays loaded, as prereform2modern's tables do) and
warm.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import yaml
from prereform2modern import Processor

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from patience.orthography import convert_word, modernize, morphology  # noqa: E402
from patience.text import load_edition  # noqa: E402

GOLD = ROOT / "tests" / "orthography" / "gold.yaml"


def edition_text() -> str:
    """The reading text of every passage, in book order, one per line."""
    return "\n".join(p.reading for p in load_edition(ROOT / "source_texts").passages)


def gold(reform_only: bool) -> list[dict]:
    words = yaml.safe_load(GOLD.read_text(encoding="utf-8"))["words"]
    if reform_only:
        return [
            w for w in words
            if not w.get("beyond_reform") and not any(r.startswith("usage-") for r in w["rules"])
        ]
    return words


def theirs(text: str) -> str:
    return Processor.process_text(text, show=False, delimiters=False, check_brackets=False)[0]


def ours(text: str) -> str:
    return modernize(text).text


def empty_caches() -> None:
    convert_word.cache_clear()
    morphology.is_known.cache_clear()
    morphology.parses.cache_clear()


def accuracy(convert, words: list[dict]) -> tuple[int, list[tuple[str, str, str]]]:
    """Correct words (ё read as е), and the misses as (original, got, expected)."""
    misses = []
    for word in words:
        got = convert(word["original"])
        if got.replace("ё", "е").replace("Ё", "Е") != word["modern"]:
            misses.append((word["original"], got, word["modern"]))
    return len(words) - len(misses), misses


def chars_per_second(convert, text: str, rounds: int, setup=lambda: None) -> float:
    best = float("inf")
    for _ in range(rounds):
        setup()
        start = time.perf_counter()
        convert(text)
        best = min(best, time.perf_counter() - start)
    return len(text) / best


# pytest-benchmark ---------------------------------------------------------------

def _record(benchmark, text: str) -> None:
    benchmark.extra_info["characters"] = len(text)
    benchmark.extra_info["chars_per_second"] = round(len(text) / benchmark.stats.stats.mean)


def test_edition_prereform2modern(benchmark):
    text = edition_text()
    benchmark.pedantic(theirs, args=(text,), rounds=20, warmup_rounds=1)
    _record(benchmark, text)


def test_edition_ours_cold(benchmark):
    text = edition_text()
    morphology.analyzer()
    benchmark.pedantic(ours, args=(text,), setup=empty_caches, rounds=20)
    _record(benchmark, text)


def test_edition_ours_warm(benchmark):
    text = edition_text()
    benchmark.pedantic(ours, args=(text,), rounds=20, warmup_rounds=1)
    _record(benchmark, text)


def test_gold_ours_more_accurate(benchmark):
    words = gold(reform_only=True)
    ours_right, _ = benchmark.pedantic(accuracy, args=(ours, words), rounds=1)
    theirs_right, _ = accuracy(theirs, words)
    benchmark.extra_info.update(words=len(words), ours=ours_right, prereform2modern=theirs_right)
    assert ours_right > theirs_right


# summary ------------------------------------------------------------------------

def main() -> None:
    text = edition_text()
    morphology.analyzer()
    rows = [
        ("prereform2modern 1.0.0", chars_per_second(theirs, text, 20)),
        ("ours, cold caches", chars_per_second(ours, text, 20, empty_caches)),
        ("ours, warm caches", chars_per_second(ours, text, 20)),
    ]
    print(f"edition reading text: {len(text)} characters, best of 20 rounds")
    for name, speed in rows:
        print(f"  {name:<24} {speed:>12,.0f} chars/s")
    for reform_only in (True, False):
        words = gold(reform_only)
        label = "reform entries" if reform_only else "all entries (with usage-*)"
        print(f"gold list, {label}: {len(words)} words")
        for name, convert in (("prereform2modern 1.0.0", theirs), ("ours", ours)):
            right, misses = accuracy(convert, words)
            print(f"  {name:<24} {right}/{len(words)} = {right / len(words):.1%}")
            if reform_only:
                for original, got, expected in misses:
                    print(f"      {original} → {got} (expected {expected})")
    print_disagreements()


def print_disagreements() -> None:
    """Where the two converters' outputs differ on the edition (ё read as е), word by word;
    passages whose outputs differ in their number of words are only counted."""
    differences: Counter = Counter()
    uneven = 0
    for passage in load_edition(ROOT / "source_texts").passages:
        mine, other = ours(passage.reading).split(), theirs(passage.reading).replace("ё", "е").split()
        if len(mine) != len(other):
            uneven += 1
            continue
        differences.update((a, b) for a, b in zip(mine, other) if a != b)
    print(f"edition, words where the outputs differ (ours ≠ prereform2modern): {sum(differences.values())}")
    for (mine, other), count in differences.most_common():
        print(f"  {count:>3}  {mine} ≠ {other}")
    print(f"  passages with a different number of words (usage-apart splits), not compared: {uneven}")


if __name__ == "__main__":
    main()
