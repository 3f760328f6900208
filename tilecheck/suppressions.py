"""``# tilecheck: ignore[...]`` comments: which findings they silence, and which silence nothing.

Forms, each in a comment (anywhere in it, after other comments such as ``# noqa``)::

    # tilecheck: ignore[TC102]          findings of TC102 whose primary span starts on this line
    # tilecheck: ignore[TC102, TC105]   either code, on this line
    # tilecheck: ignore                 every finding on this line
    # tilecheck: ignore-file[TC105]     TC105 anywhere in the file
    # tilecheck: ignore-file            every finding in the file

A suppression, or one code of it, that silences nothing is reported as TC002 at the comment,
as is a malformed ``tilecheck:`` comment. TC002 itself is silenced only by naming it
(``ignore[TC002]`` on its line or ``ignore-file[TC002]``), never by a bare ``ignore``.
Comments are found with ``tokenize`` (so text in strings never counts), and only in files
whose text mentions ``tilecheck:`` at all."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from tilecheck.codes import CODE_PATTERN, UNUSED_SUPPRESSION
from tilecheck.diagnostics import Diagnostic, Span

MARKER = "tilecheck:"

_DIRECTIVE = re.compile(r"#\s*tilecheck:")
_FORM = re.compile(
    r"#\s*tilecheck:\s*(?P<kind>ignore-file|ignore)(?:\s*\[(?P<codes>[^\]]*)\]|(?=\s|$))"
)
_FORMS_HELP = "expected `ignore`, `ignore[TC...]`, `ignore-file` or `ignore-file[TC...]`"


@dataclass
class Suppression:
    """One ``tilecheck:`` comment; ``codes`` empty means every code."""

    span: Span
    codes: tuple[str, ...]
    file_level: bool
    used: set[str] = field(default_factory=set)  # the codes that silenced something ("*": bare)

    def matches(self, code: str) -> bool:
        if code == UNUSED_SUPPRESSION:
            return code in self.codes
        return not self.codes or code in self.codes

    def text(self) -> str:
        kind = "ignore-file" if self.file_level else "ignore"
        return f"tilecheck: {kind}[{', '.join(self.codes)}]" if self.codes else f"tilecheck: {kind}"


@dataclass(frozen=True)
class Malformed:
    span: Span
    text: str


def _comments(source: str) -> Iterator[tuple[int, int, str]]:
    """``(line, column, text)`` of each comment that mentions ``tilecheck:``."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT and MARKER in tok.string:
                yield tok.start[0], tok.start[1], tok.string
    except (tokenize.TokenError, SyntaxError):
        # The parser accepted what tokenize did not: fall back to a textual scan of the lines.
        for number, line in enumerate(source.splitlines(), start=1):
            hash_at = line.find("#")
            if hash_at >= 0 and MARKER in line[hash_at:]:
                yield number, hash_at, line[hash_at:]


def parse_suppressions(source: str) -> tuple[list[Suppression], list[Malformed]]:
    """The suppression comments of ``source`` and the malformed ``tilecheck:`` comments."""
    suppressions: list[Suppression] = []
    malformed: list[Malformed] = []
    if MARKER not in source:
        return suppressions, malformed
    for line, column, comment in _comments(source):
        for directive in _DIRECTIVE.finditer(comment):
            start = column + directive.start()
            form = _FORM.match(comment, directive.start())
            if form is None:
                end = column + len(comment.rstrip())
                text = comment[directive.start() :].lstrip("#").strip()
                malformed.append(Malformed(Span(line, start, line, end), text))
                continue
            span = Span(line, start, line, column + form.end())
            raw = form.group("codes")
            codes = tuple(c.strip().upper() for c in raw.replace(",", " ").split()) if raw else ()
            if raw is not None and (not codes or not all(CODE_PATTERN.fullmatch(c) for c in codes)):
                malformed.append(Malformed(span, form.group(0).lstrip("#").strip()))
                continue
            suppressions.append(Suppression(span, codes, form.group("kind") == "ignore-file"))
    return suppressions, malformed


def _silenced(diagnostic: Diagnostic, suppressions: Sequence[Suppression]) -> bool:
    hit = False
    for s in suppressions:
        if (s.file_level or s.span.line == diagnostic.span.line) and s.matches(diagnostic.code):
            s.used.add(diagnostic.code if s.codes else "*")
            hit = True
    return hit


def _unused_message(s: Suppression, known: frozenset[str]) -> str | None:
    where = "in this file" if s.file_level else "on this line"
    if not s.codes:
        return None if s.used else f"unused suppression `{s.text()}`: no finding {where}"
    unused = [c for c in s.codes if c not in s.used and c != UNUSED_SUPPRESSION]
    if not unused:
        return None
    unknown = [c for c in unused if known and c not in known]
    parts = []
    if unknown:
        parts.append(
            f"{', '.join(unknown)} {'is not a' if len(unknown) == 1 else 'are not'} "
            f"tilecheck code{'s' if len(unknown) > 1 else ''}"
        )
    idle = [c for c in unused if c not in unknown]
    if idle:
        parts.append(f"no {' or '.join(idle)} finding {where}")
    return f"unused suppression `{s.text()}`: {'; '.join(parts)}"


def apply_suppressions(
    diagnostics: Sequence[Diagnostic],
    source: str,
    path: str,
    known_codes: frozenset[str] = frozenset(),
) -> list[Diagnostic]:
    """``diagnostics`` less those the file's comments silence, plus a TC002 for each
    suppression that silenced nothing. ``known_codes`` (the catalog) names unknown codes."""
    suppressions, malformed = parse_suppressions(source)
    if not suppressions and not malformed:
        return list(diagnostics)
    kept = [
        d for d in diagnostics if d.code == UNUSED_SUPPRESSION or not _silenced(d, suppressions)
    ]
    unused: list[Diagnostic] = [
        Diagnostic(
            UNUSED_SUPPRESSION, f"malformed suppression `{m.text}`: {_FORMS_HELP}", path, m.span
        )
        for m in malformed
    ]
    for s in suppressions:
        message = _unused_message(s, known_codes)
        if message is not None:
            unused.append(Diagnostic(UNUSED_SUPPRESSION, message, path, s.span))
    kept.extend(d for d in unused if not _silenced(d, suppressions))
    return kept
