"""rustc-style findings: a header, the source lines with ``^^^`` under the primary span and
``---`` under each labelled secondary span, then notes and the rule's summary as help::

    error[TC102]: `y` is used while an op writes it
      --> app.py:9:5
       |
     7 |     pending = scale(y.partition((4,)), 2.0).submit()
       |               ------------------------------------- borrowed here by submit
     8 |     ...
     9 |     print(y.to_numpy())
       |           ^^^^^^^^^^
       |
       = note: ...
       = help: any use of a tensor that an unreleased op writes
"""

from __future__ import annotations

from collections.abc import Sequence

from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.formats.sources import SourceProvider
from tilecheck.formats.style import PLAIN, Style
from tilecheck.frozen import frozen

TAB = 4


@frozen
class _Mark:
    span: Span
    char: str  # "^" primary, "-" secondary
    label: str


def _underline(text: str, mark: _Mark, style: Style) -> str:
    """Spaces to the span's start, then its marker characters (tabs expanded as displayed)."""
    span = mark.span
    end = span.end_column if span.end_line == span.line else len(text)
    start_at = len(text[: span.column].expandtabs(TAB))
    end_at = len(text[: max(end, span.column)].expandtabs(TAB))
    marker = f"{mark.char * max(1, end_at - start_at)} {mark.label}".rstrip()
    paint = style.error if mark.char == "^" else style.secondary
    return f"{' ' * start_at}{paint(marker)}"


def _snippet(
    marks: Sequence[_Mark], text: str, pad: str, style: Style
) -> tuple[list[str], set[int]]:
    """The lines holding ``marks``, each followed by its markers (``...`` for skipped lines),
    and the line numbers shown (a span past the file's end is not)."""
    lines = text.splitlines()
    out: list[str] = []
    shown: set[int] = set()
    for number in sorted({m.span.line for m in marks}):
        if not 1 <= number <= len(lines):
            continue
        if shown and number - max(shown) > 1:
            out.append(style.secondary("..."))
        source = lines[number - 1]
        gutter = style.secondary(f"{number:>{len(pad)}} |")
        out.append(f"{gutter} {source.expandtabs(TAB)}".rstrip())
        on_line = sorted((m for m in marks if m.span.line == number), key=lambda m: m.char != "^")
        bar = style.secondary(f"{pad} |")
        out.extend(f"{bar} {_underline(source, m, style)}".rstrip() for m in on_line)
        shown.add(number)
    return out, shown


def _place(path: str, span: Span) -> str:
    return f"{path}:{span.line}:{span.column + 1}"


def diagnostic(d: Diagnostic, sources: SourceProvider, style: Style = PLAIN) -> str:
    from tilecheck.catalog import catalog

    # A label on the primary span itself is written on the ``^^^`` line, as rustc does.
    on_primary = [x for x in d.labels if (x.path or d.path) == d.path and x.span == d.span]
    primary = _Mark(d.span, "^", "; ".join(x.message for x in on_primary))
    by_file: dict[str, list[_Mark]] = {d.path: [primary]}
    for label in d.labels:
        if label not in on_primary:
            mark = _Mark(label.span, "-", label.message)
            by_file.setdefault(label.path or d.path, []).append(mark)
    widest = max(m.span.line for marks in by_file.values() for m in marks)
    pad = " " * len(str(widest))
    bar = style.secondary(f"{pad} |")
    out = [
        f"{style.error(f'error[{d.code}]')}{style.bold(f': {d.message}')}",
        f"{pad}{style.secondary('-->')} {_place(d.path, d.span)}",
    ]
    unquoted: list[str] = []
    for index, (path, marks) in enumerate(by_file.items()):
        text = sources(path)
        snippet, shown = _snippet(marks, text, pad, style) if text is not None else ([], set())
        if index > 0 and snippet:
            out.append(f"{pad}{style.secondary(':::')} {_place(path, marks[0].span)}")
        if snippet:
            out.append(bar)
            out.extend(snippet)
        unquoted.extend(
            f"{m.label} at {_place(path, m.span)}"
            for m in marks
            if m.label and m.span.line not in shown
        )
    rule = catalog().get(d.code)
    note, equals = style.bold("note"), style.secondary(f"{pad} =")
    footer = [f"{note}: {u}" for u in unquoted] + [f"{note}: {n}" for n in d.notes]
    if rule is not None:
        footer.append(f"{style.bold('help')}: {rule.summary}")
    if footer:
        out.append(bar)
        out.extend(f"{equals} {line}" for line in footer)
    return "\n".join(out) + "\n"


def render(diagnostics: Sequence[Diagnostic], sources: SourceProvider, style: Style = PLAIN) -> str:
    return "\n".join(diagnostic(d, sources, style) for d in diagnostics)
