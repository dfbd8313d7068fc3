"""What the engine's positions look like to a reader (видъ): the layout as text for the
terminal (:mod:`~patience.views.render`), states and moves as JSON (:mod:`~patience.views.jsonio`),
a deal played and recorded for a page's replay (:mod:`~patience.views.replay`), and the book's
lost plates redrawn as SVG (:mod:`~patience.views.plate`). They read the engine and know
nothing of Sphinx.
"""
