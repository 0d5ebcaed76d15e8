"""Issue 29 in a real browser: every learner can use the lessons, at 360, 420 and 1280 px, in JupyterLab
Light and Dark, with the keyboard only and with a screen reader's view of the page (axe-core).

One JupyterLab server (module scope) serves copies of lessons 12, 15, 17, the widget tour and a notebook holding
one ``PlayTable``. Each lesson is its own test item, in its own browser and a fresh workspace: the notebook is run
once; then, for each theme and width, the page reflows (no re-run) and the test measures, inside the output areas
of the code cells (what our code draws):

* **no control clipped or cut**: every button, input and card picture lies inside its output area (or inside
  one of our boxes that scroll by themselves), and every button shows its whole label;
* **contrast**: every visible text node (its computed colour over the first opaque background found walking
  up, alpha blended) and every input, at least 4.5:1 (3:1 for large text);
* **axe-core** (WCAG 2.0/2.1/2.2 A and AA rules) scoped to those output areas: no violation.

Then it plays a whole hand at the PlayTable with the keyboard only (Tab to the first button, then Enter on
whatever has the focus: the widget moves the focus to the next sensible control), checks the focus ring, and
reads the live region after each step.

Screenshots go to test-artifacts/browser/a11y/. axe-core comes from npm: ``npm ci --prefix tests/browser``
(the test fails loudly without it). Run alone with ``pytest -m browser tests/test_browser_a11y.py``.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from test_browser import (
    ARTIFACTS,
    CHROME_ARGS,
    CHROMIUM,
    ROOT,
    _only_local,
    open_with_kernel,
    playwright_api,
    serve_lab,
)

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "a11y"
AXE = ROOT / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
LESSONS = os.environ.get("OL_A11Y_LESSONS", "12_starting_hands,15_flop_play,17_play_with_the_coach,10_widget_tour"
                         ).split(",")
"""The lessons to open (all four in CI; a subset by the environment variable when working on one)."""
PLAY = "play_keyboard"
PLAY_SOURCE = "from omaha_learn.widgets import PlayTable\n\nPlayTable(game='plo', seed=17, trials=1_500)"
WIDTHS = (360, 420, 1280)
THEMES = ("JupyterLab Light", "JupyterLab Dark")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
OUTPUTS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-OutputArea-output"
KNOWN = {("scrollable-region-focusable", "jp-RenderedMarkdown"),
         ("scrollable-region-focusable", 'data-mime-type="application/vnd.jupyter.stdout"')}
"""Violations in JupyterLab's own renderers, not in our HTML: a wide Markdown table (lesson 15's table of draws)
scrolls inside JupyterLab's Markdown output, which JupyterLab does not make focusable. Listed here by rule and
renderer so that any other violation, and this one in our own HTML, still fails. Likewise a printed line wider than
a 360 px cell scrolls inside JupyterLab's stream output."""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci --prefix tests/browser` (axe-core for the accessibility test)")
    return AXE.read_text()


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("lab-a11y")
    root = base / "notebooks"
    root.mkdir()
    for stem in LESSONS:
        shutil.copy(ROOT / "notebooks" / f"{stem}.ipynb", root / f"{stem}.ipynb")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(PLAY_SOURCE)]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, root / f"{PLAY}.ipynb")
    yield from serve_lab(base, root)


# ---------------------------------------------------------------- measurements run in the page

