"""Build the Russian and Estonian lessons and exercise keys from the English ones, and keep them in step.

One translation file per notebook and language, beside the English sources:

* lessons: ``notebooks/i18n/<stem>.<lang>.md`` -> ``notebooks/<lang>/<stem>.ipynb``
  (from ``notebooks/<stem>.ipynb``);
* exercises: ``exercises/i18n/<stem>.<lang>.md`` -> ``exercises/<lang>/solutions/<stem>.ipynb``
  (from the key ``exercises/solutions/<stem>.ipynb``; the learner copies ``exercises/<lang>/<stem>.ipynb``
  come from ``scripts/make_learner_copies.py`` as for English).

A translation file is a list of blocks, each opened by a marker line naming a cell of the English
notebook by its id (nbformat 4.5 cell ids) and a digest of the English text it was translated from::

    <!-- markdown 01-03 en:5d41402abc4b -->
    ...the cell's markdown, translated...

    <!-- code 01-02 en:7d793037a076 -->
    ["after pass", "после круга"]

A markdown block is the whole translated cell. A code block lists replacements, one JSON pair a line,
each applied to the English code (each must occur in it): the code itself never diverges, only the
strings a learner reads. Every markdown cell needs a block; code cells without one are copied as
they are. The translated notebook is the English one with these substitutions, the links re-pointed
(``docs/rules.md`` -> ``docs/rules.<lang>.md`` with the same ``#rN`` anchors; a lesson or exercise that
has a translation -> its translation; anything else -> the English file; a link written ``(=path)`` is
kept as ``(path)``, relative to the translated notebook), metadata
``omaha_learn.language``, and a first code cell ``omaha_learn.set_language("<lang>")`` so that what the
engine and widgets print comes out in the same language.

A block whose digest is missing gets it when the notebooks are built (``en:`` is then written into the
translation file); ``--check`` refuses a missing or stale digest (the English cell changed since it was
translated), a block for a cell id the English notebook no longer has, a markdown cell with no block, a
replacement that no longer matches, and a stored translated notebook whose cells differ from a fresh
build (outputs aside: ``scripts/execute_notebooks.py`` stores them).

Usage::

    python scripts/translate_notebooks.py            # (re)build every translated notebook that is out of step
    python scripts/translate_notebooks.py --check    # exit 1 if any is out of step
    python scripts/translate_notebooks.py --force    # rebuild all (outputs are dropped: execute them again)

Built notebooks are printed one a line; execute them with ``scripts/execute_notebooks.py``. A notebook
whose code did not change (only its text, or a link) keeps its stored outputs and is marked
``(text only: outputs kept)``: it needs no new execution.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("ru", "et")
LANG_CELL_ID = "set-language"
MARKER_RE = re.compile(r"^<!-- (markdown|code) ([A-Za-z0-9_-]+)(?: en:([0-9a-f]{12}))? -->[ \t]*$", re.M)
LINK_RE = re.compile(r"\]\(([^)\s]+)\)")


class TranslationError(ValueError):
    """A translation file that cannot be applied to its English notebook."""


@dataclass(frozen=True)
class Kind:
    """One family of translated notebooks: where the English sources, the translations and the outputs live."""

    source_dir: str     # relative to ROOT
    i18n_dir: str
    out_dir: str        # with {lang}


LESSONS = Kind("notebooks", "notebooks/i18n", "notebooks/{lang}")
EXERCISES = Kind("exercises/solutions", "exercises/i18n", "exercises/{lang}/solutions")
KINDS = (LESSONS, EXERCISES)


@dataclass
class Block:
    kind: str
    cell_id: str
    digest: str | None
    body: str
    pairs: list[tuple[str, str]] = field(default_factory=list)


def digest(text: str) -> str:
    """The short digest of an English cell's source that a translation block records."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def parse(path: Path) -> list[Block]:
    """The blocks of one translation file."""
    text = path.read_text(encoding="utf-8")
    marks = list(MARKER_RE.finditer(text))
    if not marks or text[:marks[0].start()].strip():
        raise TranslationError(f"{path}: must start with a <!-- markdown|code <cell id> --> marker line")
    blocks: list[Block] = []
    seen: set[str] = set()
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        body = text[m.end():end].strip("\n")
        kind, cell_id = m.group(1), m.group(2)
        if cell_id in seen:
            raise TranslationError(f"{path}: two blocks for cell {cell_id!r}")
        seen.add(cell_id)
        block = Block(kind, cell_id, m.group(3), body.rstrip())
        if kind == "code":
            for n, line in enumerate(body.splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    pair = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise TranslationError(f"{path}: code block {cell_id!r}, line {n}: not a JSON pair: {line!r}") from exc
                if (not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(s, str) for s in pair)
                        or not pair[0]):
                    raise TranslationError(f"{path}: code block {cell_id!r}, line {n}: want [\"english\", \"translation\"]")
                block.pairs.append((pair[0], pair[1]))
        elif not block.body.strip():
            raise TranslationError(f"{path}: markdown block {cell_id!r} is empty")
        blocks.append(block)
    return blocks


