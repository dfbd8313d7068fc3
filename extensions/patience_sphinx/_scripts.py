"""The pages' scripts: ES modules in each extension's ``js/`` folder, bundled by the build.

The site is read from a disk as well as from a server, and a browser does not load a
module from a file (it fetches a module as a cross-origin request, which a file is
refused), so each script a page loads is its modules bundled into one classic script, an
IIFE that leaves nothing in the page's scope; Play's engine, which only ever runs over
http, is bundled as a module, for a module worker. The bundler is esbuild, from the npm
package ``npm ci`` installs beside ``conf.py`` (``scripts_esbuild``: its folder, by
default ``node_modules/esbuild``). The bundles are written to ``patience-scripts/`` in
the doctree folder, which is served as a static folder: they are in ``_static/`` under
their entries' names, made again only when a module of their folder (or esbuild) is
newer. Without esbuild the build warns (``scripts.bundle``), and the pages go without
their scripts.
"""

from __future__ import annotations

import subprocess
from functools import partial
from pathlib import Path

from ._logging import scripts

PACKAGE = Path(__file__).parent
BANNER = '"use strict";'  # esbuild writes none for an IIFE, though its modules were strict


def add(app, folder: Path, entries: list[str], form: str = "iife") -> None:
    """Bundle the modules ``entries`` of ``folder`` (an extension's ``js/``), each with what it
    imports, into ``_static/`` on HTML builds: as classic scripts (``iife``) or modules (``esm``)."""
    if "scripts_esbuild" not in app.config:
        app.add_config_value("scripts_esbuild", "", "html", types=[str])
    app.connect("builder-inited", partial(_bundle, folder=folder, entries=entries, form=form))


def esbuild(app) -> Path:
    configured = app.config.scripts_esbuild
    package = Path(configured) if configured else Path("node_modules", "esbuild")
    return (package if package.is_absolute() else Path(app.confdir, package)) / "bin" / "esbuild"


def _bundle(app, folder: Path, entries: list[str], form: str) -> None:
    if app.builder.format != "html":
        return
    target = Path(app.doctreedir, "patience-scripts")
    target.mkdir(parents=True, exist_ok=True)
    if str(target) not in app.config.html_static_path:
        app.config.html_static_path.append(str(target))
    program = esbuild(app)
    if not program.is_file():
        scripts.warn("bundle", f"the pages' scripts cannot be bundled: esbuild is not installed at "
                               f"{program.parent.parent} (run `npm ci` beside conf.py); the pages go without them")
        return
    if _fresh([target / Path(entry).name for entry in entries], [program, *folder.rglob("*.js")]):
        return
    problem = run(program, [str((folder / entry).relative_to(PACKAGE)) for entry in entries], form, target)
    if problem:
        scripts.warn("bundle", f"the pages' scripts cannot be bundled: {problem}")


def _fresh(outputs: list[Path], inputs: list[Path]) -> bool:
    """Whether every output is there and newer than every input."""
    if not all(path.is_file() for path in outputs):
        return False
    return min(path.stat().st_mtime for path in outputs) > max((path.stat().st_mtime for path in inputs), default=0)


def run(program: Path, entries: list[str], form: str, target: Path) -> str | None:
    """esbuild on ``entries`` (paths from this package); what went wrong, or None."""
    command = [str(program), *entries, "--bundle", f"--format={form}", "--charset=utf8", f"--outdir={target}",
               "--entry-names=[name]", "--log-level=warning"]
    if form == "iife":
        command.append(f"--banner:js={BANNER}")
    try:  # from here, so that a bundle names its modules by their paths in the package, on any machine
        result = subprocess.run(command, cwd=PACKAGE, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"{program} could not be run ({error})"
    said = result.stderr.strip()
    if result.returncode != 0 or said:  # a warning too: a bundle esbuild doubts is not shipped silently
        return f"esbuild says:\n{said}"
    return None
