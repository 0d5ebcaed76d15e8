"""Issue 29 in a real browser: every learner can use the lessons, at 360, 420 and 1280 px and at 200% zoom, in
JupyterLab Light, Dark and Dark High Contrast, with the keyboard only and with a screen reader's view of the page
(axe-core).

One JupyterLab server (module scope) serves copies of lessons 12, 15, 17, the widget tour and a notebook holding
one ``PlayTable``. Each lesson is its own test item, in its own browser and a fresh workspace: the notebook is run
once; then, for each theme and width (and 200% zoom: a 1280 px window at zoom 2, 640 CSS px), the page reflows
(no re-run) and the test measures, inside the output areas of the code cells (what our code draws):

* **no control clipped or cut**: every button, input and card picture lies inside its output area (or inside
  one of our boxes that scroll by themselves), and every button and widget label shows its whole text (issue 29,
  section 1: buttons reading "F.", "C.", the chart's controls off screen, opponents' small cards clipped);
* **contrast**: every visible text node (its computed colour over the first opaque background found walking
  up, alpha blended) and every input, at least 4.5:1 (3:1 for large text); every control's edge (its border or
  its own background) 3:1 against what is around it (section 2: the dark theme's near-1:1 outputs, white on teal);
* **axe-core** (WCAG 2.0/2.1/2.2 A and AA rules) scoped to those output areas: no violation (section 3: the
  unnamed slider, lesson 12's figures without alt text, the unfocusable scrolling table).

Then it plays a whole hand at the PlayTable with the keyboard only (Tab to the first button, then Enter on
whatever has the focus: the widget moves the focus to the next sensible control), checks the focus ring, and
reads the live region after each step (section 3: focus dropped to the page, a 1 px ring, nothing announced);
and it counts the Tabs from the top of lesson 17, and from the top of the table's cell, to the table's first
button, and checks that every widget's buttons are one Tab stop (section 3: "it took 29 Tabs from the top to reach
the table").

Screenshots and JSON reports go to test-artifacts/browser/a11y/ (``SHOTS``; kept by CI as the test's artefacts,
ignored by git). axe-core comes from npm: ``npm ci --prefix tests/browser`` (the test fails loudly without it).
Run alone with ``pytest -m browser tests/test_browser_a11y.py``; ``OL_A11Y_LESSONS`` picks a subset of lessons.
"""

from __future__ import annotations

import base64
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
SKIP_LESSON = "17_play_with_the_coach"
"""The lesson whose practice table the keyboard test reaches by Tab from the top."""
PLAY = "play_keyboard"
PLAY_SOURCE = "from omaha_learn.widgets import PlayTable\n\nPlayTable(game='plo', seed=17, trials=1_500)"
SKIP = "skip_link"
SKIP_MARKDOWN = ("# A lesson with a skip link\n\n[Skip to the practice table](#ol-playtable)\n\n"
                 + ", ".join(f"[R{i}](../docs/rules.md#r{i})" for i in range(1, 13)) + "\n")
"""A lesson that opens, as lesson 17 does, with a dozen links before its practice table, and a skip link first."""
WIDTHS = (360, 420, 1280)
THEMES = ("JupyterLab Light", "JupyterLab Dark", "JupyterLab Dark High Contrast")
ZOOM = (1280, 900, 2)
"""200% zoom: a 1280 x 900 window at zoom 2 lays the page out in 640 x 450 CSS px drawn at two device pixels each
(Chromium's page zoom and a device scale factor of 2 give the same layout)."""
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
OUTPUTS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-OutputArea-output"
KNOWN = {("scrollable-region-focusable", "jp-RenderedMarkdown"),
         ("scrollable-region-focusable", 'data-mime-type="application/vnd.jupyter.stdout"'),
         ("scrollable-region-focusable", "jp-RenderedPlotly")}
