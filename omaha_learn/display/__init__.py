"""Presentation: cards and results as HTML/SVG, and figures. Imports the engine, never widgets.

``answers`` (self-check answers hidden until asked for) is re-exported for lessons.
"""

from omaha_learn.display.reveal import answers

__all__ = ["answers"]
