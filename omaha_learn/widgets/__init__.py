"""Lesson widgets: ipywidgets apps that wire controls to the engine and to
:mod:`omaha_learn.render`. Each is a container that displays itself and takes
a ``seed`` so a whole class sees the same deal.

>>> from omaha_learn.widgets import Dealer
>>> Dealer(players=2, seed=1)
Dealer(players=2, game='hilo', seed=1)
"""

from __future__ import annotations

from .dealer import Dealer
from .equity_lab import EquityLab
from .frequency_plots import FrequencyPlots
from .low_comparator import LowComparator
from .replayer import BettingTrainer, HandReplayer
from .showdown_viewer import ShowdownViewer
from .two_card import TwoCardExplorer

__all__ = ["BettingTrainer", "Dealer", "EquityLab", "FrequencyPlots", "HandReplayer", "LowComparator", "ShowdownViewer", "TwoCardExplorer"]
