"""The widget tour in a real browser: JupyterLab + Debian's chromium, driven by playwright.

Runs notebooks/10_widget_tour.ipynb top to bottom, checks that one widget of
each kind renders (cards, grids, tables, plotly charts), clicks the Dealer's
Deal button and sees the cards change, and saves screenshots under
test-artifacts/browser/. Run alone with ``pytest -m browser``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
NOTEBOOK = "10_widget_tour.ipynb"
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROME_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
# widget kind -> an element inside it that proves it rendered its view
WIDGETS = {
    "ol-dealer": "svg.ol-card",
    "ol-twocardexplorer": "table.ol-grid tr.ol-best-high",
    "ol-lowcomparator": ".ol-lows tr.ol-low-winner",
    "ol-showdownviewer": ".ol-showdown .ol-pot",
    "ol-equitylab": ".ol-equity table",
    "ol-frequencyplots": ".js-plotly-plot",
    "ol-handreplayer": ".ol-hand-state",
    "ol-bettingtrainer": ".ol-hand-state",
}

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) to run the browser "
                "test", allow_module_level=True)
playwright_api = pytest.importorskip("playwright.sync_api", reason="python playwright is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _settings(user_dir: Path) -> None:
    """Lab settings for a quiet, deterministic page: no news, no update checks, every cell in the DOM."""
    files = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                             "checkForUpdates": False},
    }
    for rel, value in files.items():
        path = user_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 (free port, no token) serving a temp copy of the tour; stopped by pid."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    root.mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, root / NOTEBOOK)
    _settings(base / "user-settings")
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               JUPYTER_RUNTIME_DIR=str(base / "runtime"), PYTHONHASHSEED="0")
    cmd = [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", f"--ServerApp.root_dir={root}", "--IdentityProvider.token=", "--ServerApp.password=",
           "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={base / 'user-settings'}",
           f"--LabApp.workspaces_dir={base / 'workspaces'}", "--ServerApp.port_retries=0"]
    log = open(base / "lab.log", "wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):  # up to ~30 s for the server to answer
            if proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited: {(base / 'lab.log').read_text()[-2000:]}")
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)  # polling the server's startup, not a timed assertion
        else:
            raise RuntimeError("jupyter lab did not start")
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def _only_local(route: object) -> None:
    req_url = route.request.url  # type: ignore[attr-defined]
    if req_url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
        route.continue_()  # type: ignore[attr-defined]
    else:
        route.abort()  # type: ignore[attr-defined]


def _dealt_cards(page: object) -> list[str]:
    return page.eval_on_selector_all(  # type: ignore[attr-defined]
        ".ol-dealer .ol-seat svg[data-card]", "els => els.map(e => e.dataset.card)")


def test_widget_tour_runs_and_every_widget_renders(lab: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1400})
            page.route("**/*", _only_local)
            page.set_default_timeout(60_000)
            page.goto(f"{lab}/lab/tree/{NOTEBOOK}")
            page.wait_for_function("() => window.jupyterapp !== undefined")
            page.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
            page.wait_for_selector(".jp-NotebookPanel .jp-Cell")
            page.wait_for_function(
                "() => { const w = window.jupyterapp.shell.currentWidget;"
                " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel"
                " && w.sessionContext.session.kernel.connectionStatus === 'connected'; }")
            page.evaluate("async () => { const c = window.jupyterapp.commands;"
                          " await c.execute('notebook:clear-all-cell-outputs');"
                          " await c.execute('notebook:run-all-cells'); }")
            for kind, inner in WIDGETS.items():
                page.wait_for_selector(f".{kind} {inner}", state="attached")
            page.wait_for_function(
                "() => !document.querySelector('.jp-NotebookPanel .jp-InputPrompt')"
                "  || ![...document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputPrompt')]"
                "     .some(p => p.textContent.includes('*'))")
            assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
            assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']").count() == 0

            # one widget of each kind, each saved as a screenshot
            for kind, inner in WIDGETS.items():
                box = page.locator(f".{kind}").first
                box.scroll_into_view_if_needed()
                assert box.locator(inner).count() > 0, kind
                box.screenshot(path=str(ARTIFACTS / f"{kind}.png"))
            assert page.locator(".ol-equitylab .js-plotly-plot").count() == 1

            # the cards carry their names for screen readers
            labels = page.eval_on_selector_all(".ol-dealer svg.ol-card[role='img']",
                                               "els => els.map(e => e.getAttribute('aria-label'))")
            assert labels and all(" of " in x for x in labels)

            # click Deal: new cards appear
            dealer = page.locator(".ol-dealer").first
            dealer.scroll_into_view_if_needed()
            before = _dealt_cards(page)
            assert len(before) == 16
            dealer.get_by_role("button", name="Deal", exact=True).click()
            page.wait_for_function(
                "before => { const now = [...document.querySelectorAll('.ol-dealer .ol-seat svg[data-card]')]"
                ".map(e => e.dataset.card); return now.length === 16 && now.join() !== before.join(); }",
                arg=before)
            after = _dealt_cards(page)
            assert after != before
            dealer.get_by_role("button", name="Next street").click()
            page.wait_for_selector(".ol-dealer .ol-board svg[data-card]")
            dealer.get_by_role("button", name="Reveal best hands").click()
            page.wait_for_selector(".ol-dealer .ol-caption")
            dealer.screenshot(path=str(ARTIFACTS / "ol-dealer-after-deal.png"))

            # the tour's Dealer uses the four-colour deck: clubs green, diamonds blue
            fills = page.eval_on_selector_all(
                ".ol-dealer .ol-seat svg[data-card]",
                "els => els.map(e => [e.dataset.card.slice(-1), e.querySelector('text').getAttribute('fill')])")
            assert {(suit, fill) for suit, fill in fills if suit in "cd"} <= {("c", "#137a2c"), ("d", "#1452cc")}

            # quiz mode hides the answer grid
            tce = page.locator(".ol-twocardexplorer").first
            tce.scroll_into_view_if_needed()
            tce.get_by_role("checkbox", name="Quiz mode").check()
            page.wait_for_function("() => !document.querySelector('.ol-twocardexplorer table.ol-grid')")
            tce.screenshot(path=str(ARTIFACTS / "ol-twocardexplorer-quiz.png"))

            # a typed mistake shows a short message inside the widget, not a traceback
            tce.locator("input[type='text']").first.fill("Ac Kd Td Xz")
            tce.get_by_role("button", name="Explain").click()
            page.wait_for_selector(".ol-twocardexplorer .ol-msg.ol-error")
            assert "'Xz' is not a card" in tce.locator(".ol-msg").inner_text()
            page.screenshot(path=str(ARTIFACTS / "page.png"))
        finally:
            browser.close()
