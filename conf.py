"""Sphinx configuration of the edition.

``conf.py`` sits at the repository root, so ``include_patterns`` restricts the
sources to ``docs/``: the README, test roots, the build directory and virtual
environments are never read as pages. Every other top-level folder is excluded too,
so that Sphinx does not walk them at all (a virtual environment alone holds tens of
thousands of files, about a second of every build).
"""

from pathlib import Path

from sphinx.errors import ConfigError

from patience.citation import load_publication
from patience.datafile import DataFileError

ROOT = Path(__file__).parent.resolve()

# What the edition is as a publication (base URL, version, release date): one file,
# which `patience cite` reads too, so the pages and the command cite alike. No base
# URL (not yet published): no canonical links. A mistake in it is its located message,
# not a traceback (Sphinx shows a ConfigError as it is).
try:
    PUBLICATION = load_publication(ROOT / "source_texts")
except DataFileError as error:
    raise ConfigError(str(error)) from None
version = release = PUBLICATION.version
today_fmt = PUBLICATION.released.isoformat()
html_baseurl = PUBLICATION.base_url or ""

project = "Двадцать четыре основные пасьянса"
author = PUBLICATION.editors
copyright = "2026, the editors"
language = "en"

root_doc = "docs/index"
include_patterns = ["docs/**"]
exclude_patterns = ["docs/_extra/**", "docs/claim-kinds.md", *sorted(path.name for path in ROOT.iterdir() if path.is_dir() and path.name != "docs")]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}

extensions = [
    "myst_parser",
    "patience_sphinx",
]

# Search folds pre-reform and modern spellings to one key (extensions/patience_sphinx/search).
html_search_language = "ru-spellings"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = "Двадцать четыре основные пасьянса — critical edition"
html_extra_path = ["docs/_extra"]
# The theme's ← and → page turning would fire while a reader moves through the text
# and the replays; the pages have their own previous/next links.
html_theme_options = {"navigation_with_keys": False}

# The edition's own data lives outside docs/; the extensions find it here.
edition_source_texts = str(ROOT / "source_texts")
