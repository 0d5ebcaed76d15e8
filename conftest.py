"""Loads nbval for this repository's tests, after keeping jsonschema from building ``rfc3987_syntax``'s grammars.

nbval's plugin imports nbformat, whose validator imports jsonschema's format checkers; for the two IRI formats
jsonschema imports ``rfc3987_syntax`` (installed with JupyterLab), which builds 38 Earley grammars with lark as
it is imported: 2.3-2.9 s of CPU in every pytest process, the controller and each worker. No schema the tests
meet uses those formats (nbformat's notebook schemas name none), so the package is marked absent here before
nbval loads, and jsonschema leaves out those two checkers, as it does wherever ``rfc3987_syntax`` is not
installed. ``pyproject.toml`` holds nbval's own entry point back (``-p no:nbval`` in ``addopts``), which would
load it before any conftest, so that it loads here, after that line, under its module's name. ``--nbval``,
``--full`` and every nbval option work as before. The package's code is untouched (the grader reads
notebooks as JSON and never imports nbformat).

The test options, markers and the two speeds are in ``tests/conftest.py``.
"""

import sys

sys.modules.setdefault("rfc3987_syntax", None)   # type: ignore[assignment]  # import rfc3987_syntax -> ImportError

pytest_plugins = ("nbval.plugin",)