MEASURE = """
(sel) => {
  const parse = c => { const m = c && c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const blend = (t, b) => [0, 1, 2].map(i => t[i] * t[3] + b[i] * (1 - t[3])).concat([1]);
  const background = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let base = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) base = blend(layers[i], base);
    return base;
  };
  const visible = el => el.checkVisibility ? el.checkVisibility({visibilityProperty: true, opacityProperty: true})
                                           : el.offsetParent !== null;
  const skip = el => el.closest('svg, .js-plotly-plot, script, style, .jp-InputArea, [aria-hidden="true"]');
  const describe = el => (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : el.tagName)
                         + ' "' + (el.textContent || el.value || '').trim().slice(0, 40) + '"';
  const low = [], clipped = [], cut = [];
  let texts = 0, controls = 0;
  for (const area of document.querySelectorAll(sel)) {
    const box = area.getBoundingClientRect();
    const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !el || skip(el) || !visible(el)) continue;
      const r = document.createRange(); r.selectNodeContents(n);
      if (!r.getClientRects().length) continue;
      const cs = getComputedStyle(el);
      const bg = background(el);
      let fg = parse(cs.color); if (!fg) continue;
      if (fg[3] < 1) fg = blend(fg, bg);
      const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      const need = large ? 3 : 4.5, got = ratio(fg, bg);
      texts++;
      if (got < need) low.push([describe(el), Math.round(got * 100) / 100, need, cs.color, 'bg rgb(' + bg.slice(0, 3).map(Math.round) + ')']);
    }
    for (const el of area.querySelectorAll('button, input, select, textarea, img.ol-card, .widget-label, .js-plotly-plot, img')) {
      if (!visible(el) || el.closest('[aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      controls++;
      const scroller = el.closest('.ol-scroll, .jp-OutputArea-output .ol-figure-data');
      if (!scroller && (r.left < box.left - 1 || r.right > box.right + 1))
        clipped.push([describe(el), Math.round(r.left), Math.round(r.right), Math.round(box.left), Math.round(box.right)]);
      if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) cut.push([describe(el), el.scrollWidth, el.clientWidth]);
      if (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') {
        const cs = getComputedStyle(el), fg = parse(cs.color), bg = background(el);
        if (fg && ratio(fg[3] < 1 ? blend(fg, bg) : fg, bg) < 4.5) low.push([describe(el), ratio(fg, bg), 4.5, cs.color, 'input']);
      }
    }
  }
  return {low, clipped, cut, texts, controls};
}
"""


def _run_all(page: Any) -> None:
    """Run every cell (the command's promise resolves when the last one is done), then wait for an idle kernel."""
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')]"
        ".some(p => p.textContent.includes('*'))", timeout=600_000)
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle'",
        timeout=600_000)


def _theme(page: Any, theme: str) -> None:
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    light = "true" if "Light" in theme else "false"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'")
    page.wait_for_timeout(300)  # let the theme's stylesheet apply before measuring (not an assertion on time)


def _axe(page: Any, source: str) -> list[dict[str, Any]]:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=source)
    result = page.evaluate(
        "async ([sel, tags]) => { const r = await axe.run({include: [...document.querySelectorAll(sel)]},"
        " {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)})); }",
        [OUTPUTS, AXE_TAGS])
    out = []
    for v in result:
        nodes = [n for n in v["nodes"] if not any(v["id"] == rule and where in n for rule, where in KNOWN)]
        if nodes:
            out.append(dict(v, nodes=nodes))
    return out


XFAIL: dict[str, str] = {}
"""Lessons with a measured defect not fixed yet: the test of that lesson is ``xfail(strict=True)``, so it fails as
soon as the defect is fixed unnoticed (remove the entry then)."""


def _lesson_param(stem: str) -> Any:
    if stem in XFAIL:
        return pytest.param(stem, marks=pytest.mark.xfail(strict=True, reason=XFAIL[stem]))
    return stem


