"""One word through the reform: letters, hard sign, pronouns, endings, prefixes.

A word is worked on in lower case, one slot per original letter: a rule either
replaces a slot's letter or empties it (a dropped ъ, the з of «разсчетъ»). The
original capitals are then put back slot by slot, so «ДВѢ» gives «ДВЕ» and
«Онѣ» gives «Они». Hyphenated words are converted part by part, since each part
ends like a word («тотчасъ-же»).
"""

from __future__ import annotations

import re

from patience.orthography import morphology as dictionary

LETTERS = {"ѣ": ("е", "yat"), "і": ("и", "i"), "ѳ": ("ф", "fita"), "ѵ": ("и", "izhitsa")}

# Inside a word ъ stays as a separator before these (съѣздъ → съезд, адъютантъ).
SEPARATED = frozenset("еёюяѣ")

# Whole words the reform respelled outright (the ending ъ is dropped as usual).
PRONOUNS = {
    "онѣ": ("они", "oni"),
    "однѣ": ("одни", "odni"),
    "однѣхъ": ("однихъ", "odni"),
    "однѣмъ": ("однимъ", "odni"),
    "однѣми": ("одними", "odni"),
    "ея": ("ее", "eja"),
    "нея": ("нее", "eja"),
}

SIBILANTS = frozenset("жшчщц")

# A prefix ending in з, optionally after не-, before a voiceless consonant.
PREFIX_Z = re.compile(r"^(?:не)?(?:через|чрез|воз|вз|без|низ|раз|роз|из)(?=[кпстфхцчшщ])")


class Slots:
    """The letters of one word part, lower case, each slot tied to an original letter."""

    def __init__(self, original: str):
        self.original = original
        # Letter by letter, so that a letter whose lower case is longer (İ) keeps its slot.
        self.letters = [c.lower() if len(c.lower()) == 1 else c for c in original]
        self.rules: set[str] = set()

    def word(self) -> str:
        return "".join(self.letters)

    def live(self) -> list[int]:
        """Indices of the slots still holding a letter, in order."""
        return [i for i, letter in enumerate(self.letters) if letter]

    def respell(self, modern: str, rule: str) -> None:
        """Replace the live letters by ``modern``, which has as many letters or one fewer
        (the dropped з of «расчет»); the first differing slot is the one emptied."""
        live = self.live()
        old = self.word()
        if len(modern) == len(old):
            pairs = zip(live, modern)
        else:
            cut = next(i for i, (a, b) in enumerate(zip(old, modern + "\0")) if a != b)
            self.letters[live[cut]] = ""
            pairs = zip(live[:cut] + live[cut + 1:], modern)
        for index, letter in pairs:
            self.letters[index] = letter
        self.rules.add(rule)

    def cased(self) -> str:
        return "".join(
            letter.upper() if source.isupper() else letter
            for letter, source in zip(self.letters, self.original)
        )


def convert_part(part: str) -> tuple[str, set[str]]:
    """One hyphen-free word: its modern spelling and the rules that changed it."""
    slots = Slots(part)
    pronoun = PRONOUNS.get(slots.word())
    if not pronoun:
        _letters(slots)
        # «ея» may also come out of the letters («Ѣя»): the result must be modern too.
        pronoun = PRONOUNS.get(slots.word()) if slots.word() in ("ея", "нея") else None
    if pronoun:
        modern, rule = pronoun
        slots.respell(modern, rule)
    _hard_sign(slots)
    if not pronoun:
        _grammar(slots)
    return slots.cased(), slots.rules


def _letters(slots: Slots) -> None:
    for index, letter in enumerate(slots.letters):
        if letter in LETTERS:
            slots.letters[index], rule = LETTERS[letter]
            slots.rules.add(rule)


def _hard_sign(slots: Slots) -> None:
    source = "".join(c.lower() if len(c.lower()) == 1 else c for c in slots.original)
    if set(source) == {"ъ"}:
        return  # the letter standing alone (its name, a list of letters): no word to drop it from
    for index, letter in enumerate(slots.letters):
        if letter != "ъ":
            continue
        following = source[index + 1:index + 2]
        if following and following in SEPARATED:
            continue
        slots.letters[index] = ""
        slots.rules.add("hard-sign")
        if following in ("и", "і"):
            # A prefix's ъ before и: today ы (предъидущій → предыдущий), later usage.
            slots.letters[index + 1] = "ы"
            slots.rules.add("usage-form")


def _grammar(slots: Slots) -> None:
    """Endings and prefixes, which need the dictionary; each may unlock the other."""
    ending = _ending(slots.word())
    if ending:
        slots.respell(*ending)
    prefixed = _prefix(slots.word())
    if prefixed:
        slots.respell(prefixed, "prefix-z")
        if not ending and (ending := _ending(prefixed)):
            slots.respell(*ending)


def _ending(word: str) -> tuple[str, str] | None:
    return _genitive(word) or _plural(word)


def _genitive(word: str) -> tuple[str, str] | None:
    """-аго/-яго → -ого/-его when the result is an adjectival genitive (not «благо»)."""
    if _letters_count(word) < 4 or not word.endswith(("аго", "яго")) or dictionary.is_known(word):
        return None
    stem = word[:-3]
    if word.endswith("яго"):
        modern = stem + "его"
    elif stem[-1] in SIBILANTS:
        # After a sibilant the stress decides: end-stressed adjectives (большой) take -ого.
        stressed = dictionary.is_end_stressed_adjective(stem + "ого")
        modern = stem + ("ого" if stressed else "его")
    else:
        modern = stem + "ого"
    if dictionary.is_adjectival_genitive(modern, predicted=True):
        return modern, "genitive-ago"
    return None


def _plural(word: str) -> tuple[str, str] | None:
    """-ыя/-ія → -ые/-ие in plural adjectives and participles; nouns keep -ия."""
    reflexive = word.endswith("ся")
    base = word[:-2] if reflexive else word
    if _letters_count(base) < 4 or not base.endswith(("ыя", "ия")) or dictionary.is_known(word):
        return None
    modern = base[:-1] + "е" + ("ся" if reflexive else "")
    if dictionary.is_adjectival_plural(modern, predicted=True):
        return modern, "plural-ija"
    return None


def _letters_count(word: str) -> int:
    """Letters other than ъ: short words are never given a grammatical ending (as in search)."""
    return len(word) - word.count("ъ")


def _prefix(word: str) -> str | None:
    """з → с at the end of a prefix, when the dictionary knows the result and not the word."""
    match = PREFIX_Z.match(word)
    if not match or dictionary.is_known(word):
        return None
    z = match.end() - 1
    candidates = [word[:z] + "с" + word[z + 1:]]
    if word[z + 1:z + 3] == "сч":
        candidates.append(word[:z] + word[z + 1:])  # разсчетъ → расчет, not рассчет
    return next((c for c in candidates if dictionary.is_known(c)), None)
