"""The Russian and Estonian lessons and exercises (``notebooks/<lang>/``, ``exercises/<lang>/``).

They are built from the English notebooks by ``scripts/translate_notebooks.py`` (translations in
``notebooks/i18n/`` and ``exercises/i18n/``), so these tests check that they stay in step with the
English ones: same code (only the strings a learner reads differ), every text translated, links to the
rules in the same language with the same R-numbers, stored executed, and the exercises graded by the
same checkers through the real grader (that test needs the sandbox: it runs with ``--full``).
nbval re-runs the translated notebooks like the English ones (``tests/conftest.py`` FULL_DIRS).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ru", "et")
RULE_RE = re.compile(r"\bR(\d{1,2})\b")
LINK_RE = re.compile(r"\]\(([^)\s]+)\)")


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module          # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


TRANSLATE = _script("translate_notebooks")


def _translated() -> list[tuple[Path, Path, str]]:
    """(English notebook, translated notebook, language) for every translation file."""
    out = []
    for kind, stem, lang, _ in TRANSLATE.translation_files():
        out.append((ROOT / kind.source_dir / f"{stem}.ipynb", ROOT / kind.out_dir.format(lang=lang) / f"{stem}.ipynb",
                    lang))
    return out


PAIRS = _translated()
IDS = [f"{t.parent.relative_to(ROOT)}/{t.name}" for _, t, _ in PAIRS]


def _markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def _expand(text: str) -> set[int]:
    out = {int(n) for n in RULE_RE.findall(text)}
    for a, b in re.findall(r"\bR(\d{1,2})\s*[-–]\s*R?(\d{1,2})\b", text):
        out |= set(range(int(a), int(b) + 1))
    return out


def test_every_lesson_0_to_9_and_exercise_1_to_6_has_both_translations() -> None:
    have = {(src.name, lang) for src, _, lang in PAIRS}
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("0*.ipynb"))
    exercises = sorted(p.name for p in (ROOT / "exercises" / "solutions").glob("0[1-6]_*.ipynb"))
    assert len(lessons) == 10 and len(exercises) == 6
    missing = [(n, lang) for n in lessons + exercises for lang in LANGS if (n, lang) not in have]
    assert not missing, f"no translation for {missing}"


def test_translations_are_in_step_with_the_english_notebooks(capsys: pytest.CaptureFixture[str]) -> None:
    """The script's --check: no stale or missing block, no replacement that no longer matches, stored = built."""
    status = TRANSLATE.main(["--check"])
    assert status == 0, capsys.readouterr().err