"""Violations in JupyterLab's own renderers, not in our HTML: a wide Markdown table (lesson 15's table of draws)
scrolls inside JupyterLab's Markdown output, which JupyterLab does not make focusable. Listed here by rule and
renderer so that any other violation, and this one in our own HTML, still fails. Likewise a printed line wider than
a 360 px cell scrolls inside JupyterLab's stream output, and (seen once in three full runs, lesson 12 at 200% zoom)
a plotly figure wider than its cell scrolls inside JupyterLab's plotly renderer."""


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
    for stem in {*LESSONS, SKIP_LESSON}:
        shutil.copy(ROOT / "notebooks" / f"{stem}.ipynb", root / f"{stem}.ipynb")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(PLAY_SOURCE)]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, root / f"{PLAY}.ipynb")
    nb.cells = [nbformat.v4.new_markdown_cell(SKIP_MARKDOWN), nbformat.v4.new_code_cell(PLAY_SOURCE)]
    nbformat.write(nb, root / f"{SKIP}.ipynb")
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
  const low = [], clipped = [], cut = [], outline = [];
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
      if ((el.tagName === 'BUTTON' || el.classList.contains('widget-label')) && el.scrollWidth > el.clientWidth + 1)
        cut.push([describe(el), el.scrollWidth, el.clientWidth]);
      if (/^(BUTTON|INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && !/^(checkbox|radio|range|hidden)$/.test(el.type)) {
        // the control's edge (its border, or its own background) 3:1 against what is around it (WCAG 1.4.11);
        // checkboxes and radio buttons are drawn by the browser itself
        const cs = getComputedStyle(el), around = background(el.parentElement);
        let edge = 0;
        const bc = parse(cs.borderTopColor);
        if (bc && parseFloat(cs.borderTopWidth) >= 1 && cs.borderTopStyle !== 'none')
          edge = ratio(bc[3] < 1 ? blend(bc, around) : bc, around);
        const fill = parse(cs.backgroundColor);
        if (fill && fill[3] > 0) edge = Math.max(edge, ratio(blend(fill, around), around));
        if (edge < 3) outline.push([describe(el), Math.round(edge * 100) / 100, 3, cs.borderTopColor, cs.backgroundColor]);
      }
      if (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') {
        const cs = getComputedStyle(el), fg = parse(cs.color), bg = background(el);
        if (fg && ratio(fg[3] < 1 ? blend(fg, bg) : fg, bg) < 4.5) low.push([describe(el), ratio(fg, bg), 4.5, cs.color, 'input']);
      }
    }
  }
  return {low, clipped, cut, outline, texts, controls};
}
"""


RING = """(sel) => {
  const parse = c => { const m = c && c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const blend = (t, b) => [0, 1, 2].map(i => t[i] * t[3] + b[i] * (1 - t[3])).concat([1]);
  const background = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let base = [255, 255, 255, 1]; for (let i = layers.length - 1; i >= 0; i--) base = blend(layers[i], base);
    return base; };
  const out = [];
  for (const root of document.querySelectorAll(sel + ' .ol-app')) {
    const el = [...root.querySelectorAll('button')].find(b => b.tabIndex >= 0 && b.getClientRects().length > 0);
    if (!el) continue;
    el.focus();
    const cs = getComputedStyle(el), around = background(el.parentElement);
    let oc = parse(cs.outlineColor); if (oc && oc[3] < 1) oc = blend(oc, around);
    out.push({widget: [...root.classList].find(c => c.startsWith('ol-') && c !== 'ol-app'),
              button: el.textContent.trim().slice(0, 30), visible: el.matches(':focus-visible'),
              width: parseFloat(cs.outlineWidth), style: cs.outlineStyle, color: cs.outlineColor,
              around: 'rgb(' + around.slice(0, 3).map(Math.round) + ')',
              ratio: oc ? Math.round(ratio(oc, around) * 100) / 100 : 0});
    el.blur();
  }
  return out; }"""
"""The focus ring of every widget's Tab stop: focused after a key press (so ``:focus-visible``, as for a keyboard
user), its outline's width and style and its colour's contrast against what is around the control."""


def _focus_rings(page: Any) -> list[dict[str, Any]]:
    """Issue 29 (3): "the focus ring is a 1 px light-blue line". At least 2 px and 3:1 against its surroundings
    (WCAG 2.4.7, 1.4.11), measured in the current theme."""
    page.keyboard.press("Shift")           # the last input was a key: programmatic focus shows the ring
    rings: list[dict[str, Any]] = page.evaluate(RING, OUTPUTS)
    return rings


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
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme)
    page.wait_for_timeout(300)  # let the theme's stylesheet apply before measuring (not an assertion on time)


def _theme_tag(theme: str) -> str:
    """"JupyterLab Dark High Contrast" -> "DarkHC", for report keys and screenshot names."""
    return {"JupyterLab Light": "Light", "JupyterLab Dark": "Dark"}.get(theme, "DarkHC")


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


GROUPS = """(sel) => [...document.querySelectorAll(sel + ' .ol-app')].map(root => {
  const shown = [...root.querySelectorAll('GROUP')].filter(e => e.closest('.ol-app') === root && !e.disabled
      && e.getClientRects().length > 0 && !e.closest('[aria-hidden="true"]'));
  const name = [...root.classList].find(c => c.startsWith('ol-') && c !== 'ol-app') || '';
  const toggles = [...root.querySelectorAll('.widget-toggle-button')].map(b =>
      [b.textContent.trim(), b.classList.contains('mod-active'), b.getAttribute('aria-pressed')]);
  return {widget: name, controls: shown.length, tabbable: shown.filter(e => e.tabIndex >= 0)
          .map(e => (e.textContent || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 30)),
          toggles: toggles}; })"""
"""For every widget of ours on the page: how many of its buttons, folds, links and check boxes are shown, and
which of them Tab can reach (one: the group's roving stop)."""


def _one_tab_stop_per_widget(page: Any, stem: str) -> dict[str, Any]:
    """Issue 29 (3): a single Tab stop into each widget. Every rendered widget's buttons (with its folds, links and
    check boxes) are one Tab stop; in lesson 17 run top to bottom, the Tabs from the top to the table's first
    action, and which of them stop in our outputs."""
    from omaha_learn.widgets._keyboard import GROUP_SELECTOR

    page.wait_for_timeout(300)   # the hook's observer syncs on the next animation frame (not an assertion on time)
    widgets = page.evaluate(GROUPS.replace("GROUP", GROUP_SELECTOR), OUTPUTS)
    out: dict[str, Any] = {"widgets": widgets,
                           "not one stop": [w for w in widgets if w["controls"] and len(w["tabbable"]) != 1],
                           # a chosen toggle said by aria-pressed, not by its colour alone
                           "toggle state unsaid": [t for w in widgets for t in w["toggles"]
                                                   if t[2] != ("true" if t[1] else "false")]}
    if stem == SKIP_LESSON:
        trail: list[str] = []
        _to_the_top(page)
        out["tabs_from_the_top_after_run_all"] = _tabs_until(page, 120, trail)
        out["stops_of_ours_before_the_table"] = [t for t in trail[:-1] if t.startswith("ours: ")]
        out["trail"] = trail
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
    rings: dict[str, Any] = {}
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
                keys = _one_tab_stop_per_widget(page, stem)
                (SHOTS / f"tab-stops-{stem}.json").write_text(json.dumps(keys, indent=1))
                assert keys["widgets"] and not keys["not one stop"] and not keys["toggle state unsaid"], keys
                if stem == SKIP_LESSON:     # run top to bottom: no stop of ours before the table's first action
                    assert keys["tabs_from_the_top_after_run_all"] <= 120, keys
                    assert keys["stops_of_ours_before_the_table"] == [], keys
                cdp = page.context.new_cdp_session(page)
                for theme in THEMES:
                    _theme(page, theme)
                    tag = _theme_tag(theme)
                    page.set_viewport_size({"width": 1280, "height": 900})
                    ring = _focus_rings(page)
                    rings[tag] = ring
                    (SHOTS / f"focus-rings-{stem}.json").write_text(json.dumps(rings, indent=1))
                    assert ring and all(r["visible"] and r["width"] >= 2 and r["style"] != "none"
                                        and r["ratio"] >= 3 for r in ring), (tag, ring)
                    for width in (*WIDTHS, "200%"):
                        if width == "200%":
                            w, h, zoom = ZOOM
                            cdp.send("Emulation.setDeviceMetricsOverride", {
                                "width": w // zoom, "height": h // zoom, "deviceScaleFactor": zoom, "mobile": False})
                        else:
                            page.set_viewport_size({"width": width, "height": 900})
                        page.wait_for_timeout(200)  # reflow (not an assertion on time)
                        if width == "200%":           # the zoom took: half the CSS pixels, two device pixels each
                            assert page.evaluate("() => [innerWidth, devicePixelRatio]") == [ZOOM[0] // ZOOM[2],
                                                                                              ZOOM[2]]
                        label = width if width == "200%" else f"{width}px"
                        key = f"{stem} {tag} {label}"
                        m = page.evaluate(MEASURE, OUTPUTS)
                        violations = _axe(page, axe_source)
                        report[key] = {"texts": m["texts"], "controls": m["controls"], "low": m["low"][:20],
                                       "outline": m["outline"][:20], "clipped": m["clipped"][:20],
                                       "cut": m["cut"][:20], "axe": violations}
                        if m["low"] or m["outline"] or m["clipped"] or m["cut"] or violations:
                            problems[key] = report[key]
                        (SHOTS / f"report-{stem}.json").write_text(json.dumps(report, indent=1))
                        first = page.locator(f"{OUTPUTS} .ol-app, {OUTPUTS} .ol-figure, {OUTPUTS} .ol-outs").first
                        if first.count():
                            first.scroll_into_view_if_needed()
                        shot = SHOTS / f"{stem}-{tag.lower()}-{str(width).rstrip('%')}{'-zoom' if width == '200%' else ''}.png"
                        if width == "200%":   # playwright's own screenshot would put its 1:1 viewport back
                            shot.write_bytes(base64.b64decode(cdp.send("Page.captureScreenshot")["data"]))
                        else:
                            page.screenshot(path=str(shot))
                    cdp.send("Emulation.clearDeviceMetricsOverride")
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


ACTIVE_CELL = "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex"

GROUP = """(sel) => { const root = document.querySelector(sel);
  const shown = [...root.querySelectorAll('button')].filter(b => b.getClientRects().length > 0);
  return {buttons: shown.map(b => b.textContent.trim()),
          tabbable: shown.filter(b => b.tabIndex >= 0).map(b => b.textContent.trim())}; }"""
"""The practice table's shown buttons, and those of them that Tab can reach."""


def _group(page: Any, sel: str = ".ol-playtable") -> dict[str, list[str]]:
    return dict(page.evaluate(GROUP, sel))


def test_play_a_whole_hand_with_the_keyboard_only(lab: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 420, "height": 900})
            page.route("**/*", _only_local)
            page.set_default_timeout(120_000)
            open_with_kernel(page, f"{lab}/lab/tree/{PLAY}.ipynb?reset")     # a fresh workspace: this notebook only
            page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
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
            # one Tab stop for all the table's buttons: Tab entered at the passive action (check or call, never
            # fold), the arrow keys walk the buttons, the next Tab leaves them
            assert ring["text"].startswith(("Check", "Call")), ring
            group = _group(page)
            assert group["tabbable"] == [ring["text"]] and len(group["buttons"]) >= 3, group
            page.keyboard.press("ArrowRight")
            moved = _focused(page)
            assert moved["inside"] and moved["tag"] == "BUTTON" and moved["text"] != ring["text"], moved
            assert _group(page)["tabbable"] == [moved["text"]]           # the stop follows the focus
            page.keyboard.press("ArrowLeft")
            assert _focused(page)["text"] == ring["text"]
            cell_before = page.evaluate(ACTIVE_CELL)
            page.keyboard.press("ArrowDown")                             # the arrows move within the table,
            assert page.evaluate(ACTIVE_CELL) == cell_before              # not JupyterLab's active cell
            page.keyboard.press("ArrowUp")
            assert _focused(page)["text"] == ring["text"]
            # Tab walks out of the table in 1 stop for its buttons plus 1 for each input box or scrolling box
            stops = [ring["text"]]
            while True:
                page.keyboard.press("Tab")
                f = _focused(page)
                if not f["inside"]:
                    break
                stops.append(f"{f['tag']} {f['text'][:30]}")
                assert len(stops) < 12, stops
            fields = page.evaluate("() => [...document.querySelectorAll('.ol-playtable input, .ol-playtable select,"
                                   " .ol-playtable textarea, .ol-playtable .ol-scroll[tabindex=\"0\"]')]"
                                   ".filter(e => e.getClientRects().length > 0).length")
            assert len(stops) == 1 + fields, stops
            for _ in stops:                                   # and Shift+Tab comes back to the same button
                page.keyboard.press("Shift+Tab")
            assert _focused(page)["text"] == ring["text"], _focused(page)
            page.screenshot(path=str(SHOTS / "play-keyboard-focus.png"))
            heard: list[str] = []
            steps = 0
            while True:
                f = _focused(page)
                assert f["inside"] and f["tag"] == "BUTTON", f      # focus never falls back to the page
                assert f["outline"] >= 2, f
                assert _group(page)["tabbable"] == [f["text"]], (f, _group(page))   # one Tab stop, the focused
                if f["text"] == "Next hand":
                    break
                if f["text"].startswith(("Fold", "Raise", "Bet", "Ask")):
                    page.keyboard.press("ArrowRight")                 # keep playing passively: check or call
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
            # the finished hand at 420 px: every card shown (opponents' small cards were clipped), every button whole
            m = page.evaluate(MEASURE, OUTPUTS)
            assert m["controls"] and not (m["clipped"] or m["cut"] or m["low"] or m["outline"]), m
            assert page.locator(".ol-playtable img.ol-card").count() >= 4 * 6   # every seat's cards, shown down
            page.keyboard.press("Enter")                                  # Next hand, by keyboard
            page.wait_for_function("() => document.querySelector('.ol-playtable .ol-practice').innerText"
                                   ".includes('Hand 2')")
            page.wait_for_function(
                "() => { const e = document.activeElement; return e && e.tagName === 'BUTTON'"
                " && e.closest('.ol-playtable') && !/Next hand/.test(e.textContent); }")
            (SHOTS / "play-keyboard.json").write_text(json.dumps({"tabs_to_the_table": tabs, "steps": steps,
                                                                   "stops_inside_the_table": stops,
                                                                   "heard": heard}, indent=1))
        finally:
            browser.close()


def _tabs_until(page: Any, limit: int, trail: list[str]) -> int:
    """Press Tab until the focus is on a visible button of the practice table; the number of presses (``limit``
    + 1 when not reached in ``limit``). ``trail`` collects what had the focus after each press ("ours: ..." for
    a stop inside a code cell's output, what our code draws)."""
    where = ("() => { const e = document.activeElement; if (!e) return {};"
             " return {table: e.tagName === 'BUTTON' && !!e.closest('.ol-playtable') && e.offsetParent !== null,"
             " what: (e.closest('.jp-OutputArea') ? 'ours: ' : '') + e.tagName + '.'"
             " + String(e.className).split(' ')[0] + ' ' + (e.getAttribute('aria-label') || e.textContent || '')"
             ".trim().slice(0, 30)}; }")
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        at = page.evaluate(where)
        trail.append(at.get("what", ""))
        if at.get("table"):
            return n
    return limit + 1


def _to_the_top(page: Any, cell: int = 0) -> None:
    """The notebook in command mode with cell ``cell`` active and focused, as after opening it (or J/K to it)."""
    page.evaluate("i => { const nb = window.jupyterapp.shell.currentWidget.content; nb.mode = 'command';"
                  " nb.activeCellIndex = i; nb.activeCell.node.scrollIntoView(); nb.activeCell.node.focus(); }", cell)
    page.wait_for_function("i => { const nb = window.jupyterapp.shell.currentWidget.content;"
                           " return document.activeElement === nb.activeCell.node; }", arg=cell)


def test_a_keyboard_user_reaches_the_practice_table_in_a_few_keys(lab: str) -> None:
    """Issue 29 (3): "it took 29 Tabs from the top to reach the table". Each widget's buttons, folds and links are
    one Tab stop (omaha_learn/widgets/_keyboard.py), entered at the table's passive action: from the top of the
    table's own cell (the cell selected, as after J/K to it) that action is 2 Tabs away (JupyterLab's cell
    toolbar, then the table), and from the top of lesson 17 none of the stops before it is ours (measured 15:
    JupyterLab's toolbars and the 12 links in the lesson's text, then the table; before, the action log's fold
    was a stop of ours too)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.route("**/*", _only_local)
            page.set_default_timeout(120_000)
            open_with_kernel(page, f"{lab}/lab/tree/{SKIP_LESSON}.ipynb?reset")
            page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
            try:
                cell = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                                     ".findIndex(c => c.model.type === 'code'"
                                     " && c.model.sharedModel.getSource().includes('PlayTable('))")
                assert cell > 0
                page.evaluate("async i => { const nb = window.jupyterapp.shell.currentWidget.content;"
                              " nb.activeCellIndex = i;"
                              " await window.jupyterapp.commands.execute('notebook:run-cell'); }", cell)
                page.locator(".ol-playtable button:visible").first.wait_for()   # after two hands: Next hand
                trails: dict[str, list[str]] = {"from the cell": [], "from the top": []}
                _to_the_top(page, cell)
                from_cell = _tabs_until(page, 10, trails["from the cell"])
                page.screenshot(path=str(SHOTS / "tab-to-the-table.png"))
                _to_the_top(page)
                from_top = _tabs_until(page, 80, trails["from the top"])
                ours = [t for t in trails["from the top"][:-1] if t.startswith("ours: ")]
                counts = {"tabs_from_the_tables_cell": from_cell, "tabs_from_the_top": from_top,
                          "stops_of_ours_before_the_table": len(ours)}
                (SHOTS / "tab-to-the-table.json").write_text(json.dumps({**counts, "focus": trails}, indent=1))
                assert from_cell <= 2 and from_top <= 80 and ours == [], counts
            finally:
                page.evaluate("async () => { const w = window.jupyterapp.shell.currentWidget;"
                              " if (w && w.sessionContext) await w.sessionContext.shutdown(); }")
        finally:
            browser.close()


def test_a_skip_link_moves_the_focus_to_the_practice_table(lab: str) -> None:
    """Issue 29 (3): "a skip link or a single Tab stop into each widget". A Markdown link to ``#ol-playtable`` at the
    top of a lesson, followed with Enter, puts the keyboard focus on the table's Tab stop (its passive action),
    past the dozen links after it; JupyterLab 4.6 alone only scrolled to a fragment and left the focus on the link
    (why lesson 17's skip link to its heading was removed). Measured: the keys from the top of the notebook to the
    table's first action, with the link and by Tab alone."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.route("**/*", _only_local)
            page.set_default_timeout(120_000)
            open_with_kernel(page, f"{lab}/lab/tree/{SKIP}.ipynb?reset")
            page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
            try:
                _run_all(page)
                page.locator(".ol-playtable button:visible").first.wait_for()
                _to_the_top(page)
                trail: list[str] = []
                tabs = 0
                while not page.evaluate("() => document.activeElement.tagName === 'A'"
                                        " && document.activeElement.textContent === 'Skip to the practice table'"):
                    page.keyboard.press("Tab")
                    tabs += 1
                    trail.append(page.evaluate("() => document.activeElement.tagName + ' '"
                                               " + document.activeElement.textContent.trim().slice(0, 30)"))
                    assert tabs <= 10, trail
                page.keyboard.press("Enter")
                page.wait_for_function("() => !!document.activeElement.closest('.ol-playtable')")
                f = _focused(page)
                assert f["tag"] == "BUTTON" and f["text"].startswith(("Check", "Call")), f
                assert _group(page)["tabbable"] == [f["text"]]            # the table's one Tab stop
                page.screenshot(path=str(SHOTS / "skip-link.png"))
                by_tab: list[str] = []
                _to_the_top(page)
                tabs_alone = _tabs_until(page, 40, by_tab)
                (SHOTS / "skip-link.json").write_text(json.dumps(
                    {"keys_with_the_skip_link": tabs + 1, "tabs_without_it": tabs_alone, "trail": trail,
                     "by_tab": by_tab}, indent=1))
                assert tabs + 1 < tabs_alone, (tabs, tabs_alone, by_tab)
            finally:
                page.evaluate("async () => { const w = window.jupyterapp.shell.currentWidget;"
                              " if (w && w.sessionContext) await w.sessionContext.shutdown(); }")
        finally:
            browser.close()
