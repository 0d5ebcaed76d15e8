"""The lessons in a real browser: JupyterLab + Debian's chromium, driven by playwright.

1. The README's lessons command (``omaha-learn lessons``) in a fresh home folder:
   open the start page from the URL it prints, then the lessons of LESSONS_UNRUN
   *without running anything* (untrusted, as after a fresh clone) and find the
   cards drawn as pictures (``<img>`` with alt text and a natural size), no
   run-together card names, lesson 5's showdown table whole, the self-check
   answers folded, and no way to reach ``exercises/solutions/``.
2. The widget tour run top to bottom: one widget of each kind renders (cards,
   grids, tables, plotly charts); Deal changes the cards.

Screenshots go to test-artifacts/browser/. Run alone with ``pytest -m browser``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    "ol-dealer": "img.ol-card",
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



def _stop(proc: subprocess.Popen, log: Any) -> None:  # type: ignore[type-arg]
    """End a server started in its own process group (SIGTERM, then SIGKILL), and close its log."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    log.close()

def serve_lab(base: Path, root: Path) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 (a free port, no token) serving ``root``; yields its URL, stops it by pid."""
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
        for _ in range(1800):  # up to ~3 min for the server to answer (it took 25 s to print its version at load 13)
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
        _stop(proc, log)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 (free port, no token) serving a temp copy of the tour; stopped by pid."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    root.mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, root / NOTEBOOK)
    yield from serve_lab(base, root)


def _only_local(route: object) -> None:
    req_url = route.request.url  # type: ignore[attr-defined]
    if req_url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
        route.continue_()  # type: ignore[attr-defined]
    else:
        route.abort()  # type: ignore[attr-defined]


def open_with_kernel(page: Any, url: str) -> None:
    """Open a notebook in JupyterLab at ``url`` and wait until its kernel is connected."""
    page.goto(url)
    page.wait_for_function("() => window.jupyterapp !== undefined")
    page.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell")
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel"
        " && w.sessionContext.session.kernel.connectionStatus === 'connected'; }")


def _dealt_cards(page: object) -> list[str]:
    return page.eval_on_selector_all(  # type: ignore[attr-defined]
        ".ol-dealer .ol-seat img[data-card]", "els => els.map(e => e.dataset.card)")


def test_widget_tour_runs_and_every_widget_renders(lab: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1400})
            page.route("**/*", _only_local)
            page.set_default_timeout(60_000)
            open_with_kernel(page, f"{lab}/lab/tree/{NOTEBOOK}")
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
            labels = page.eval_on_selector_all(".ol-dealer img.ol-card",
                                               "els => els.map(e => e.getAttribute('alt'))")
            assert labels and all(" of " in x for x in labels)

            # click Deal: new cards appear
            dealer = page.locator(".ol-dealer").first
            dealer.scroll_into_view_if_needed()
            before = _dealt_cards(page)
            assert len(before) == 16
            dealer.get_by_role("button", name="Deal", exact=True).click()
            page.wait_for_function(
                "before => { const now = [...document.querySelectorAll('.ol-dealer .ol-seat img[data-card]')]"
                ".map(e => e.dataset.card); return now.length === 16 && now.join() !== before.join(); }",
                arg=before)
            after = _dealt_cards(page)
            assert after != before
            dealer.get_by_role("button", name="Next street").click()
            page.wait_for_selector(".ol-dealer .ol-board img[data-card]")
            dealer.get_by_role("button", name="Reveal best hands").click()
            page.wait_for_selector(".ol-dealer .ol-caption")
            dealer.screenshot(path=str(ARTIFACTS / "ol-dealer-after-deal.png"))

            # the tour's Dealer uses the four-colour deck: clubs green, diamonds blue
            fills = page.eval_on_selector_all(
                ".ol-dealer .ol-seat img[data-card]",
                "els => els.map(e => [e.dataset.card.slice(-1),"
                " new DOMParser().parseFromString(atob(e.src.split(',')[1]), 'image/svg+xml')"
                "   .querySelector('text').getAttribute('fill')])")
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


# ------------------------------------------------ the README's lessons command, lessons opened unrun

LESSONS_UNRUN = [          # one lesson a line: add new lessons here
    "01_dealing_and_reading",
    "02_two_card_rule",
    "05_hilo_showdowns",
    "06_side_pots",
    "11_nut_low_and_counterfeiting",
    "15_flop_play",
    "16_position_and_spr",
    "17_play_with_the_coach",
    "18_why_bet",
]
CARD_NAME = re.compile(r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
                       r"(clubs|diamonds|hearts|spades)")


@pytest.fixture(scope="module")
def lessons_command(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`omaha-learn lessons --no-browser` as the README starts it, in a fresh home folder
    (so nothing is trusted and nothing is cached); yields the start page URL it prints."""
    home = tmp_path_factory.mktemp("home")
    _settings(home / ".jupyter" / "lab" / "user-settings")
    port = _free_port()
    env = dict(os.environ, HOME=str(home), PYTHONHASHSEED="0",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("JUPYTER_CONFIG_DIR", None)
    env.pop("JUPYTER_DATA_DIR", None)
    log_path = home / "lessons.log"
    log = open(log_path, "w")
    proc = subprocess.Popen([sys.executable, "-m", "omaha_learn.cli", "lessons", "--no-browser", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=log, env=env, start_new_session=True, text=True)
    try:
        url = None
        assert proc.stdout is not None
        for line in proc.stdout:  # the command prints the start page's URL first
            m = re.search(r"(http://\S+/doc/tree/notebooks/00_start\.ipynb\?token=\w+)", line)
            if m:
                url = m.group(1)
                break
        assert url is not None, log_path.read_text()[-2000:]
        for _ in range(300):  # up to ~30 s for the server to answer
            if proc.poll() is not None:
                raise RuntimeError(f"omaha-learn lessons exited: {log_path.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(url.split("/doc/")[0] + "/api/status?token=" + url.split("token=")[1],
                                       timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)  # polling the server's startup, not a timed assertion
        yield url
    finally:
        _stop(proc, log)


def _open_unrun(page: object, url: str, name: str) -> None:
    """Open a notebook by URL and wait until it shows; run nothing. (In JupyterLab's simple interface, where the
    lessons open, the tab bar is there but hidden.)"""
    page.goto(url)  # type: ignore[attr-defined]
    page.wait_for_selector(  # type: ignore[attr-defined]
        f".jp-mod-current .lm-TabBar-tab.lm-mod-current[title*='{name}'], "
        f".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current[title*='{name}']", state="attached")
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")  # type: ignore[attr-defined]


TAB = ".lm-DockPanel-tabBar .lm-TabBar-tab"


def _menu(page: Any, menu: str, item: str) -> None:
    """Choose ``item`` from the menu bar's ``menu``, with the mouse, as a learner does."""
    page.get_by_role("menuitem", name=menu, exact=True).click()
    page.locator(".lm-Menu-item:visible", has_text=item).first.click()


def _open_from_start(page: Any, stem: str) -> None:
    """Open a lesson as a learner does, by its link on the start page: JupyterLab opens it inside the running
    app (nothing reloads); run nothing, and wait until it shows. Back to the start page the way the command
    says: the Tabs menu (the simple interface shows one lesson at a time)."""
    _menu(page, "Tabs", "00_start.ipynb")
    page.wait_for_selector(f"{TAB}.lm-mod-current[title*='00_start.ipynb']", state="attached")
    link = page.locator(f".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a[href*='/{stem}.ipynb']").first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_selector(f"{TAB}.lm-mod-current[title*='{stem}.ipynb']", state="attached")
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")


def test_lessons_command_opens_lessons_unrun_with_cards_as_pictures(lessons_command: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base, token = lessons_command.split("/doc/")[0], lessons_command.split("token=")[1]
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 1500})
            page.route("**/*", _only_local)
            page.set_default_timeout(60_000)
            _open_unrun(page, lessons_command, "00_start.ipynb")   # the URL the command printed, token and all
            page.screenshot(path=str(ARTIFACTS / "lessons-00_start.png"))
            # the lesson has the window to itself, on a phone too (390 px): no file browser beside it (in
            # JupyterLab's usual layout the file browser kept 250 px of the 390 and the lesson got about 70)
            for width, height in ((390, 844), (1300, 1500)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(f"() => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)')"
                                       f".getBoundingClientRect().width > {width} - 100")
                assert page.locator("#jp-left-stack").is_hidden() and page.locator("#jp-right-stack").is_hidden()
                page.screenshot(path=str(ARTIFACTS / f"lessons-00_start-{width}px.png"))
            # the teacher's keys are not served: the learner sees exercises, not exercises/solutions
            listing = json.loads(urllib.request.urlopen(f"{base}/api/contents/exercises?token={token}").read())
            names = {item["name"] for item in listing["content"]}
            assert "solutions" not in names and "01_reading_hands.ipynb" in names
            try:
                urllib.request.urlopen(f"{base}/api/contents/exercises/solutions?token={token}")
                reachable = True
            except urllib.error.HTTPError:
                reachable = False
            assert not reachable

            for stem in LESSONS_UNRUN:
                _open_from_start(page, stem)
                panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
                # nothing was run: the prompts are the stored ones, no cell is queued
                assert panel.locator(".jp-InputPrompt", has_text="*").count() == 0
                cards = panel.locator(".jp-OutputArea-output img.ol-card")
                cards.first.wait_for()
                page.wait_for_function(
                    "() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) img.ol-card')]"
                    ".every(i => i.complete)")
                info = page.eval_on_selector_all(
                    ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img.ol-card",
                    "els => els.map(e => [e.getAttribute('alt'), e.naturalWidth, e.naturalHeight,"
                    " e.getBoundingClientRect().width])")
                assert len(info) >= 4, stem
                for alt, nat_w, nat_h, shown_w in info:
                    assert CARD_NAME.match(alt) or alt == "face-down card", (stem, alt)
                    assert nat_w > 0 and nat_h > 0 and shown_w > 0, (stem, alt)
                # no run-together card names: SVG stripped by the sanitizer would leave its <title> text
                html_text = " ".join(panel.locator(".jp-RenderedHTMLCommon.jp-OutputArea-output").all_inner_texts())
                assert not CARD_NAME.search(html_text), (stem, CARD_NAME.search(html_text))
                # self-check answers stay folded
                answers = panel.locator("details.ol-answers")
                assert answers.count() == 1 and answers.first.get_attribute("open") is None
                answers.first.scroll_into_view_if_needed()
                assert answers.locator("summary").is_visible() and not answers.locator("li").first.is_visible()
                if stem == "05_hilo_showdowns":   # the showdown table, whole: every row and its cards
                    table = panel.locator(".ol-showdown table.ol-seats").first
                    table.scroll_into_view_if_needed()
                    assert table.locator("tr").count() >= 3
                    assert table.locator("img.ol-card").count() >= 8
                    assert table.bounding_box()["width"] > 300  # type: ignore[index]
                    table.screenshot(path=str(ARTIFACTS / "lessons-05-showdown-table.png"))
                first = cards.first
                first.scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"lessons-{stem}.png"))
                preview = panel.locator(".ol-preview")
                if preview.count():   # a widget stored as a still picture, with the line asking to run it
                    preview.first.scroll_into_view_if_needed()
                    assert "Run this cell" in preview.first.inner_text()
                    page.screenshot(path=str(ARTIFACTS / f"lessons-{stem}-widget.png"))
                _menu(page, "File", "Close Tab")
                page.wait_for_selector(f"{TAB}[title*='{stem}.ipynb']", state="detached")
        finally:
            browser.close()