@pytest.mark.parametrize("stem", [_lesson_param(s) for s in LESSONS])
def test_lesson_reflows_reads_and_passes_axe_in_light_and_dark(lab: str, axe_source: str, stem: str) -> None:
    """One lesson per test item: a fresh browser and a fresh workspace (``?reset``) holding only this notebook,
    whose kernel is shut down at the end, so no lesson waits on the one before."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: dict[str, Any] = {}
    report: dict[str, Any] = {}
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.route("**/*", _only_local)
            page.on("dialog", lambda d: d.accept())          # "leave the page?" after running a notebook: leave
            page.set_default_timeout(120_000)
            open_with_kernel(page, f"{lab}/lab/tree/{stem}.ipynb?reset")
            try:
                page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
                _run_all(page)
                errors = page.locator(f"{OUTPUTS}[data-mime-type='application/vnd.jupyter.stderr'], "
                                      ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']").count()
                assert errors == 0, stem
                for theme in THEMES:
                    _theme(page, theme)
                    for width in WIDTHS:
                        page.set_viewport_size({"width": width, "height": 900})
                        page.wait_for_timeout(200)  # reflow (not an assertion on time)
                        key = f"{stem} {theme.split()[-1]} {width}px"
                        m = page.evaluate(MEASURE, OUTPUTS)
                        violations = _axe(page, axe_source)
                        report[key] = {"texts": m["texts"], "controls": m["controls"], "low": m["low"][:20],
                                       "clipped": m["clipped"][:20], "cut": m["cut"][:20], "axe": violations}
                        if m["low"] or m["clipped"] or m["cut"] or violations:
                            problems[key] = report[key]
                        (SHOTS / f"report-{stem}.json").write_text(json.dumps(report, indent=1))
                        first = page.locator(f"{OUTPUTS} .ol-app, {OUTPUTS} .ol-figure, {OUTPUTS} .ol-outs").first
                        if first.count():
                            first.scroll_into_view_if_needed()
                        page.screenshot(path=str(SHOTS / f"{stem}-{theme.split()[-1].lower()}-{width}.png"))
            finally:
                page.evaluate("async () => { const w = window.jupyterapp.shell.currentWidget;"
                              " if (w && w.sessionContext) await w.sessionContext.shutdown(); }")
        finally:
            browser.close()
    (SHOTS / f"report-{stem}.json").write_text(json.dumps(report, indent=1))
    assert report and all(r["texts"] > 0 for r in report.values()), stem
    assert not problems, json.dumps(problems, indent=1)[:12_000]


def _focused(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(
        "() => { const e = document.activeElement; const cs = getComputedStyle(e);"
        " return {inside: !!e.closest('.ol-playtable'), tag: e.tagName, text: (e.textContent || '').trim(),"
        " outline: parseFloat(cs.outlineWidth), style: cs.outlineStyle, color: cs.outlineColor}; }"))


def test_play_a_whole_hand_with_the_keyboard_only(lab: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 420, "height": 900})
            page.route("**/*", _only_local)
            page.set_default_timeout(120_000)
            open_with_kernel(page, f"{lab}/lab/tree/{PLAY}.ipynb?reset")     # a fresh workspace: this notebook only
            _theme(page, "JupyterLab Dark")
            page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            widget = page.locator(".ol-playtable").first
            widget.locator(".ol-live-text").wait_for()
            # into the widget by Tab from the notebook (command mode), no mouse
            page.keyboard.press("Escape")
            tabs = 0
            while not (_focused(page)["inside"] and _focused(page)["tag"] == "BUTTON"):
                page.keyboard.press("Tab")
                tabs += 1
                assert tabs <= 40, "the table's buttons are not reachable by Tab"
            ring = _focused(page)
            assert ring["outline"] >= 2 and ring["style"] != "none", ring
            assert ring["color"] in ("rgb(138, 180, 255)", "rgb(20, 82, 204)"), ring   # 9:1 / 6.8:1 on the page
            page.screenshot(path=str(SHOTS / "play-keyboard-focus.png"))
            heard: list[str] = []
            steps = 0
            while True:
                f = _focused(page)
                assert f["inside"] and f["tag"] == "BUTTON", f      # focus never falls back to the page
                assert f["outline"] >= 2, f
                if f["text"] == "Next hand":
                    break
                if f["text"].startswith(("Fold", "Raise", "Bet", "Ask")):
                    page.keyboard.press("Tab")                        # keep playing passively: check or call
                    continue
                before = widget.locator(".ol-live-text").inner_text()
                page.keyboard.press("Enter")
                page.wait_for_function(
                    "before => { const e = document.querySelector('.ol-playtable .ol-live-text');"
                    " return e && e.innerText !== before; }", arg=before)
                page.wait_for_function(
                    "() => { const e = document.activeElement; return e && e.tagName === 'BUTTON'"
                    " && e.closest('.ol-playtable') && e.offsetParent !== null; }")
                heard.append(widget.locator(".ol-live-text").inner_text())
                steps += 1
                assert steps < 40
            assert page.evaluate("() => { const e = document.querySelector('.ol-playtable .ol-live .widget-html-content');"
                                 " return e.getAttribute('aria-live'); }") == "polite"
            text = "\n".join(heard)
            assert "Hand over: your result" in text and "Coach's review" in text
            assert any(("(" in line and ")" in line) for line in text.splitlines())   # seats named with positions
            widget.screenshot(path=str(SHOTS / "play-keyboard-review-dark.png"))
            page.keyboard.press("Enter")                                  # Next hand, by keyboard
            page.wait_for_function("() => document.querySelector('.ol-playtable .ol-practice').innerText"
                                   ".includes('Hand 2')")
            page.wait_for_function(
                "() => { const e = document.activeElement; return e && e.tagName === 'BUTTON'"
                " && e.closest('.ol-playtable') && !/Next hand/.test(e.textContent); }")
            (SHOTS / "play-keyboard.json").write_text(json.dumps({"tabs_to_the_table": tabs, "steps": steps,
                                                                   "heard": heard}, indent=1))
        finally:
            browser.close()
