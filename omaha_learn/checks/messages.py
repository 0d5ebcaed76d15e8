"""Messages kept in no language: an ``N_``-marked English template and its values, written out in the
language of the moment.

The grader decides once and shows many times: a reason stored when a class is graded is read later on a
Russian learner's page and in an Estonian teacher's report. So what it stores is a *message*, plain JSON:

* ``{"t": template, "p": {name: value}}``: a whole-sentence template (marked with ``N_``) and its values;
* ``{"t": singular, "pl": plural, "n": name, "p": {...}}``: a counted one (``ngettext`` with ``p[name]``);
* a list of messages: the parts of one reason, joined with ``"; "``;
* a plain string: text that is never translated (what the learner wrote, a file name, a code).

A value is a string (shown as it is), a number (written as the language writes it) or a message. Only
``{name}`` fields are filled (no attribute access, no format specs), so a template that comes back from a
learner's sandbox can never reach into anything.

>>> m = msg(N_("cannot read this answer: {reason}"), reason=msg(N_("a whole numerator")))
>>> english(m)
'cannot read this answer: a whole numerator'
>>> from omaha_learn.i18n import language
>>> with language("ru"):
...     render(m)
'не удаётся прочитать этот ответ: целый числитель'
>>> english([m, "(look)"]), render({"t": "{x.__class__}", "p": {"x": "y"}})
('cannot read this answer: a whole numerator; (look)', '{x.__class__}')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from omaha_learn.errors import AnswerError
from omaha_learn.i18n import N_, format_number, get_language, gettext, language, ngettext

__all__ = ["Message", "msg", "plural_msg", "render", "english", "checked", "answer_error", "message_of", "dumps",
           "loads", "N_"]

Message = Any
"""A message as above: a dict, a list of messages, or a plain string (JSON, never code)."""

MAX_DEPTH = 6
MAX_TEXT = 4000
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def msg(template: str, **params: object) -> dict[str, Any]:
    """A message: ``template`` (already marked with ``N_``) and its values."""
    return {"t": template, "p": dict(params)}


def plural_msg(singular: str, plural: str, count: str, **params: object) -> dict[str, Any]:
    """A counted message: the form for ``params[count]`` (1 день, 2 дня, 5 дней). Mark both forms for the
    catalogue with an ``ngettext`` call that never runs (in a function of the module that uses it)."""
    return {"t": singular, "pl": plural, "n": count, "p": dict(params)}


def _value(value: object, depth: int) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return format_number(value)
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".") if not value.is_integer() else str(int(value))
        return text if get_language() == "en" else text.replace(".", ",")
    if isinstance(value, str):
        return value
    return _render(value, depth + 1)


def _render(message: Message, depth: int) -> str:
    if depth > MAX_DEPTH:
        return ""
    if isinstance(message, str):
        return message
    if isinstance(message, list):
        return "; ".join(t for t in (_render(m, depth + 1) for m in message) if t)
    if not isinstance(message, Mapping) or not isinstance(message.get("t"), str):
        return ""
    found = message.get("p")
    params: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    template: str = message["t"]
    plural, count = message.get("pl"), message.get("n")
    if isinstance(plural, str) and isinstance(count, str) and isinstance(params.get(count), (int, float)):
        n = params[count]
        template = ngettext(template, plural, int(n) if float(n).is_integer() else 2)
    else:
        template = gettext(template)

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        return _value(params[name], depth) if name in params else m.group(0)

    return _FIELD.sub(fill, template)


def render(message: Message) -> str:
    """``message`` in the language in use (a plain string as it is)."""
    return _render(message, 0)


def english(message: Message) -> str:
    """``message`` in English: what the CSV and the command line keep."""
    with language("en"):
        return _render(message, 0)


def checked(data: object, depth: int = 0) -> Message | None:
    """``data`` (from JSON a learner's sandbox printed, or a records file) when it is a message as above, small
    and made only of text, numbers and messages; None otherwise."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(data, str):
        return data[:MAX_TEXT]
    if isinstance(data, list):
        parts = [checked(x, depth + 1) for x in data[:20]]
        return None if any(p is None for p in parts) else parts
    if not isinstance(data, dict) or not isinstance(data.get("t"), str) or len(data["t"]) > MAX_TEXT:
        return None
    if set(data) - {"t", "p", "pl", "n"}:
        return None
    params = data.get("p", {})
    if not isinstance(params, dict) or len(params) > 20:
        return None
    out: dict[str, Any] = {}
    for k, v in params.items():
        if not (isinstance(k, str) and k.isidentifier()):
            return None
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            out[k] = v
        else:
            inner = checked(v, depth + 1)
            if inner is None:
                return None
            out[k] = inner
    result: dict[str, Any] = {"t": data["t"], "p": out}
    if "pl" in data or "n" in data:
        if not (isinstance(data.get("pl"), str) and isinstance(data.get("n"), str)):
            return None
        result.update(pl=data["pl"], n=data["n"])
    return result


def answer_error(template: str, **params: object) -> AnswerError:
    """An :class:`AnswerError` whose text is the English message and whose ``message`` attribute keeps it in no
    language, for the learner's page in theirs."""
    m = msg(template, **params)
    exc = AnswerError(english(m))
    exc.message = m  # type: ignore[attr-defined]
    return exc


def message_of(exc: BaseException) -> Message:
    """The message an error keeps (:func:`answer_error`), else its text as it is."""
    m = getattr(exc, "message", None)
    return m if m is not None and checked(m) is not None else str(exc)


def dumps(message: Message) -> str:
    """``message`` as the one line of JSON a record keeps ("" for none)."""
    return "" if message in (None, "", []) else json.dumps(message, ensure_ascii=False, sort_keys=True)


def loads(text: str) -> Message | None:
    """The message :func:`dumps` wrote (None for "" or anything that is not one)."""
    if not text:
        return None
    try:
        return checked(json.loads(text))
    except ValueError:
        return None
