"""Presentation: cards and results as HTML/SVG, and figures. Imports the rules core and the strategy, never widgets.

``answers`` (self-check answers hidden until asked for) is re-exported for lessons.
"""

from omaha_learn.display import renderers
from omaha_learn.display.reveal import answers

renderers.register_all()   # the core's and the strategy's objects draw themselves through these

__all__ = ["answers"]
