extensions = ["myst_parser", "edition"]
myst_enable_extensions = ["colon_fence"]