def render_file(blocks: list[Block]) -> str:
    """A translation file's text (used to write the digests back)."""
    parts = []
    for b in blocks:
        stamp = f" en:{b.digest}" if b.digest else ""
        parts.append(f"<!-- {b.kind} {b.cell_id}{stamp} -->\n{b.body}\n")
    return "\n".join(parts)


def translation_files(lang: str | None = None) -> list[tuple[Kind, str, str, Path]]:
    """(kind, stem, language, translation file) for every translation file in the repository."""
    out = []
    for kind in KINDS:
        for path in sorted((ROOT / kind.i18n_dir).glob("*.md")):
            stem, _, code = path.stem.rpartition(".")
            if code not in LANGUAGES or not stem:
                raise TranslationError(f"{path}: name it <stem>.<{'|'.join(LANGUAGES)}>.md")
            if lang is None or code == lang:
                out.append((kind, stem, code, path))
    return out


def _link_map(lang: str) -> dict[Path, Path]:
    """English file -> its translation in ``lang``, for the notebooks that have one (keys and learner copies)."""
    mapping: dict[Path, Path] = {}
    for kind, stem, code, _ in translation_files(lang):
        src = ROOT / kind.source_dir / f"{stem}.ipynb"
        dst = ROOT / kind.out_dir.format(lang=code) / f"{stem}.ipynb"
        mapping[src] = dst
        if kind is EXERCISES:
            mapping[ROOT / "exercises" / f"{stem}.ipynb"] = dst.parent.parent / f"{stem}.ipynb"
    mapping[ROOT / "docs" / "rules.md"] = ROOT / "docs" / f"rules.{lang}.md"
    mapping[ROOT / "exercises"] = ROOT / "exercises" / lang
    return mapping


def relink(markdown: str, src_dir: Path, out_dir: Path, mapping: dict[Path, Path]) -> str:
    """Re-point the relative links of a cell moved from ``src_dir`` to ``out_dir``."""
    def fix(m: re.Match[str]) -> str:
        target = m.group(1)
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            return m.group(0)
        if target.startswith("="):          # written for the translated notebook's folder: kept as it is
            return f"]({target[1:]})"
        path, hash_, anchor = target.partition("#")
        absolute = Path(os.path.normpath(src_dir / path))
        absolute = mapping.get(absolute, absolute)
        rel = os.path.relpath(absolute, out_dir).replace(os.sep, "/")
        if path.endswith("/") and not rel.endswith("/"):
            rel += "/"
        return f"]({rel}{hash_}{anchor})"
    return LINK_RE.sub(fix, markdown)


def language_cell(lang: str) -> nbformat.NotebookNode:
    """The first code cell of a translated notebook: the engine's messages in its language."""
    return nbformat.v4.new_code_cell(f'import omaha_learn\n\nomaha_learn.set_language("{lang}")',
                                     id=LANG_CELL_ID, metadata={"tags": ["language"]})


def build(kind: Kind, stem: str, lang: str, path: Path, *, stamp: bool = False) -> tuple[nbformat.NotebookNode, list[str]]:
    """The translated notebook (code cells unexecuted) and the problems found on the way.

    With ``stamp``, blocks without a digest get the English cell's (the caller writes the file back)."""
    src = ROOT / kind.source_dir / f"{stem}.ipynb"
    if not src.is_file():
        return nbformat.v4.new_notebook(), [f"{path}: no English notebook {src.relative_to(ROOT)}"]
    english = nbformat.read(src, as_version=4)
    blocks = {b.cell_id: b for b in parse(path)}
    out_dir = ROOT / kind.out_dir.format(lang=lang)
    mapping = _link_map(lang)
    problems: list[str] = []
    nb = copy.deepcopy(english)
    ids = {c.get("id") for c in nb.cells}
    for cid in blocks:
        if cid not in ids:
            problems.append(f"{path}: block for cell {cid!r}, which {src.name} no longer has")
    cells: list[nbformat.NotebookNode] = []
    for cell in nb.cells:
        cid = cell.get("id")
        block = blocks.get(cid)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        if block is None:
            if cell.cell_type == "markdown":
                problems.append(f"{path}: markdown cell {cid!r} of {src.name} has no translation")
            elif cell.cell_type == "code" and not cells_have_language_cell(cells):
                cells.append(language_cell(lang))
            cells.append(cell)
            continue
        if block.kind != cell.cell_type:
            problems.append(f"{path}: block {cid!r} is {block.kind}, the cell is {cell.cell_type}")
        english_digest = digest(cell.source)
        if block.digest is None and stamp:
            block.digest = english_digest
        if block.digest is None:
            problems.append(f"{path}: block {cid!r} has no en: digest (build once to stamp it)")
        elif block.digest != english_digest:
            problems.append(f"{path}: cell {cid!r} changed in English since it was translated (en:{block.digest}, "
                            f"now en:{english_digest})")
        if cell.cell_type == "markdown":
            cell.source = relink(block.body, src.parent, out_dir, mapping)
        else:
            if not cells_have_language_cell(cells):
                cells.append(language_cell(lang))
            source = cell.source
            for old, new in block.pairs:
                if old not in source:
                    problems.append(f"{path}: code cell {cid!r}: {old!r} is not in the English code")
                source = source.replace(old, new)
            cell.source = source
        cells.append(cell)
    if not cells_have_language_cell(cells):
        cells.append(language_cell(lang))
    nb.cells = cells
    nb.metadata.setdefault("omaha_learn", {})
    nb.metadata["omaha_learn"]["language"] = lang
    nb.metadata["omaha_learn"]["translated_from"] = os.path.relpath(src, out_dir).replace(os.sep, "/")
    nb.metadata.pop("widgets", None)
    return nb, problems


