"""How deep the property tests search, by run speed.

The whole proof (``pytest --full``) runs each hypothesis test with the number of examples its decorator
names through :func:`examples`; the fast run (plain ``pytest``, or a file named on the command line) runs a
quarter of them, at least :data:`FAST_FLOOR`: each property is still tried on fresh random cases on every
run, and its examples written with ``@example`` always run. Tests that name no number get hypothesis's
default (100) in the whole proof and :data:`FAST_DEFAULT` in the fast run (the ``fast`` profile,
loaded by ``tests/conftest.py``).

``tests/conftest.py`` sets ``OMAHA_LEARN_TEST_DEPTH=full`` in a whole-proof run before any test module is
imported (xdist's workers inherit it); set it yourself to run one file at full depth::

    OMAHA_LEARN_TEST_DEPTH=full pytest tests/test_showdown_properties.py
"""

from __future__ import annotations

import os

FAST_SHARE = 4
"""The fast run tries one in ``FAST_SHARE`` of the examples the whole proof tries."""
FAST_FLOOR = 10
"""No property is tried on fewer examples than this in the fast run (nor on more than the test names)."""
FAST_DEFAULT = 25
"""Examples for a test that names no number, in the fast run (hypothesis's default is 100)."""


def full_depth() -> bool:
    """Whether this run searches at full depth (the whole proof, or ``OMAHA_LEARN_TEST_DEPTH=full``)."""
    return os.environ.get("OMAHA_LEARN_TEST_DEPTH") == "full"


def examples(n: int) -> int:
    """``n`` examples in the whole proof; a quarter of them (at least :data:`FAST_FLOOR`) in the fast run."""
    return n if full_depth() else min(n, max(FAST_FLOOR, n // FAST_SHARE))
