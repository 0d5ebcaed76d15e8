"""Structure checks for the lesson notebooks in notebooks/.

nbval checks that every stored output still comes out the same; these tests
check what nbval cannot: every lesson has a title, cites the rules it teaches
(R1-R32, each linked to its anchor in docs/rules.md), ends with self-check
questions, is stored executed without errors or unstable outputs, deals
seeded cards, and imports only the public API.
"""

from __future__ import annotations

import ast
import re
from math import comb
from pathlib import Path

import nbformat
import pytest

import omaha_learn

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
RULES_DOC = ROOT / "docs" / "rules.md"

# lesson -> the rules it must cite (the R-numbers of the issue; lesson 8 teaches equity on top of R2, R8, R11)
LESSONS: dict[str, set[int]] = {
    "01_dealing_and_reading": {1, 5},
    "02_two_card_rule": {2, 3, 4},
    "03_high_hands": {6, 7},
    "04_lows_as_numbers": {8, 9, 10, 12},
    "05_hilo_showdowns": {11, 20, 24, 25},
    "06_side_pots": {21, 23, 24},
    "07_betting": set(range(13, 20)),
    "08_equity": {2, 8, 11},
    "09_table_procedure": {13, 14, 22, 23, *range(26, 33)},
}
START = "00_start"
# omaha_learn.<module> imports a notebook may use: the presentation and widget layers
ALLOWED_SUBMODULES = {"widgets", "display"}
RULE_RE = re.compile(r"\bR(\d{1,2})\b")
RULE_LINK_RE = re.compile(r"\]\(\.\./docs/rules\.md#r(\d{1,2})\)")


def _load(stem: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)


def _markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def _code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code"]


def _python_source(cell: nbformat.NotebookNode) -> str:
    """Cell source without IPython magics and shell escapes, for ast."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in cell.source.splitlines())


def _cited(nb: nbformat.NotebookNode) -> set[int]:
    return {int(n) for n in RULE_RE.findall(_markdown(nb))}


def _expand_ranges(text: str) -> set[int]:
    """R-numbers named in text, with ranges such as 'R13-R19' expanded."""
    out = {int(n) for n in RULE_RE.findall(text)}
    for a, b in re.findall(r"\bR(\d{1,2})\s*[-–]\s*R?(\d{1,2})\b", text):
        out |= set(range(int(a), int(b) + 1))
    return out


ALL_STEMS = [START, *LESSONS]


@pytest.mark.parametrize("stem", ALL_STEMS)
def test_notebook_exists_and_has_title(stem: str) -> None:
    nb = _load(stem)
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# "), f"{stem}: first cell must be a '# ' title"


@pytest.mark.parametrize("stem", list(LESSONS))
def test_lesson_cites_its_rules_with_links(stem: str) -> None:
    """Each lesson names its R-numbers and links each one to docs/rules.md#rN."""
    nb = _load(stem)
    text = _markdown(nb)
    assert "../docs/rules.md" in text, f"{stem} does not link docs/rules.md"
    missing = LESSONS[stem] - _cited(nb)
    assert not missing, f"{stem} does not cite R{sorted(missing)}"
    unlinked = LESSONS[stem] - {int(n) for n in RULE_LINK_RE.findall(text)}
    assert not unlinked, f"{stem} cites but does not link R{sorted(unlinked)} (../docs/rules.md#rN)"


def test_r1_to_r32_each_cited_by_some_lesson() -> None:
    cited: set[int] = set()
    for stem in LESSONS:
        cited |= _cited(_load(stem))
    assert set(range(1, 33)) <= cited, f"no lesson cites R{sorted(set(range(1, 33)) - cited)}"


def test_rule_links_point_to_existing_anchors() -> None:
    """Every ../docs/rules.md#rN link in any lesson has its anchor in docs/rules.md."""
    doc = RULES_DOC.read_text(encoding="utf-8")
    for stem in ALL_STEMS:
        for n in RULE_LINK_RE.findall(_markdown(_load(stem))):
            assert f'id="r{n}"' in doc, f"{stem} links docs/rules.md#r{n}, which has no anchor"


@pytest.mark.parametrize("stem", list(LESSONS))
def test_lesson_ends_with_self_check(stem: str) -> None:
    """The last section is '## Self-check': questions, then at least one cell to run for the answers."""
    cells = _load(stem).cells
    headings = [i for i, c in enumerate(cells) if c.cell_type == "markdown" and re.search(r"^##\s", c.source, re.M)]
    assert headings, f"{stem} has no '## ' sections"
    last = cells[headings[-1]]
    assert re.search(r"^##\s+Self-check", last.source, re.M), f"{stem}: the last section must be '## Self-check'"
    assert re.search(r"^\s*1\.", last.source, re.M), f"{stem}: the self-check needs numbered questions"
    assert any(c.cell_type == "code" for c in cells[headings[-1] + 1:]), f"{stem}: no code cell after the self-check"


