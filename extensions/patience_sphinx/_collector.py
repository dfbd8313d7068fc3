"""Python's garbage collector kept off the loaded environment while a build runs.

A build after an edit unpickles an environment of some million objects (every page's
domain data, the indexes, the doctrees' references) which live until the build ends.
Python's collector walks all of them at each full collection, several times a build:
about half a second of the two a build after an edit takes. So once the environment is
loaded they are frozen (:func:`gc.freeze`: left out of every collection), and unfrozen
when the build finishes, so that a process that goes on (a test session building site
after site) collects them as before.
"""

from __future__ import annotations

import gc


def freeze(app) -> None:
    """``builder-inited``: the environment is loaded; leave what is alive now out of collections."""
    gc.freeze()


def unfreeze(app, exception: Exception | None) -> None:
    """``build-finished``: collect those objects again, as any others."""
    gc.unfreeze()


def register(app) -> None:
    app.connect("builder-inited", freeze)
    app.connect("build-finished", unfreeze, priority=900)  # after every other listener
