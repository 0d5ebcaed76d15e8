"""How long each lesson widget takes to answer a click (Python side, no browser).

Each row re-deals or re-evaluates one widget the way a learner's click does
and reports the median and worst of several clicks in milliseconds; the goal
is under 100 ms. Exact equity is excluded (EquityLab is timed in Monte Carlo
mode). Run: ``.venv/bin/python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

GOAL_MS = 100.0


def _time(click: Callable[[], object], repeats: int) -> tuple[float, float]:
    click()  # warm caches (lookup tables, imports)
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        click()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), max(samples)


def main(repeats: int = 15) -> int:
    t0 = time.perf_counter()
    from omaha_learn.widgets import (
        BettingTrainer,
        Dealer,
        EquityLab,
        FrequencyPlots,
        HandReplayer,
        LowComparator,
        ShowdownViewer,
        TwoCardExplorer,
    )
    print(f"import omaha_learn.widgets: {(time.perf_counter() - t0) * 1000:.0f} ms")

    dealer = Dealer(players=6, seed=1)

    def dealer_hand() -> None:
        dealer.deal_button.click()
        for _ in range(3):
            dealer.street_button.click()
        dealer.reveal_button.click()

    two = TwoCardExplorer(seed=1)
    lows = LowComparator(seed=1, players=4)
    show = ShowdownViewer(preset=None, seed=1)
    lab = EquityLab(hands=["As Ah 2s 3h", "Kd Kc Qd Jc", "7c 8c 9d Td"], exact=False, trials=20_000, seed=1)
    freq = FrequencyPlots(players=(2, 3, 4, 5, 6), trials=2_000, seed=1)
    replay = HandReplayer(seed=1)
    trainer = BettingTrainer(seed=1)

    def replay_step() -> None:
        if replay.step == replay.steps:
            replay.start_button.click()
        else:
            replay.next_button.click()

    cases: list[tuple[str, Callable[[], object]]] = [
        ("Dealer: Deal", dealer.deal_button.click),
        ("Dealer: deal + 3 streets + reveal (6 players)", dealer_hand),
        ("TwoCardExplorer: Deal (explain 60 choices, grid)", two.deal_button.click),
        ("TwoCardExplorer: quiz Check (right answer)",
         lambda: (setattr(two.answer_w, "value", " ".join(map(str, two.explanation.best_high.cards))),
                  two.check_button.click())),
        ("LowComparator: Deal (4 hands)", lows.deal_button.click),
        ("LowComparator: qualifier change", lambda: setattr(lows.qualifier_w, "value",
                                                            9 if lows.qualifier_w.value == 8 else 8)),
        ("ShowdownViewer: Deal (side pots)", show.deal_button.click),
        ("EquityLab: Run, Monte Carlo 20,000 (3 hands)", lab.run_button.click),
        ("EquityLab: Deal, flop, exact (2 hands)",
         lambda: (setattr(lab.mode_w, "value", "exact"), lab.deal_button.click())),
        ("FrequencyPlots: chart switch (plotly <-> matplotlib)",
         lambda: setattr(freq.style_w, "value", "printable" if freq.style_w.value == "interactive" else "interactive")),
        ("FrequencyPlots: Run, 5 table sizes x 2,000 deals", freq.run_button.click),
        ("HandReplayer: Next", replay_step),
        ("HandReplayer: New hand (play + pre-render)", replay.new_button.click),
        ("BettingTrainer: New spot", trainer.new_button.click),
    ]
    print(f"{'click':<55}{'median ms':>10}{'worst ms':>10}  goal < {GOAL_MS:.0f} ms")
    slow = 0
    for name, click in cases:
        med, worst = _time(click, repeats)
        flag = "" if med < GOAL_MS else "  SLOW"
        slow += med >= GOAL_MS
        print(f"{name:<55}{med:>10.1f}{worst:>10.1f}{flag}")
    print("(EquityLab exact rows use a flop; exact preflop equity is excluded by design.)")
    _cards_as_pictures(repeats)
    return 1 if slow else 0


def _cards_as_pictures(repeats: int) -> None:
    """What drawing cards as <img> data URIs (kept by JupyterLab's sanitizer in untrusted
    notebooks) costs against inline <svg> (stripped there), measured side by side."""
    from omaha_learn.display.cards import card_img, card_svg
    from omaha_learn.engine.cards import FULL_DECK

    svg_med, _ = _time(lambda: [card_svg(c) for c in FULL_DECK], repeats)
    img_med, _ = _time(lambda: [card_img(c) for c in FULL_DECK], repeats)
    svg_bytes = sum(len(card_svg(c)) for c in FULL_DECK) / 52
    img_bytes = sum(len(card_img(c)) for c in FULL_DECK) / 52
    print(f"52 cards as inline <svg>: {svg_med:.2f} ms, {svg_bytes:.0f} bytes a card; as <img> data URI: "
          f"{img_med:.2f} ms ({img_med / svg_med:.1f}x), {img_bytes:.0f} bytes a card ({img_bytes / svg_bytes:.1f}x)")


if __name__ == "__main__":
    raise SystemExit(main())
