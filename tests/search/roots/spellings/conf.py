# The test puts the repository's extensions/ on sys.path.
extensions = ["edition_search"]
html_search_language = "ru-spellings"
