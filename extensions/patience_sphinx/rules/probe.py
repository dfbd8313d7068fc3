"""Which files the engine's runtime needs, found by running it with the standard library only.

Run as a script by :mod:`.bundle` (``python -P probe.py``, compiled games as JSON on
standard input). Any import outside the standard library and ``patience`` fails,
as it would in the browser; every game is dealt, viewed, turned up, hinted, played and undone
through :class:`patience.session.Session`. Prints the ``patience`` modules'
files as JSON, or exits with the reason they cannot run alone.
"""

import importlib.abc
import json
import sys


class StandardLibraryOnly(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        top = name.partition(".")[0]
        if top != "patience" and top not in sys.stdlib_module_names:
            raise ImportError(f"the engine's runtime imports {name}, which is not in the standard library")
        return None


def main() -> None:
    sys.meta_path.insert(0, StandardLibraryOnly())
    from patience.engine import load_compiled
    from patience.session import Session

    for data in json.load(sys.stdin).values():
        session = Session(load_compiled(data), 0)
        session.view()
        session.turn()
        session.hint(budget=5)
        session.safe()
        session.autoplay_unsafe()
        session.attempt(0, 1)
        moves = session.view()["moves"]
        if moves:
            session.play(moves[0]["n"])
            session.view()
            session.undo()
    files = sorted({file for name, module in list(sys.modules.items())
                    if name.partition(".")[0] == "patience" and (file := getattr(module, "__file__", None))})
    print(json.dumps(files))


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # any failure is the reason the runtime cannot go to the browser
        sys.exit(f"{type(error).__name__}: {error}")