def test_teachers_report_and_feedback_pages_open_in_the_browser(tmp_path: Path) -> None:
    """The class report (grid, flags, overrides) and feedback pages named in Cyrillic and Estonian letters,
    opened from the disk in Chromium: they render, the grid's colours show, the rule links jump in the page."""
    from test_teacher_marks import teacher_desk  # tests/ is on sys.path

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    desk = teacher_desk(tmp_path)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 1400})
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                       else route.abort())
            page.goto(desk["report"].as_uri())
            assert page.title() == "Class report"
            grid = page.locator("table.grid").first
            assert grid.locator("tbody tr").count() == 6
            learners = grid.locator("tbody th").all_inner_texts()
            assert learners == ["ann", "Bob", "Jüri Õunapuu", "Mette Ørsted", "Zoë", "Анна"]
            colours = {page.eval_on_selector(f"table.grid td.{c}", "e => getComputedStyle(e).backgroundColor")
                       for c in ("g-ok", "g-part", "g-unread", "g-out", "g-none")}
            assert len(colours) == 5 and "rgba(0, 0, 0, 0)" not in colours   # a colour each
            framed = page.eval_on_selector("table.grid td.g-over", "e => getComputedStyle(e).outlineStyle")
            assert framed == "solid"
            assert "unreadable answers, timed out" in page.inner_text("body")
            assert "wrote the player, not the cards" in page.inner_text("body")
            grid.screenshot(path=str(ARTIFACTS / "report-grid.png"))
            page.screenshot(path=str(ARTIFACTS / "report.png"), full_page=True)
            for stem in ("Jüri_Õunapuu", "Анна-2", "Mette_Ørsted", "ann"):
                path = desk[f"fb:{stem}"]
                page.goto(path.as_uri())
                assert page.title().startswith("Feedback for ")
                body = page.inner_text("body")
                assert "Total: " in body
                if stem == "Jüri_Õunapuu":
                    assert "Which four cards did B get?" in body and "Player" in body
                    assert "30 s per-cell limit" in body and "Your teacher set this mark to 0.5/1" in body
                if stem == "ann":   # the rule links jump to the rule's text copied into the page
                    link = page.locator("a[href='#r1']").first
                    link.click()
                    assert page.evaluate("location.hash") == "#r1"
                    assert page.locator("#r1").is_visible()
                if stem == "Анна-2":
                    assert "Not handed in" in body and "05_side_pots (0/3)" in body
                page.screenshot(path=str(ARTIFACTS / f"feedback-{stem}.png"), full_page=True)
        finally:
            browser.close()
