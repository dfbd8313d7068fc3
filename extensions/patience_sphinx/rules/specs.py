"""Finding and loading a game's one spec through the engine (``patience.engine``).

The site reads the same file the engine plays from (``patience/specs/GAME.yaml``),
or the folder named by ``rules_specs_dir`` (test sites point it at a copy they may
break). Every page that shows something computed from a spec declares the file as
a dependency (and the engine's source files), so an edited spec re-reads those
pages on the next build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from patience.datafile import DataFileError
from patience.engine import Game
from patience.rulespec.compile import rules_from_file
from patience.rulespec.loading import SPEC_DIR, digest, game_line, read_spec, variant_of
from patience.rulespec.schema import Spec

from .._logging import file_location as spec_location
from .._logging import warn_rules as warn
from .._state import memory
from .cache import engine_files


@dataclass(frozen=True)
class Loaded:
    """A game (or variant) compiled from its spec file, with the spec (the whole game's, variants
    included), the file's digest and the line of each clause and claim id."""

    game: Game
    spec: Spec
    path: Path
    digest: str
    lines: dict[str, int]


def specs_dir(env) -> Path:
    configured = env.config.rules_specs_dir
    path = Path(configured) if configured else SPEC_DIR
    return path if path.is_absolute() else Path(env.srcdir, path)


def spec_path(env, game_id: str) -> Path:
    return specs_dir(env) / f"{game_id.split(':', 1)[0]}.yaml"


def load(directive, game_id: str) -> Loaded | None:
    """The game, or ``None`` after a located ``rules.spec`` warning."""
    path = spec_path(directive.env, game_id)
    if not path.is_file():
        warn("spec", f"no spec for game {game_id!r} (looked for {path})", directive.get_location())
        return None
    directive.env.note_dependency(str(path))
    for source in engine_files(directive.env):  # claims and examples also change with the engine
        directive.env.note_dependency(str(source))
    file_digest = digest(path)
    key = (path, file_digest, game_id)
    games = memory(directive.env).games
    if key not in games:
        try:
            games[key] = _compile(path, file_digest, game_id)
        except DataFileError as error:
            games[key] = error
    found = games[key]
    if isinstance(found, DataFileError):
        if memory(directive.env).once(("spec", key)):  # one warning per broken spec, however many directives use it
            warn("spec", found.message, spec_location(found.path, found.line))
        return None
    return found


def _compile(path: Path, digest: str, game_id: str) -> Loaded:
    variant = variant_of(game_id)
    base = game_id.split(":", 1)[0]
    spec, lines = read_spec(path)
    if spec.game != base:  # the engine finds a game by its id: the page must show the same file
        raise DataFileError(path, game_line(path), f"{path.name} defines game {spec.game!r}, not {base!r}")
    game = Game(rules_from_file(path, variant))
    if spec.playable:
        try:
            game.deal(0)
        except ValueError as error:
            raise DataFileError(path, lines.get(getattr(error, "clause", "")), str(error)) from None
    return Loaded(game, spec, path, digest, lines)
