"""Optional extras: ``pip install omaha_learn`` is numpy alone; the rest comes with an extra.

=============  ==============================================================================
extra          brings
=============  ==============================================================================
``lessons``    JupyterLab, ipywidgets, matplotlib, plotly (the notebooks, widgets and figures)
``grading``    jupyter_client, pyzmq, ipykernel, nbformat, nbclient, pyseccomp (the grader)
``scale``      distributed (Dask clusters for studies and grading)
``nbgrader``   nbgrader (exporting the exercises as nbgrader assignments)
``test``       all of the above and the tools of the whole proof
=============  ==============================================================================

Every import that needs an extra goes through :func:`require`, which fails with
:class:`~omaha_learn.errors.MissingExtra` naming the package and the extra.

>>> require("json", extra="lessons").__name__
'json'
>>> require("no_such_module_here", extra="lessons")
Traceback (most recent call last):
...
omaha_learn.errors.MissingExtra: this needs the package 'no_such_module_here', which is not installed: pip install "omaha_learn[lessons]"
"""

from __future__ import annotations

import importlib
from types import ModuleType

from omaha_learn.errors import MissingExtra
from omaha_learn.i18n import N_
from omaha_learn.i18n import gettext as _

__all__ = ["EXTRAS", "require"]

EXTRAS: dict[str, str] = {
    "ipywidgets": "lessons", "traitlets": "lessons", "IPython": "lessons", "matplotlib": "lessons", "plotly": "lessons",
    "jupyterlab": "lessons",
    "jupyter_client": "grading", "zmq": "grading", "ipykernel": "grading", "nbformat": "grading",
    "nbclient": "grading", "seccomp": "grading", "pyseccomp": "grading",
    "distributed": "scale",
    "nbgrader": "nbgrader",
    "babel": "languages",
}
"""Top-level module -> the extra that installs it."""

_PACKAGES = {"zmq": "pyzmq", "seccomp": "pyseccomp", "IPython": "ipython"}
"""Top-level modules whose distribution has another name."""


WHAT = (N_("a Dask scheduler"), N_("this figure"), N_("the grading desk"), N_("the grader"))
"""The ``what=`` of the callers of :func:`require`, in the catalogue so that the message names them in the language
in use (a ``what`` not listed here is named as given)."""


def require(module: str, *, extra: str | None = None, what: str = "this") -> ModuleType:
    """Import ``module``, or raise :class:`~omaha_learn.errors.MissingExtra` naming the extra that brings it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.partition(".")[0]
        extra = extra or EXTRAS.get(top, "test")
        name = _PACKAGES.get(top, top)
        if what == "this":
            message = _('this needs the package {name!r}, which is not installed: pip install "omaha_learn[{extra}]"')
        else:
            message = _('{what} needs the package {name!r}, which is not installed: pip install "omaha_learn[{extra}]"')
        error = MissingExtra(message.format(what=_(what), name=name, extra=extra))
        error.name = top
        raise error from exc
