extensions = ["myst_parser", "patience_sphinx.edition"]
