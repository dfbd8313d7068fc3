"""Modern usage beyond the reform: a closed, documented list, applied after it.

The decrees left these alone; modern spelling changed them later. They form
their own class of change (``usage-*`` rules), never mixed with the reform's.
"""

from __future__ import annotations

# Particles written with a hyphen in the book and apart today (той-же → той же).
APART_AFTER = frozenset({"же", "ж"})
APART_WORDS = {"то-есть": "то есть"}
APART_PHRASES = {"т.-е.": "т. е."}
# The French particle of a name (герцогиня де-Люинь → де Люинь).
APART_BEFORE_NAME = frozenset({"де"})

# Obsolete forms: (old beginning, modern beginning, whole word only).
FORMS: tuple[tuple[str, str, bool], ...] = (
    ("чрез", "через", True),
    ("четыреугольник", "четырехугольник", False),
    ("рессурс", "ресурс", False),
)


def apply(word: str) -> tuple[str, set[str]]:
    """A reformed word (possibly hyphenated) in modern usage, and the usage rules applied."""
    rules: set[str] = set()
    lower = word.lower()
    if lower in APART_WORDS or lower in APART_PHRASES:
        modern = APART_WORDS.get(lower) or APART_PHRASES[lower]
        return _recase(modern, word), {"usage-apart"}
    parts = word.split("-")
    joined = parts[0]
    for previous, part in zip(parts, parts[1:]):
        apart = part.lower() in APART_AFTER or (
            previous.lower() in APART_BEFORE_NAME and part[:1].isupper()
        )
        if apart:
            rules.add("usage-apart")
        joined += (" " if apart else "-") + part
    words = []
    for piece in joined.split(" "):
        modern = _form(piece)
        if modern != piece:
            rules.add("usage-form")
        words.append(modern)
    return " ".join(words), rules


def _form(word: str) -> str:
    lower = word.lower()
    for old, new, whole in FORMS:
        if lower == old or (not whole and lower.startswith(old)):
            return _recase(new + lower[len(old):], word)
    return word


def _recase(modern: str, model: str) -> str:
    """``modern`` in the case of ``model``: all capitals, a capital first, or as it is."""
    if len(model) > 1 and model.isupper():
        return modern.upper()
    if model[:1].isupper():
        return modern[:1].upper() + modern[1:]
    return modern
