"""The wheel's packages: the code under ``patience/`` and ``extensions/``, and the edition's data.

The data stays at the top of the repository, in ``source_texts/``; the wheel carries it as
the package ``patience.source_texts`` (its files are listed in pyproject.toml's
package-data), where :func:`patience.text.edition.source_texts_dir` finds it once
installed. The solver's accelerator (``patience/solver/_native.c``) is built where a C
compiler is at hand and left out where not (``optional``): the pure-Python solver is the
reference and decides alike (``patience/solver/native.py``). Everything else about the
package is in pyproject.toml.
"""

from setuptools import Extension, find_packages, setup

setup(
    packages=[
        *find_packages(".", include=["patience", "patience.*"]),
        *find_packages("extensions", include=["patience_sphinx", "patience_sphinx.*"]),
        "patience.source_texts",
    ],
    package_dir={"patience_sphinx": "extensions/patience_sphinx", "patience.source_texts": "source_texts"},
    ext_modules=[Extension("patience.solver._native", ["patience/solver/_native.c"], optional=True,
                           extra_compile_args=["-O2", "-std=c99"])],
)
