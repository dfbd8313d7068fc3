"""Where a build of the site spends its processor time: directive by directive, event by event.

    python benchmarks/profile_build.py [SPHINX-BUILD ARGUMENTS]

Builds in this process (by default the edition, from scratch, into a temporary folder;
or whatever the arguments give, as ``sphinx-build`` takes them) and prints the
processor seconds spent in each directive, each event listener and the docutils
transforms, each exclusive of the others it calls, then Sphinx's own reading and
writing, the start (imports, configuration, the pickled environment), and the
subprocesses (Node, which makes Play's memory snapshot; the probe of Play's runtime).
Unlike cProfile, it costs the build almost nothing, so the shares are those of a real
build.
"""

from __future__ import annotations

import collections
import functools
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import docutils.transforms
from sphinx import events
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.cmd.build import main as sphinx_build

ROOT = Path(__file__).resolve().parent.parent

spent: collections.Counter[str] = collections.Counter()
calls: collections.Counter[str] = collections.Counter()
_inner: list[float] = []  # the time of the timed calls under way, less that of those they made


def timed(name: str, function: Callable) -> Callable:
    """``function``, whose processor time (less that of the timed calls it makes) counts under ``name``."""
    @functools.wraps(function)
    def call(*args, **kwargs):
        start = time.process_time()
        _inner.append(0.0)
        try:
            return function(*args, **kwargs)
        finally:
            total = time.process_time() - start
            spent[name] += total - _inner.pop()
            calls[name] += 1
            if _inner:
                _inner[-1] += total
    return call


def _profiled(cls: type, name: str) -> type:
    if not getattr(cls, "_profiled", False):
        cls.run, cls._profiled = timed(f"directive {name}", cls.run), True
    return cls


def _instrument() -> None:
    add_directive, add_to_domain = Sphinx.add_directive, Sphinx.add_directive_to_domain

    def profiled_directive(self, name, cls, override=False):
        return add_directive(self, name, _profiled(cls, name), override)

    def profiled_domain_directive(self, domain, name, cls, override=False):
        return add_to_domain(self, domain, name, _profiled(cls, f"{domain}:{name}"), override)

    Sphinx.add_directive, Sphinx.add_directive_to_domain = profiled_directive, profiled_domain_directive
    connect = events.EventManager.connect

    def timed_connect(self, name, callback, priority):
        label = f"{callback.__module__}.{getattr(callback, '__qualname__', callback)}"
        return connect(self, name, timed(f"event {name}: {label}", callback), priority)

    events.EventManager.connect = timed_connect
    docutils.transforms.Transformer.apply_transforms = timed(
        "docutils transforms", docutils.transforms.Transformer.apply_transforms)
    Builder.read = timed("Sphinx: reading (the rest)", Builder.read)
    Builder.write = timed("Sphinx: writing (the rest)", Builder.write)


def main() -> None:
    arguments = sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        if not arguments:
            arguments = ["-q", "-b", "html", "-d", f"{folder}/doctrees", str(ROOT), f"{folder}/html"]
        _instrument()
        start = time.process_time()
        status = sphinx_build(arguments)
        total = time.process_time() - start
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    rows = [*spent.most_common(),
            ("the start (imports, configuration, environment) and the rest of Sphinx", total - sum(spent.values())),
            ("subprocesses (Node, the probe)", children.ru_utime + children.ru_stime)]
    print("| part | calls | processor s |\n|---|---:|---:|")
    for name, seconds in rows:
        if seconds >= 0.05:
            print(f"| {name} | {calls.get(name, '')} | {seconds:.2f} |")
    print(f"| **all** | | **{total + children.ru_utime + children.ru_stime:.2f}** |")
    sys.exit(status)


if __name__ == "__main__":
    main()
