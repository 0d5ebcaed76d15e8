"""PlayTable in a real browser: JupyterLab + Debian's chromium play a whole hand by clicks.

A notebook with one ``PlayTable`` is run in JupyterLab; the test asks the coach (and records the time from the
click to the advice drawn, for ``benchmarks/RESULTS_coach.md``), then clicks Check or Call until the hand ends
and finds the review, the running chart and the Next hand button; Next hand deals again. Run alone with
``pytest -m browser``; screenshots and the timing go to test-artifacts/browser/.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import nbformat
import pytest
from test_browser import (
    ARTIFACTS,
    CHROME_ARGS,
    CHROMIUM,
    _only_local,
    open_with_kernel,
    playwright_api,
    serve_lab,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "play_table.ipynb"
SOURCE = "from omaha_learn.widgets import PlayTable\n\nPlayTable(game='plo', seed=17, trials=4_000)"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 (free port, no token) serving one PlayTable notebook; stopped by pid."""
    base = tmp_path_factory.mktemp("lab-play")
    root = base / "notebooks"
    root.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, root / NOTEBOOK)
    yield from serve_lab(base, root)


def _table_html(page: object) -> str:
    return page.eval_on_selector(".ol-playtable .ol-practice", "e => e.innerHTML")  # type: ignore[attr-defined, no-any-return]


def test_play_a_whole_hand_by_clicks(lab: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1600})
            page.route("**/*", _only_local)
            page.set_default_timeout(90_000)
            open_with_kernel(page, f"{lab}/lab/tree/{NOTEBOOK}")
            page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            widget = page.locator(".ol-playtable").first
            widget.locator(".ol-practice img.ol-card").first.wait_for()
            # the learner's own four cards are pictures; the others are face down
            mine = page.eval_on_selector_all(".ol-playtable .ol-practice img[data-card]", "els => els.length")
            assert mine == 4
            assert widget.locator(".ol-advice").count() == 0           # the coach is hidden until asked

            # ask the coach: time from the click to the advice drawn
            ask = widget.get_by_role("button", name="Ask the coach")
            start = page.evaluate("() => performance.now()")
            ask.click()
            widget.locator(".ol-advice .ol-verdict").wait_for()
            click_to_advice = (page.evaluate("() => performance.now()") - start) / 1000
            text = widget.locator(".ol-advice").inner_text()
            assert "Price" in text or "Nothing to call" in text
            assert "Equity" in text and "Verdict" in text
            widget.screenshot(path=str(ARTIFACTS / "ol-playtable-advice.png"))

            # play the hand to its end by clicks: check when free, else call
            clicks = 0
            next_hand = widget.get_by_role("button", name="Next hand")
            while not next_hand.is_visible():
                before = _table_html(page)
                check = widget.get_by_role("button", name="Check", exact=True)
                button = check if check.is_visible() else widget.get_by_role("button", name="Call", exact=False)
                button.first.click()
                clicks += 1
                page.wait_for_function(
                    "before => { const e = document.querySelector('.ol-playtable .ol-practice');"
                    " return e && e.innerHTML !== before; }", arg=before)
                assert clicks < 20
            widget.locator(".ol-review").wait_for()
            assert "Review of hand 1" in widget.locator(".ol-review").inner_text()
            assert widget.locator(".ol-progress img").count() == 2          # SVG pictures as <img>: kept untrusted too
            assert "over" in widget.locator(".ol-practice").inner_text()
            widget.screenshot(path=str(ARTIFACTS / "ol-playtable-review.png"))

            next_hand.click()
            page.wait_for_function("() => document.querySelector('.ol-playtable .ol-practice')"
                                   ".innerText.includes('Hand 2')")
            (ARTIFACTS / "play_table_timing.json").write_text(json.dumps(
                {"click_to_advice_seconds": round(click_to_advice, 3), "clicks_to_finish_hand": clicks,
                 "trials": 4000, "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}, indent=2))
            assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        finally:
            browser.close()