def keep_outputs(nb: nbformat.NotebookNode, stored: nbformat.NotebookNode) -> bool:
    """Give ``nb`` the stored outputs of its code cells that did not change; whether every code cell kept its own
    (then the notebook needs no new execution: only its text changed)."""
    before = {c.get("id"): c for c in stored.cells if c.cell_type == "code"}
    every = True
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        old = before.get(cell.get("id"))
        if old is not None and old.source == cell.source and (old.outputs or old.execution_count is not None):
            cell.outputs, cell.execution_count = old.outputs, old.execution_count
        else:
            every = False
    if every and "widgets" in stored.metadata:
        nb.metadata["widgets"] = stored.metadata["widgets"]
    return every


def cells_have_language_cell(cells: list[nbformat.NotebookNode]) -> bool:
    return any(c.get("id") == LANG_CELL_ID for c in cells)


def _shape(nb: nbformat.NotebookNode) -> object:
    """What must agree between a fresh build and the stored notebook: everything but outputs."""
    meta = {k: v for k, v in nb.metadata.items() if k not in ("widgets", "language_info")}
    return (meta, [(c.cell_type, c.get("id"), c.source, dict(c.metadata)) for c in nb.cells])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a translation is out of step")
    parser.add_argument("--force", action="store_true", help="rebuild every translated notebook")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help="only this language")
    args = parser.parse_args(argv)
    problems: list[str] = []
    wanted: set[Path] = set()
    for kind, stem, lang, path in translation_files(args.lang):
        try:
            nb, found = build(kind, stem, lang, path, stamp=not args.check)
        except TranslationError as exc:
            problems.append(str(exc))
            continue
        out = ROOT / kind.out_dir.format(lang=lang) / f"{stem}.ipynb"
        wanted.add(out)
        if found:
            problems.extend(found)
            continue
        if not args.check:
            blocks = parse(path)
            fresh = {b.cell_id: b for b in build_stamped(kind, stem, lang, path, blocks)}
            text = render_file([fresh[b.cell_id] for b in blocks])
            if text != path.read_text(encoding="utf-8"):
                path.write_text(text, encoding="utf-8")
        stored = nbformat.read(out, as_version=4) if out.is_file() else None
        if stored is not None and _shape(stored) == _shape(nb) and not args.force:
            continue
        if args.check:
            problems.append(f"{out.relative_to(ROOT)} is out of step with {path.relative_to(ROOT)}: "
                            "run scripts/translate_notebooks.py, then scripts/execute_notebooks.py on it")
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        same_code = stored is not None and not args.force and keep_outputs(nb, stored)
        nbformat.validate(nb)
        nbformat.write(nb, out)
        print(f"{out.relative_to(ROOT)}{'  (text only: outputs kept)' if same_code else ''}")
    for kind in KINDS:
        for lang in ([args.lang] if args.lang else LANGUAGES):
            for stored_path in sorted((ROOT / kind.out_dir.format(lang=lang)).glob("*.ipynb")):
                if stored_path not in wanted:
                    problems.append(f"{stored_path.relative_to(ROOT)} has no translation file in {kind.i18n_dir}")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


def build_stamped(kind: Kind, stem: str, lang: str, path: Path, blocks: list[Block]) -> list[Block]:
    """``blocks`` with every missing digest filled from the English notebook."""
    english = nbformat.read(ROOT / kind.source_dir / f"{stem}.ipynb", as_version=4)
    sources = {c.get("id"): c.source for c in english.cells}
    for b in blocks:
        if b.digest is None and b.cell_id in sources:
            b.digest = digest(sources[b.cell_id])
    return blocks


if __name__ == "__main__":
    sys.exit(main())
