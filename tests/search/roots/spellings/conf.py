# The extensions are installed with the package (patience_sphinx).
extensions = ["patience_sphinx.search"]
html_search_language = "ru-spellings"
