"""Reading the numbers a Russian text states, in pre-1918 spelling and inflected.

«двѣнадцать пачекъ, каждую изъ четырехъ картъ» states 12 and 4; «до тринадцатой
карты» states 13 (an ordinal); «въ обоихъ случаяхъ» states 2; digits are read too,
except note markers such as ``[14]``. Words are folded to modern spelling for the
dictionary (ѣ→е, і→и, ѳ→ф, ѵ→и, final ъ dropped, -аго→-ого, -ыя→-ые …) and
lemmatised with pymorphy3; a word counts only if one of its analyses is a
numeral (or an ordinal adjective) whose lemma is in the tables below. Tens and
hundreds followed by a smaller number add up («двадцати четырехъ» = 24).
Card names (двойка, тройка) and adverbs (вторично) are not numerals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from patience.orthography.folding import fold_letters
from patience.orthography.memo import remembered

CARDINALS = {
    "один": 1, "два": 2, "оба": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6,
    "семь": 7, "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11,
    "двенадцать": 12, "тринадцать": 13, "четырнадцать": 14, "пятнадцать": 15,
    "шестнадцать": 16, "семнадцать": 17, "восемнадцать": 18, "девятнадцать": 19,
    "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
    "семьдесят": 70, "восемьдесят": 80, "девяносто": 90, "сто": 100, "двести": 200,
    "триста": 300, "четыреста": 400, "пятьсот": 500,
}
ORDINALS = {
    "первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6,
    "седьмой": 7, "восьмой": 8, "девятый": 9, "десятый": 10, "одиннадцатый": 11,
    "двенадцатый": 12, "тринадцатый": 13, "четырнадцатый": 14, "пятнадцатый": 15,
    "шестнадцатый": 16, "семнадцатый": 17, "восемнадцатый": 18, "девятнадцатый": 19,
    "двадцатый": 20, "тридцатый": 30, "сотый": 100,
}
WORD = re.compile(r"[А-Яа-яЁёѢѣІіЇїѲѳѴѵ]+")
DIGITS = re.compile(r"(?<![\[\d])\d+(?![\]\d])")
ENDINGS = (("аго", "ого"), ("аго", "его"), ("яго", "его"), ("ыя", "ые"), ("ия", "ие"),
           ("не", "ни"), ("нех", "них"), ("нем", "ним"), ("неми", "ними"))


@dataclass(frozen=True)
class Numeral:
    """A number stated in a text: its value, the words or digits, where, and what kind."""

    value: int
    text: str
    start: int
    end: int
    kind: str  # cardinal | ordinal | digits


def _forms(word: str) -> list[str]:
    folded = fold_letters(word)
    forms = [folded]
    for old, new in ENDINGS:
        if folded.endswith(old):
            forms.append(folded[: -len(old)] + new)
    return forms


@remembered
def read_word(word: str) -> tuple[int, str] | None:
    """``(value, kind)`` if the word is a numeral, else None."""
    from patience.orthography.morphology import analyzer  # the project's one dictionary, loaded on first use

    for form in _forms(word):
        for parse in analyzer().parse(form):
            lemma = parse.normal_form.replace("ё", "е")
            if parse.tag.POS == "NUMR" and lemma in CARDINALS:
                return CARDINALS[lemma], "cardinal"
            if parse.tag.POS == "ADJF" and "Anum" in parse.tag:
                if lemma in ORDINALS:
                    return ORDINALS[lemma], "ordinal"
                if lemma in CARDINALS:  # один, declined like an adjective
                    return CARDINALS[lemma], "cardinal"
    return None


def numerals(text: str) -> list[Numeral]:
    """Every number the text states, in order."""
    found: list[Numeral] = []
    for match in WORD.finditer(text):
        reading = read_word(match.group())
        if reading is None:
            continue
        value, kind = reading
        previous = found[-1] if found else None
        if previous and _adds_to(previous, value, text[previous.end:match.start()]):
            found[-1] = Numeral(previous.value + value, text[previous.start:match.end()],
                                previous.start, match.end(), kind)
            continue
        found.append(Numeral(value, match.group(), match.start(), match.end(), kind))
    found += [Numeral(int(m.group()), m.group(), m.start(), m.end(), "digits") for m in DIGITS.finditer(text)]
    return sorted(found, key=lambda numeral: numeral.start)


def _adds_to(previous: Numeral, value: int, between: str) -> bool:
    """«двадцать четыре»: a round ten or hundred, then a smaller number, only a space apart."""
    round_number = previous.value % 10 == 0 and previous.value >= 20 and previous.kind == "cardinal"
    return round_number and value < (10 if previous.value % 100 else 100) and between.strip() == ""
