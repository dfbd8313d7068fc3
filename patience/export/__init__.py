"""The edition as files to keep: TEI P5, EPUB and PDF, and the table that offers them.

Each format is built from the same loaded corpus (:mod:`patience.corpus`) by one module
(:mod:`.tei`, :mod:`.epub`, :mod:`.pdf`) and written by one command
(``patience tei``, ``patience epub``, ``patience pdf``). Every writer is
deterministic: the same data gives the same bytes, so a file's SHA-256 on the
downloads page names its content.
"""
