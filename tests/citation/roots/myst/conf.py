# Another project, in MyST Markdown (as a Jupyter Book is), that links to the edition
# through intersphinx alone. The test sets intersphinx_mapping.
extensions = ["myst_parser", "sphinx.ext.intersphinx"]