@pytest.mark.parametrize("stem", ALL_STEMS)
def test_stored_executed_without_errors_or_unstable_outputs(stem: str) -> None:
    """Stored executed (nbval skips unrun cells), no errors, no stderr, nothing nbval would find flaky."""
    for i, cell in enumerate(_code_cells(_load(stem))):
        where = f"{stem} code cell {i}"
        assert cell.execution_count is not None, f"{where} is not executed; run scripts/execute_notebooks.py"
        for out in cell.outputs:
            assert out.output_type != "error", f"{where} stores an error"
            assert not (out.output_type == "stream" and out.name == "stderr"), f"{where} writes to stderr"
            data = out.get("data", {})
            text = out.get("text", "") + str(data.get("text/plain", ""))
            assert not re.search(r"\bat 0x[0-9a-f]+", text), f"{where} stores a memory address"
            assert not re.search(r"np\.(float|int)\d+\(", text), f"{where} stores a numpy scalar repr"
            assert "plotly" not in str(data.get("text/html", "")), f"{where} stores plotly HTML"


KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def test_every_notebook_names_the_kernel_jupyterlab_starts() -> None:
    """JupyterLab writes the kernel it starts into the notebook's metadata: a notebook that names another one
    opens changed, and closing it unrun asks the learner whether to save (lesson 18 did)."""
    shipped = sorted(p for folder in (NOTEBOOKS, ROOT / "exercises") for p in folder.rglob("*.ipynb")
                     if ".ipynb_checkpoints" not in p.parts)
    assert len(shipped) > 40
    wrong = [str(p.relative_to(ROOT)) for p in shipped
             if nbformat.read(p, as_version=4).metadata.get("kernelspec") != KERNELSPEC]
    assert not wrong


@pytest.mark.parametrize("stem", ALL_STEMS)
def test_imports_only_the_public_api(stem: str) -> None:
    """`from omaha_learn import X` needs X in the public API; submodules only widgets/figures/render."""
    public = set(omaha_learn._EXPORTS) | {"__version__"}
    for cell in _code_cells(_load(stem)):
        for node in ast.walk(ast.parse(_python_source(cell))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "omaha_learn":
                parts = node.module.split(".")
                if len(parts) == 1:
                    private = {a.name for a in node.names} - public
                    assert not private, f"{stem} imports non-public {sorted(private)} from omaha_learn"
                else:
                    assert parts[1] in ALLOWED_SUBMODULES, f"{stem} imports private module {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    if parts[0] == "omaha_learn" and len(parts) > 1:
                        assert parts[1] in ALLOWED_SUBMODULES, f"{stem} imports private module {alias.name}"


@pytest.mark.parametrize("stem", ALL_STEMS)
def test_deals_are_seeded(stem: str) -> None:
    """Every Deck(...) and widget that deals takes a seed, so every student sees the same cards."""
    trees = [ast.parse(_python_source(cell)) for cell in _code_cells(_load(stem))]
    widgets = {alias.asname or alias.name for tree in trees for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) and node.module == "omaha_learn.widgets" for alias in node.names}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                keywords = {k.arg for k in node.keywords}
                if node.func.id == "Deck":
                    assert "seed" in keywords or node.args, f"{stem}: Deck() without a seed: {ast.unparse(node)}"
                elif node.func.id in widgets:
                    assert "seed" in keywords, f"{stem}: widget without seed=: {ast.unparse(node)}"


@pytest.mark.parametrize("stem", ALL_STEMS)
def test_relative_links_resolve(stem: str) -> None:
    """Every relative link in a lesson's text points to a file or folder that exists."""
    for target in re.findall(r"\]\(([^)\s]+)\)", _markdown(_load(stem))):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (NOTEBOOKS / target.split("#")[0]).resolve()
        assert path.exists(), f"{stem} links {target}, which does not exist"


def test_start_page_links_every_lesson_rules_and_exercises() -> None:
    text = _markdown(_load(START))
    for stem in LESSONS:
        assert f"({stem}.ipynb)" in text, f"start page does not link {stem}"
        assert (NOTEBOOKS / f"{stem}.ipynb").exists()
    assert "(../docs/rules.md)" in text
    assert "(../exercises/)" in text


def test_start_page_rule_table_matches_lessons() -> None:
    """The start page's table lists, for each lesson, the rules that lesson cites."""
    rows = [line for line in _markdown(_load(START)).splitlines() if line.startswith("|")]
    for stem, rules in LESSONS.items():
        row = next((r for r in rows if f"({stem}.ipynb)" in r), None)
        assert row is not None, f"start page table has no row for {stem}"
        assert _expand_ranges(row.split("|")[-2]) == rules, f"start page row for {stem}: {row}"


