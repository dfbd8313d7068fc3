"""What the extensions remember while building, kept on the environment, not in module globals.

Compiled games and the errors already reported live as long as the environment
object in this process. They are never pickled with it: a restored environment
starts with an empty memory and loads again what it needs (the data are cached
by :func:`patience.corpus.load_corpus` on the state of their files). What must outlive
the process (objects and references, the games each page plays) is a domain's data,
saved with the environment; :func:`domain_of` hands a domain out as its own class.
"""

from __future__ import annotations

import os
from typing import TypeVar

from sphinx.domains import Domain
from sphinx.environment import BuildEnvironment

D = TypeVar("D", bound=Domain)


class BuildMemory:
    """Per-environment memory: ``reported`` (warnings given once per build), ``games`` (compiled
    specs), ``facts`` (what was learnt of the data, keyed on the state of their files) and
    ``this_build`` (the data as loaded for the build under way: emptied as each build starts
    reading, so that a long-lived process sees files edited between builds, while one build
    does not look at every file's state again for each of its hundreds of directives)."""

    def __init__(self) -> None:
        self.reported: set = set()
        self.games: dict = {}
        self.facts: dict = {}
        self.this_build: dict = {}
        self.process = os.getpid()  # made at the build's start (new_build), so: Sphinx's own process

    def in_builder_process(self) -> bool:
        """Whether this is Sphinx's own process, where the build's events run, not a reader
        process of a parallel read (forked from it, with a copy of this memory)."""
        return os.getpid() == self.process

    def __reduce__(self):
        return (BuildMemory, ())  # nothing is kept across pickling

    def for_this_build(self, key, load):
        """``load()``, once per build; an error is not kept, so the next call loads again."""
        if key not in self.this_build:
            self.this_build[key] = load()
        return self.this_build[key]

    def once(self, key) -> bool:
        """True the first time ``key`` is seen (then warn), False after."""
        if key in self.reported:
            return False
        self.reported.add(key)
        return True


def new_build(app, env, docnames) -> None:
    """``env-before-read-docs``: a build starts; forget the data loaded for the last one (the
    memory is made here if need be, in Sphinx's own process, before any reader is forked)."""
    memory(env).this_build.clear()


def memory(env) -> BuildMemory:
    """The environment's memory, made on first use."""
    found = getattr(env, "patience_memory", None)
    if found is None:
        found = env.patience_memory = BuildMemory()
    return found


def domain_of(env: BuildEnvironment, kind: type[D]) -> D:
    """``env``'s domain of class ``kind``, typed as such (Sphinx hands every domain out as a ``Domain``)."""
    found = env.domains[kind.name]
    if not isinstance(found, kind):
        raise TypeError(f"the domain {kind.name!r} is a {type(found).__name__}, not a {kind.__name__}")
    return found
