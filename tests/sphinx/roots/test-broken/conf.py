extensions = ["myst_parser", "edition"]
