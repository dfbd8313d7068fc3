from pathlib import Path

import patience

extensions = ["patience_sphinx.downloads"]
# The TEI viewer's CETEIcean, from the repository's npm install (this root is built from a copy).
downloads_ceteicean = str(Path(patience.__file__).resolve().parents[1] / "node_modules" / "CETEIcean")
# The pages' scripts, bundled with the repository's esbuild (this root is built from a copy).
scripts_esbuild = str(Path(patience.__file__).resolve().parents[1] / "node_modules" / "esbuild")