def _script() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("execute_notebooks", ROOT / "scripts" / "execute_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_execute_notebooks_script_reproduces_a_stored_lesson(tmp_path: Path) -> None:
    """scripts/execute_notebooks.py is deterministic: re-running a stored lesson gives the same bytes.

    Lesson 3 prints only engine text, so this also checks that the stored lesson is up to date with the engine.
    """
    stored = NOTEBOOKS / "03_high_hands.ipynb"
    copy = tmp_path / stored.name
    copy.write_bytes(stored.read_bytes())
    _script().execute(copy)  # type: ignore[attr-defined]
    assert copy.read_bytes() == stored.read_bytes(), "re-executing changed the notebook: run scripts/execute_notebooks.py"


def test_execute_notebooks_gives_widgets_stable_ids_and_merges_streams() -> None:
    script = _script()
    state_key = "application/vnd.jupyter.widget-state+json"
    ids = ["a" * 32, "b" * 32]

    def notebook() -> nbformat.NotebookNode:
        nb = nbformat.v4.new_notebook()
        nb.metadata["widgets"] = {state_key: {"state": {i: {"model_name": "HTMLModel", "state": {}} for i in ids}}}
        cell = nbformat.v4.new_code_cell("w", id="cell-1")
        cell.outputs = [
            nbformat.v4.new_output("stream", name="stdout", text="1."),
            nbformat.v4.new_output("stream", name="stdout", text=" two\n"),
            nbformat.v4.new_output("display_data", data={"application/vnd.jupyter.widget-view+json":
                                                         {"model_id": ids[1], "version_major": 2}}),
        ]
        nb.cells = [cell]
        return nb

    first = script.stable_widget_ids(script.coalesce_streams(notebook()), "x.ipynb")  # type: ignore[attr-defined]
    again = script.stable_widget_ids(script.coalesce_streams(notebook()), "x.ipynb")  # type: ignore[attr-defined]
    assert first == again
    outputs = first.cells[0].outputs
    assert [o.output_type for o in outputs] == ["stream", "display_data"] and outputs[0].text == "1. two\n"
    new_ids = list(first.metadata["widgets"][state_key]["state"])
    assert not set(new_ids) & set(ids)
    assert outputs[1].data["application/vnd.jupyter.widget-view+json"]["model_id"] == new_ids[1]


# ---------------------------------------------- what a learner sees is right

def _outputs_text(cell: nbformat.NotebookNode) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            parts.append(out.text)
        for mime, value in out.get("data", {}).items():
            if mime.startswith("text/"):
                parts.append(value if isinstance(value, str) else "".join(value))
    return "\n".join(parts)


@pytest.mark.parametrize("stem", ALL_STEMS)
def test_self_check_answers_stay_folded_until_asked_for(stem: str) -> None:
    """Lessons are stored executed and the start page says Run All: the stored answers
    must be a closed <details> block, never printed text."""
    import html as html_lib

    nb = _load(stem)
    tagged = [i for i, c in enumerate(nb.cells) if "self-check-answers" in c.metadata.get("tags", [])]
    assert len(tagged) == 1, f"{stem}: one answers cell tagged self-check-answers"
    cell = nb.cells[tagged[0]]
    assert "answers(" in cell.source and "print(" not in cell.source
    # the source (it holds the answers' words) is folded; the output (a closed "Show the answers" line) is shown
    assert cell.metadata.get("jupyter", {}).get("source_hidden") is True
    assert not cell.metadata.get("jupyter", {}).get("outputs_hidden", False)
    outs = cell.outputs
    assert [o.output_type for o in outs] == ["execute_result"], f"{stem}: the answers cell prints something"
    page = outs[0].data["text/html"]
    opening = page.split(">", 1)[0]
    assert opening.startswith('<details class="ol-answers"') and " open" not in opening
    assert outs[0].data["text/plain"].startswith("Answers hidden:")
    items = [html_lib.unescape(x) for x in re.findall(r"<li>(.*?)</li>", page)]
    assert items, f"{stem}: no answers"
    questions = next(c for c in reversed(nb.cells[:tagged[0]]) if c.cell_type == "markdown")
    assert questions.source.startswith("## Self-check") and re.search(r"open the (folded )?answer", questions.source)
    # no answer shows anywhere else: not in any other stored output, not in the markdown
    elsewhere = "\n".join([_outputs_text(c) for c in nb.cells if c is not cell] + [_markdown(nb)])
    for item in items:
        assert item not in elsewhere, f"{stem}: answer {item!r} is visible outside the folded block"


def test_lesson_3_wheel_needs_four_hole_cards() -> None:
    from omaha_learn import best_high

    text = _markdown(_load("03_high_hands"))
    assert "would need four hole cards (A-2-3-4)" in text and "three hole cards" not in text
    assert best_high("As 2d 3c 4h", "5c 9s 7d").category.name != "STRAIGHT"   # R2: never four from the hand


def test_lesson_8_board_count_is_41_unseen_cards() -> None:
    from omaha_learn import equity

    text = _markdown(_load("08_equity"))
    assert "990" not in text and "45 × 44" not in text
    assert "**41 unseen cards**" in text and "41 × 40 / 2 = **820**" in text
    flop = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
    assert flop.boards == 41 * 40 // 2 == 820
    three = equity(["Ad 2d Kc Qh", "Ac 2c 9s 9h", "Ks Kh Jd Td"], board="3h 5s Jc")
    assert "quartered on more than four boards in ten" in text and min(three[0].quartered, three[1].quartered) > 0.4
    assert "all 1,086,008 boards" in text and comb(52 - 8, 5) == 1_086_008


def test_lesson_4_names_the_nut_low_and_counterfeit_where_it_shows_them() -> None:
    from omaha_learn import best_low

    nb = _load("04_lows_as_numbers")
    text = _markdown(nb)
    assert "**nut low**" in text and "**counterfeited**" in text and "*counterfeit*" in text
    # the claims, from the engine: A-3 is the nut low on 2c 5d 8h Qs Js; a turn deuce counterfeits A-2
    board = "2c 5d 8h Qs Js"
    lows = sorted((best_low(f"{a}h {b}s Kd Kc", board) for a, b in ["A3", "A4", "A6", "A7", "34", "36", "37", "46",
                                                                      "47", "67"]), reverse=True)
    assert lows[0].number == 85321 and best_low("Ah 3s Kd Kc", board) == lows[0]
    assert best_low("Ad 2d Qc Kd", board) is None
    assert best_low("Ad 2d Qc Kd", "3c 4d 7h") > best_low("As 5s Qh Kh", "3c 4d 7h")
    assert best_low("As 5s Qh Kh", "3c 4d 7h 2c") > best_low("Ad 2d Qc Kd", "3c 4d 7h 2c")
    outputs = "\n".join(_outputs_text(c) for c in nb.cells)
    assert "the nut low on this board: 8-5-3-2-A low" in outputs


def test_lesson_9_labels_one_online_rooms_rules() -> None:
    text = _markdown(_load("09_table_procedure"))
    assert "**one online poker room**" in text
    for phrase in ("Omaha Shortstack", "00:00 UTC"):
        for para in text.split("\n\n"):
            if phrase in para:
                assert "room" in para, f"lesson 9: {phrase!r} is not labelled as one room's rule"


def test_lesson_1_dealer_shows_the_deal_of_the_code_above_it() -> None:
    nb = _load("01_dealing_and_reading")
    src = "\n".join(c.source for c in _code_cells(nb))
    assert "Deck(seed=3)" in src and "Dealer(names=players, seed=3)" in src


def test_lesson_6_prose_agrees_with_the_engine() -> None:
    from omaha_learn import showdown, side_pots

    text = _markdown(_load("06_side_pots"))
    assert "The top layer is a side pot between seats 2 and 3, the only two who put in 500" in text
    top = [p for p in side_pots([50, 200, 500, 500, 120], folded={0}) if not p.uncalled][-1]
    assert set(top.eligible) == {2, 3}
    assert "Seat 2 (all-in for 100) has the best low and wins the low half of the main pot" in text
    board = "Ad 5s 8h Kc 7d"
    r = showdown(["As Ks Qd Qc", "Ah 2h 9c 9d", "3c 4c Jd Js"], board, [1000, 1000, 100], button=0)
    main, side = r.pots[0], r.pots[1]
    assert set(main.low_shares) == {2} and set(side.low_shares) == {1}          # R21, R24
    assert "the side pot has **no** low half and the high scoops it" in text
    r2 = showdown(["Kd Kh 9c 9d", "Qs Qh Jc Jd", "3c 2c Jh Js"], board, [300, 300, 100], button=0)
    assert r2.pots[0].low_shares and not r2.pots[1].low_shares


def test_lessons_2_and_7_prose_agrees_with_the_engine() -> None:
    from omaha_learn import HandState, explain

    assert "**60 choices**" in _markdown(_load("02_two_card_rule"))
    assert len(explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc").choices) == 60 == comb(4, 2) * comb(5, 3)
    text = _markdown(_load("07_betting"))
    assert "bet 5, raise to 15 (a raise of 10): the next raise goes to at least 15 + 10 = 25" in text
    h = HandState([200] * 3, game="plo", blinds=(1, 2), button=0, seed=1)
    h.play("c c x")                  # to the flop
    h.bet(5)
    h.raise_to(15)
    assert h.legal_actions().min_to == 25                                        # R18
    assert "A bets 10, B calls, C all-in to 18, D all-in to 25: 8 + 7 ≥ 10, so A and B may raise again" in text