def test_check_refuses_a_changed_english_cell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation made from an older English text is reported, naming the cell."""
    path = ROOT / "notebooks" / "i18n" / "01_dealing_and_reading.ru.md"
    text = path.read_text(encoding="utf-8")
    stale = re.sub(r"(<!-- markdown 01-03 en:)[0-9a-f]{12}", r"\g<1>000000000000", text)
    assert stale != text
    copy = tmp_path / "01_dealing_and_reading.ru.md"
    copy.write_text(stale, encoding="utf-8")
    _, problems = TRANSLATE.build(TRANSLATE.LESSONS, "01_dealing_and_reading", "ru", copy)
    assert any("'01-03' changed in English" in p for p in problems), problems
    # and a code replacement whose English string is gone
    copy.write_text(text.replace('["# four passes ...",', '["# five passes ...",'), encoding="utf-8")
    _, problems = TRANSLATE.build(TRANSLATE.LESSONS, "01_dealing_and_reading", "ru", copy)
    assert any("'# five passes ...' is not in the English code" in p for p in problems), problems
    # and a markdown cell left out
    copy.write_text(re.sub(r"<!-- markdown 01-07 [^\n]*\n[^<]*", "", text), encoding="utf-8")
    _, problems = TRANSLATE.build(TRANSLATE.LESSONS, "01_dealing_and_reading", "ru", copy)
    assert any("'01-07'" in p and "no translation" in p for p in problems), problems


@pytest.mark.parametrize(("src", "dst", "lang"), PAIRS, ids=IDS)
def test_same_code_and_every_text_translated(src: Path, dst: Path, lang: str) -> None:
    english = nbformat.read(src, as_version=4)
    nb = nbformat.read(dst, as_version=4)
    assert nb.metadata["omaha_learn"]["language"] == lang
    first = next(c for c in nb.cells if c.cell_type == "code")
    assert f'omaha_learn.set_language("{lang}")' in first.source
    code = [c for c in nb.cells if c.cell_type == "code" and c is not first]
    assert [c.id for c in code] == [c.id for c in english.cells if c.cell_type == "code"]
    en_md = {c.id: c.source for c in english.cells if c.cell_type == "markdown"}
    md = {c.id: c.source for c in nb.cells if c.cell_type == "markdown"}
    assert md.keys() == en_md.keys()
    for cid, text in md.items():
        assert text != en_md[cid], f"{dst.name}: markdown cell {cid} is the English text"
    # the same rules cited, the R-numbers being the same in every language
    assert _expand(_markdown(nb)) == _expand(_markdown(english))
    if lang == "ru":
        assert re.search(r"[а-яё]{4}", _markdown(nb))
    else:
        assert re.search(r"[õäöü]", _markdown(nb))


@pytest.mark.parametrize(("src", "dst", "lang"), PAIRS, ids=IDS)
def test_links_resolve_and_rules_go_to_the_same_language(src: Path, dst: Path, lang: str) -> None:
    nb = nbformat.read(dst, as_version=4)
    for target in LINK_RE.findall(_markdown(nb)):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path, _, anchor = target.partition("#")
        resolved = (dst.parent / path).resolve()
        assert resolved.exists(), f"{dst.relative_to(ROOT)} links {target}, which does not exist"
        assert resolved.name != "rules.md", f"{dst.relative_to(ROOT)} links the English rules: {target}"
        if resolved.name.startswith("rules."):
            assert resolved.name == f"rules.{lang}.md"
            if anchor:
                assert f'<a id="{anchor}"></a>' in resolved.read_text(encoding="utf-8"), target


@pytest.mark.parametrize(("src", "dst", "lang"), PAIRS, ids=IDS)
def test_stored_executed_without_errors(src: Path, dst: Path, lang: str) -> None:
    nb = nbformat.read(dst, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if "answer" in cell.metadata.get("tags", []) and not cell.outputs and cell.execution_count is None:
            pytest.fail(f"{dst.name}: answer cell {cell.id} was never run")
        assert cell.execution_count is not None, f"{dst.name}: cell {cell.id} was never run"
        assert not [o for o in cell.outputs if o.output_type == "error"], f"{dst.name}: cell {cell.id} raised"


def test_start_pages_link_each_other_and_say_the_strategy_lessons_are_in_english() -> None:
    english = _markdown(nbformat.read(ROOT / "notebooks" / "00_start.ipynb", as_version=4))
    for lang in LANGS:
        assert f"({lang}/00_start.ipynb)" in english
        page = _markdown(nbformat.read(ROOT / "notebooks" / lang / "00_start.ipynb", as_version=4))
        assert "(../00_start.ipynb)" in page                                  # back to English
        for stem in ("01_dealing_and_reading", "05_hilo_showdowns", "09_table_procedure"):
            assert f"]({stem}.ipynb)" in page                                 # the translated lessons
        assert "](../11_nut_low_and_counterfeiting.ipynb)" in page            # the English strategy lessons
        assert "10–18" in page
        assert {"ru": "только на английском", "et": "ainult inglise keeles"}[lang] in page
        assert f"(../../exercises/{lang}/01_reading_hands.ipynb)" in page


def test_translated_learner_copies_are_up_to_date() -> None:
    assert _script("make_learner_copies").main(["--check"]) == 0
    for lang in LANGS:
        keys = sorted(p.name for p in (ROOT / "exercises" / lang / "solutions").glob("*.ipynb"))
        copies = sorted(p.name for p in (ROOT / "exercises" / lang).glob("*.ipynb"))
        assert keys and keys == copies


@pytest.mark.parametrize("lang", LANGS)
def test_translated_exercises_keep_the_english_exercise_and_checkers(lang: str) -> None:
    """The grader finds a key by the exercise its metadata names: a translation names the same one and
    imports the same checker, so it is graded against the English key by the same checks."""
    for key in sorted((ROOT / "exercises" / lang / "solutions").glob("*.ipynb")):
        nb = nbformat.read(key, as_version=4)
        english = nbformat.read(ROOT / "exercises" / "solutions" / key.name, as_version=4)
        assert nb.metadata["omaha_learn"]["exercise"] == english.metadata["omaha_learn"]["exercise"]
        checkers = [(c.id, c.source) for c in nb.cells if "checker" in c.metadata.get("tags", [])]
        assert checkers == [(c.id, c.source) for c in english.cells if "checker" in c.metadata.get("tags", [])]


def test_translated_keys_score_full_marks_and_copies_zero_through_the_grader(tmp_path: Path) -> None:
    """The real grader (sandbox), English keys: the Russian and Estonian keys, answers written in those
    languages, get every point; the learner copies get none."""
    from omaha_learn.checks import EXERCISES, exercise
    from omaha_learn.grading import grader
    from omaha_learn.grading.sandbox import _bwrap_works

    subs, students = [], []
    for lang in LANGS:
        for key in sorted((ROOT / "exercises" / lang / "solutions").glob("*.ipynb")):
            for who, src in ((f"{lang}-key", key), (f"{lang}-copy", ROOT / "exercises" / lang / key.name)):
                folder = tmp_path / who
                folder.mkdir(exist_ok=True)
                shutil.copy(src, folder / key.name)
                subs.append(folder / key.name)
                students.append(who)
    records = grader.grade(subs, ROOT / "exercises" / "solutions", jobs=2, students=students,
                           sandbox="bwrap" if _bwrap_works() else "none")
    by: dict[tuple[str, str], dict[str, tuple[float, str]]] = {}
    for r in records:
        by.setdefault((r.student, r.exercise), {})[r.question] = (r.points, r.status)
    for lang in LANGS:
        for key in sorted((ROOT / "exercises" / lang / "solutions").glob("*.ipynb")):
            ex = exercise(next(m for m, f in EXERCISES.items() if f == key.name))
            full = {q.qid: (q.points, "graded") for q in ex.questions.values()}
            assert by[(f"{lang}-key", key.stem)] == full, (lang, key.name)
            zero = by[(f"{lang}-copy", key.stem)]
            assert zero.keys() == full.keys() and {p for p, _ in zero.values()} == {0}, (lang, key.name, zero)


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_command_opens_the_start_page_in_that_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    from omaha_learn.cli import main

    assert main(["lessons", "--dry-run", "--no-browser", "--port", "8899", "--language", lang]) == 0
    url = capsys.readouterr().out.strip().splitlines()[-1]
    assert url == f"http://127.0.0.1:8899/doc/tree/notebooks/{lang}/00_start.ipynb?token=TOKEN"


def test_learners_folder_serves_the_translated_lessons_and_copies_but_no_keys(tmp_path: Path) -> None:
    from omaha_learn.cli import learner_root, project_root, start_page

    root = project_root()
    assert root is not None
    base = learner_root(root, tmp_path)
    for lang in LANGS:
        assert (base / start_page(lang)).is_file()
        served = sorted(p.name for p in (base / "exercises" / lang).iterdir())
        assert served == sorted(p.name for p in (ROOT / "exercises" / lang).glob("*.ipynb"))
    assert not list(base.rglob("solutions"))


def test_jupyterlab_gets_its_language_pack_or_a_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from omaha_learn import cli

    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(tmp_path))
    assert cli.jupyterlab_settings("en") == ({}, None)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    env, note = cli.jupyterlab_settings("et")
    assert env == {} and note is not None and 'omaha_learn[et]' in note
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: object() if name == "jupyterlab_language_pack_ru_RU"
                        else None)
    env, note = cli.jupyterlab_settings("ru")
    assert note is None
    plugin = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    assert plugin.read_text(encoding="utf-8").strip() == '{"locale": "ru_RU"}'


def test_language_pack_extras_are_declared() -> None:
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(r.startswith("jupyterlab-language-pack-ru-RU") for r in extras["ru"])
    assert any(r.startswith("jupyterlab-language-pack-et-EE") for r in extras["et"])
