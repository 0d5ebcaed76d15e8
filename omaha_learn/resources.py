"""Where the lessons live: one function finds the notebooks, the exercises (with their keys) and the
docs, in a clone and in an installed wheel.

A wheel carries them as package data in ``omaha_learn/_lessons/`` (``notebooks/``, ``exercises/``
with ``solutions/`` and ``README.md``, ``docs/*.md``; copied there by ``setup.py`` when the wheel is
built), found with :mod:`importlib.resources`. A clone (an editable install, or ``PYTHONPATH``) has
no such copy: the folders are the checkout's own, next to the package.

>>> root = lessons_root()
>>> (root / START_PAGE).is_file(), keys_dir().name, rules_file().name
(True, 'solutions', 'rules.md')
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from omaha_learn.errors import OmahaLearnError
from omaha_learn.i18n import gettext as _

__all__ = ["START_PAGE", "SHIPPED", "LessonsMissing", "lessons_root", "keys_dir", "rules_file", "shipped_in_package"]

START_PAGE = "notebooks/00_start.ipynb"
"""The lessons' start page, relative to :func:`lessons_root`."""

SHIPPED = "_lessons"
"""The folder inside the installed package that holds the lessons (a wheel only)."""


class LessonsMissing(OmahaLearnError):
    """Neither the installed package nor a checkout holds the lessons."""


def _shipped() -> Path:
    return Path(str(resources.files("omaha_learn") / SHIPPED))


def lessons_root() -> Path:
    """The folder holding ``notebooks/``, ``exercises/`` and ``docs/``: the package data of an installed
    wheel, else the checkout the package is imported from."""
    shipped = _shipped()
    if (shipped / START_PAGE).is_file():
        return shipped
    checkout = Path(str(resources.files("omaha_learn"))).resolve().parent
    if (checkout / START_PAGE).is_file():
        return checkout
    raise LessonsMissing(_("the lessons are not installed: neither {shipped} nor {checkout} holds {start_page} (pip install \"omaha_learn[lessons]\", or from a clone `pip install -e \".[lessons]\"`)").format(shipped=shipped, checkout=checkout, start_page=START_PAGE))


def shipped_in_package() -> bool:
    """Whether the lessons come from the installed package (read-only files: serve copies, not links)."""
    return lessons_root() == _shipped()


def keys_dir() -> Path:
    """The exercises' teacher keys (``exercises/solutions``)."""
    return lessons_root() / "exercises" / "solutions"


def rules_file() -> Path:
    """The rules reference, ``docs/rules.md``."""
    return lessons_root() / "docs" / "rules.md"
