# Two pages with index entries: what an incremental build of Sphinx loses (sphinx-doc/sphinx#12599).
extensions = ["patience_sphinx.search"]
html_search_language = "ru-spellings"
