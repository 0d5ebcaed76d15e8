"""The build step that puts the lessons in the wheel (everything else is in pyproject.toml).

``build_py`` copies the lesson notebooks, the exercises (learner copies, keys and README) and the docs
into ``omaha_learn/_lessons/`` of the build, so ``pip install "omaha_learn[lessons]"`` and
``omaha-learn lessons`` work from the wheel alone; :mod:`omaha_learn.resources` finds them there (or,
in a clone and an editable install, in the checkout itself: nothing is copied then).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LESSONS = {
    "notebooks": ["*.ipynb"],
    "exercises": ["*.ipynb", "README.md"],
    "exercises/solutions": ["*.ipynb"],
    "docs": ["*.md"],
    # the Russian and Estonian lessons and exercises (scripts/translate_notebooks.py)
    "notebooks/ru": ["*.ipynb"],
    "notebooks/et": ["*.ipynb"],
    "exercises/ru": ["*.ipynb"],
    "exercises/et": ["*.ipynb"],
    "exercises/ru/solutions": ["*.ipynb"],
    "exercises/et/solutions": ["*.ipynb"],
}
"""Folder of the checkout -> the files of it that ship, under ``omaha_learn/_lessons/``."""


class BuildWithLessons(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return   # an editable install reads the checkout's own folders
        target = Path(self.build_lib) / "omaha_learn" / "_lessons"
        for folder, patterns in LESSONS.items():
            files = sorted({f for pattern in patterns for f in (HERE / folder).glob(pattern) if f.is_file()})
            if not files:
                raise SystemExit(f"setup.py: no lesson files in {folder}/ (patterns {patterns}): the sdist lost them")
            (target / folder).mkdir(parents=True, exist_ok=True)
            for f in files:
                shutil.copyfile(f, target / folder / f.name)


setup(cmdclass={"build_py": BuildWithLessons})
