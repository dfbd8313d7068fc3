"""The numeral reader on inflected pre-reform Russian."""

import pytest

from patience.numerals import numerals
from patience.orthography.folding import fold_letters


def values(text):
    return [n.value for n in numerals(text)]


@pytest.mark.parametrize("text, expected", [
    ("двѣнадцать пачекъ, каждую изъ четырехъ картъ", [12, 4]),
    ("кругъ изъ двадцати четырехъ картъ", [24]),
    ("восемь королей и одного червоннаго туза", [8, 1]),
    ("каждый рядъ кончается на тринадцатой картѣ", [13]),
    ("начиная съ третьей и кончая каждой третьей", [3, 3]),
    ("съ двумя пачками, т.-е. если въ обоихъ случаяхъ", [2, 2]),
    ("въ послѣдній или четвертый разъ", [4]),
    ("тузы считаются за четырнадцать, двойки за пятнадцать", [14, 15]),
    ("перваго основанія", [1]),
    ("однѣ карты", [1]),
    ("Рисунокъ № 2 изображаетъ", [2]),
])
def test_reads_the_numbers_stated(text, expected):
    assert values(text) == expected


@pytest.mark.parametrize("text", [
    "двойку, тройку и четверку",          # card names are ranks, not numerals
    "играютъ вторично",                  # an adverb
    "четыреугольникъ изъ одиночныхъ картъ",
    "карты одинаковаго достоинства",
    "будутъ нужны только впослѣдствіи[14].",  # a note marker
])
def test_ignores_what_is_not_a_stated_number(text):
    assert values(text) == []


def test_numeral_positions_cover_the_words():
    text = "Раскладываютъ двѣнадцать пачекъ"
    (numeral,) = numerals(text)
    assert text[numeral.start:numeral.end] == "двѣнадцать" and numeral.kind == "cardinal"


def test_fold_modernises_letters_for_the_dictionary():
    assert fold_letters("Двѣнадцать") == "двенадцать"
    assert fold_letters("третій") == "третий"
    assert fold_letters("четырехъ") == "четырех"
