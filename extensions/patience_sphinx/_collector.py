"""Python's garbage collector kept off the loaded environment while a build runs.

A build after an edit unpickles an environment of some million objects (every page's
domain data, the indexes, the doctrees' references) which live until the build ends.
Python's collector walks all of them at each full collection, several times a build:
some 0.3 s of the two a build after an edit takes. So once the environment is
loaded they are frozen (:func:`gc.freeze`: left out of every collection), and unfrozen
when the build finishes, so that a process that goes on (a test session building site
after site) collects them as before. While the environment is unpickled the collector is
off, as what it makes stays alive. When the process exits, whatever is alive is frozen
again: the interpreter's last collection would walk it all for nothing (0.35 s after a
two-second build), as the system takes the memory back anyway.
"""

from __future__ import annotations

import atexit
import gc


def pause(app, config) -> None:
    """``config-inited``: the environment is about to be unpickled; no collection meanwhile."""
    gc.disable()


def freeze(app) -> None:
    """``builder-inited``: the environment is loaded; leave what is alive now out of collections."""
    gc.freeze()
    gc.enable()


def unfreeze(app, exception: Exception | None) -> None:
    """``build-finished``: collect those objects again, as any others (and the collector on, had
    the build stopped between :func:`pause` and :func:`freeze`)."""
    gc.unfreeze()
    gc.enable()


def register(app) -> None:
    atexit.unregister(gc.freeze)  # once, however many builds the process makes
    atexit.register(gc.freeze)
    app.connect("config-inited", pause)
    app.connect("builder-inited", freeze, priority=0)  # before any other listener makes more
    app.connect("build-finished", unfreeze, priority=900)  # after every other listener
