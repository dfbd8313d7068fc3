"""Pre-reform text → modern text, word by word, each changed word recorded."""

from __future__ import annotations

import re
from functools import lru_cache

from patience.orthography import usage
from patience.orthography.conversion import Change, Conversion
from patience.orthography.rules import in_order
from patience.orthography.word import convert_part

# A word: letters, possibly joined by hyphens; or the abbreviation «т.-е.».
TOKEN = re.compile(r"(?<![^\W\d_])[тТ]\.-[еЕ]\.|[^\W\d_]+(?:-[^\W\d_]+)*")


def modernize(text: str) -> Conversion:
    """The modern spelling of pre-reform ``text``, with every change and its rules."""
    changes = []
    for match in TOKEN.finditer(text):
        original = match.group()
        modern, rules = convert_word(original)
        if modern != original:
            changes.append(Change(match.start(), match.end(), original, modern, rules))
    return Conversion(text, tuple(changes))


@lru_cache(maxsize=65536)
def convert_word(word: str) -> tuple[str, tuple[str, ...]]:
    """One word (hyphenated or not): its modern form and the rules applied, in table order."""
    if word.lower() in usage.APART_PHRASES:
        modern, rules = usage.apply(word)
        return modern, in_order(rules)
    parts, rules = [], set()
    for part in word.split("-"):
        modern, part_rules = convert_part(part)
        parts.append(modern)
        rules |= part_rules
    modern, usage_rules = usage.apply("-".join(parts))
    return modern, in_order(rules | usage_rules)
