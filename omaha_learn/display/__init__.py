"""Presentation: cards and results as HTML/SVG, and figures. Imports the engine, never widgets."""
