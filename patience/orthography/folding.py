"""Folding for search: one key for a word whether it is spelled before or after the reform.

Not a converter: it runs without the dictionary and in the browser alike
(``extensions/patience_sphinx/search/folding.js`` must give the same key for every
word; a test checks them against each other). It folds what the reform changed
and what the modern layer changes beyond it, on any word, so «мѣстомъ» and
«местом», «основныя» and «основные», «разсматривать» and «рассматривать»
share a key. A noun in -ия and a plural in -ие fold together too: both sides are
folded alike, so a search still finds its word.
"""

from __future__ import annotations

import re

LETTERS = str.maketrans({"ё": "е", "ѣ": "е", "і": "и", "ѵ": "и", "ѳ": "ф", "ъ": None})
_OLD_LETTERS = str.maketrans({"ѣ": "е", "і": "и", "ї": "и", "ѳ": "ф", "ѵ": "и", "ё": "е"})

WHOLE = {
    "оне": "они", "одне": "одни", "однех": "одних", "однем": "одним", "однеми": "одними",
    "ея": "ее", "нея": "нее", "чрез": "через",
}

ENDINGS = (
    (re.compile(r"аго$"), "ого"),
    (re.compile(r"яго$"), "его"),
    # after a sibilant -ого and -его fold together: the stress that chose between them is not written
    (re.compile(r"([жшчщц])ого$"), r"\1его"),
    (re.compile(r"([ыи])я(ся)?$"), r"\1е\2"),
)

PREFIX_Z = re.compile(r"^((?:не)?(?:через|чрез|воз|вз|без|низ|раз|роз|из))(?=[кпстфхцчшщ])")
PREFIX_SS = re.compile(r"^((?:не)?ра)сс(?=ч)")

BEGINNINGS = (("четыреугольник", "четырехугольник"), ("рессурс", "ресурс"))


def fold_letters(word: str) -> str:
    """A word's letters alone folded: lower case, the pre-reform letters read as today's, a
    final hard sign dropped («Двѣнадцать» → «двенадцать», «Мѣстъ» → «мест»). What the
    glossary and the numerals look words up by; the endings are theirs to try."""
    return word.lower().translate(_OLD_LETTERS).removesuffix("ъ")


def fold(word: str) -> str:
    """The search key of a Russian word (lower case, either spelling)."""
    word = word.lower().replace("ъи", "ы").replace("ъі", "ы").translate(LETTERS)
    if word in WHOLE:
        return WHOLE[word]
    if len(word) >= 4:
        for pattern, replacement in ENDINGS:
            word = pattern.sub(replacement, word)
    word = PREFIX_Z.sub(lambda m: m.group(1)[:-1] + "с", word)
    word = PREFIX_SS.sub(r"\1с", word)
    for old, new in BEGINNINGS:
        if word.startswith(old):
            word = new + word[len(old):]
    return word
