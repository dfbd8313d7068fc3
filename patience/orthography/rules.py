"""The rules of the modern transcription: the 1917–18 reform and the few later usages.

Each rule has a stable identifier recorded on every change it makes, a class
(``reform`` for the decrees, ``usage`` for later modern usage beyond them) and
an example from the book where the fragments have one. The table on ``docs/modern-transcription.md`` lists
exactly these rules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    kind: str  # "reform" or "usage"
    change: str
    example: tuple[str, str] | None  # from the book; None when the fragments have none


RULES: tuple[Rule, ...] = (
    Rule("yat", "reform", "ѣ → е", ("мѣсто", "место")),
    Rule("i", "reform", "і → и", ("основаніе", "основание")),
    Rule("fita", "reform", "ѳ → ф", None),
    Rule("izhitsa", "reform", "ѵ → и", None),
    Rule("hard-sign", "reform", "ъ dropped at the end of a word or of a compound's part", ("картъ", "карт")),
    Rule("genitive-ago", "reform", "-аго/-яго → -ого/-его; after ж ш ч щ ц by stress", ("каждаго", "каждого")),
    Rule("plural-ija", "reform", "-ыя/-ія → -ые/-ие in plural adjectives and participles", ("основныя", "основные")),
    Rule("oni", "reform", "онѣ → они", ("онѣ", "они")),
    Rule("odni", "reform", "однѣ, однѣхъ, однѣмъ, однѣми → одни, одних, одним, одними", ("однѣ", "одни")),
    Rule("eja", "reform", "ея, нея → ее, нее", ("ея", "ее")),
    Rule("prefix-z", "reform", "з → с at the end of a prefix before a voiceless consonant", ("разсматривать", "рассматривать")),
    Rule("usage-apart", "usage", "particles and abbreviations once hyphenated are written apart", ("той-же", "той же")),
    Rule("usage-form", "usage", "an obsolete word form replaced by its modern form", ("чрезъ", "через")),
    Rule("override", "manual", "a manual override of this passage, with its reason", None),
)

RULE_IDS: tuple[str, ...] = tuple(rule.id for rule in RULES)


def in_order(rule_ids: set[str] | list[str]) -> tuple[str, ...]:
    """The given rule identifiers, once each, in the order of :data:`RULES`."""
    wanted = set(rule_ids)
    return tuple(rule_id for rule_id in RULE_IDS if rule_id in wanted)
