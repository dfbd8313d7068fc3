"""The specs name their games as the text model does, and ``patience games`` follows the book."""

from patience.cli import main
from patience.rulespec.loading import read_spec, spec_paths
from patience.text import load_edition

EDITION = load_edition()


def test_every_game_of_the_book_has_a_spec_titled_as_in_the_text():
    specs = {spec.game: spec for spec in (read_spec(path)[0] for path in spec_paths())}
    assert set(specs) == {game.id for game in EDITION.games}
    for game in EDITION.games:
        assert (specs[game.id].title, specs[game.id].title_ru) == (game.title_en, game.title_ru), game.id


def test_games_are_listed_in_the_books_order_with_lost_titles_said(capsys):
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    bases = list(dict.fromkeys(line.split()[0].split(":")[0] for line in lines))
    assert bases == [game.id for game in EDITION.games]
    calculation = next(line for line in lines if line.startswith("calculation "))
    assert "Russian title lost" in calculation and "[complete" in calculation
    assert lines[[line.split()[0] for line in lines].index("paquets")].endswith("(not playable)")
