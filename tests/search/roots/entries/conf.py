from pathlib import Path

import patience

# Two pages with index entries: what an incremental build of Sphinx loses (sphinx-doc/sphinx#12599).
extensions = ["patience_sphinx.search"]
# The pages' scripts, bundled with the repository's esbuild (this root is built from a copy).
scripts_esbuild = str(Path(patience.__file__).resolve().parents[1] / "node_modules" / "esbuild")
html_search_language = "ru-spellings"
