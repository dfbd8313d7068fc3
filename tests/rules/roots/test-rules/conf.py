from pathlib import Path

import patience

extensions = ["myst_parser", "patience_sphinx.edition", "patience_sphinx.rules"]
# The pages' scripts, bundled with the repository's esbuild (this root is built from a copy).
scripts_esbuild = str(Path(patience.__file__).resolve().parents[1] / "node_modules" / "esbuild")
myst_enable_extensions = ["colon_fence"]
# The tests copy the specs they need here (and may break them); never a second copy in git.
rules_specs_dir = "specs"
rules_time_limit = 20
# The edition's consistency checks, less "title": this site copies the specs of a few games only.
edition_checks = ["duplicate", "coverage", "quotation", "number", "corrections", "modern", "glossary"]
