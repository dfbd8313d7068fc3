extensions = ["patience_sphinx.downloads"]
