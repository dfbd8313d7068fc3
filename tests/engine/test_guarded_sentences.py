"""Rule sentences of cited passages that no clause enforced or marked: each is now
guarded by a clause or claim that quotes it, or marked as conjecture with the reason
(a clause whose conjecture speaks of it). Before, none of these guards quoted its
sentence: each row fails on the specs as they stood."""

import pytest

from patience.claims import run_claim
from patience.rulespec.compile import load_game
from patience.text import load_edition

EDITION = load_edition()

# (passage, words of the sentence, game, the guarding clause or claim, how it guards)
GUARDS = [
    ("sultan.end.2", "послѣ этого вынимаютъ остальныя карты изъ колоды", "sultan", "divan-before-the-pack", "claim"),
    ("sultan.end.2", "послѣ этого вынимаютъ остальныя карты изъ колоды", "sultan", "stock-turned", "clause"),
    ("nivernaise.rules.2", "если являются свободныя мѣста по бокамъ", "nivernaise",
     "line-looked-through-with-a-space", "claim"),
    ("empress.game.7", "если пустыхъ мѣстъ нѣтъ, то продолжаютъ снимать парныя карты", "empress", "pairs", "conjecture"),
    ("empress.game.9", "Когда сыграны всѣ подходящія карты, то перебираютъ всю остальную колоду", "empress",
     "pack-gone-through", "conjecture"),
    ("constitution.end.2", "Когда сыграны всѣ подходящія карты, и помѣщены по порядку", "constitution",
     "pack-waits-for-play-and-placing", "claim"),
    ("zodiac.game.2", "если нѣтъ талона, то изъ колоды", "zodiac",
     "equator-spaces-from-the-pack-only-without-a-talon", "claim"),
    ("zodiac.game.2", "при составленіи марьяжа требуется большая осторожность", "zodiac", "marriage", "conjecture"),
    ("besieged.rules.4", "какою бы то ни было картою изъ того ряда", "besieged", "any-card-of-the-row-fills-its-end",
     "claim"),
    ("sympathie.game.4", "если на столѣ остается перевороченная карта, то пасьянсъ не удался", "sympathie",
     "a-card-left-is-failure", "claim"),
    ("notes.19", "слѣдуетъ снять карты и разложить ихъ вторично, или же одного изъ королей подложить подъ низъ",
     "napoleon", "no-redeal", "conjecture"),
]


@pytest.mark.parametrize("passage, words, game_id, guard_id, how", GUARDS, ids=[f"{g[0]}:{g[3]}" for g in GUARDS])
def test_the_sentence_is_guarded(passage, words, game_id, guard_id, how):
    assert words in EDITION.passage(passage).reading, "the words are the passage's"
    game = load_game(game_id)
    items = {item.id: item for item in [*game.rules.clauses, *game.rules.claims]}
    guard = items[guard_id]
    assert passage in guard.passages
    quoted = " ".join(guard.quotes)
    assert any(part.strip() in quoted for part in words.split(",") if len(part.strip()) > 12) or words in quoted
    if how == "claim":
        assert run_claim(game, guard).holds == (guard.expect == "holds")
    if how == "conjecture":  # marked, with its reason: the conjecture speaks of this sentence
        assert guard.conjecture and len(guard.conjectural) > 0
        key = {"empress.game.7": "пустыхъ мѣстъ", "empress.game.9": "suitable cards",
               "zodiac.game.2": "care", "notes.19": "Note 19"}[passage]
        assert key in guard.conjecture
