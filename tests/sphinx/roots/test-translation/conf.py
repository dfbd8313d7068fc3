from pathlib import Path

import patience

extensions = ["myst_parser", "patience_sphinx.edition"]
# The pages' scripts, bundled with the repository's esbuild (this root is built from a copy).
scripts_esbuild = str(Path(patience.__file__).resolve().parents[1] / "node_modules" / "esbuild")
