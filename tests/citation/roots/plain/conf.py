# Another project, in plain reST, that links to the edition through intersphinx alone:
# no extension of the edition, no stub domain. The test sets intersphinx_mapping.
extensions = ["sphinx.ext.intersphinx"]
