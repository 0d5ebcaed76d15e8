"""Lesson widgets: ipywidgets apps that wire controls to the engine and to
:mod:`omaha_learn.display.html`. Each is a container that displays itself and takes
a ``seed`` so a whole class sees the same deal.

>>> from omaha_learn.widgets import Dealer
>>> Dealer(players=2, seed=1)
Dealer(players=2, game='hilo', seed=1)
"""

from __future__ import annotations

from omaha_learn.extras import require

require("ipywidgets", extra="lessons", what="omaha_learn.widgets")   # before any widget module imports it

from omaha_learn.widgets.dealer import Dealer
from omaha_learn.widgets.equity_lab import EquityLab
from omaha_learn.widgets.frequency_plots import FrequencyPlots
from omaha_learn.widgets.low_comparator import LowComparator
from omaha_learn.widgets.outs_explorer import OutsExplorer
from omaha_learn.widgets.play_table import PlayTable
from omaha_learn.widgets.range_equity import RangeEquity
from omaha_learn.widgets.replayer import BettingTrainer, HandReplayer
from omaha_learn.widgets.showdown_viewer import ShowdownViewer
from omaha_learn.widgets.starting_hands import StartingHandChart
from omaha_learn.widgets.two_card import TwoCardExplorer

__all__ = ["BettingTrainer", "Dealer", "EquityLab", "FrequencyPlots", "HandReplayer", "LowComparator", "OutsExplorer", "PlayTable", "RangeEquity", "ShowdownViewer",
           "StartingHandChart", "TwoCardExplorer"]
