"""Suppression comments: which findings they silence, and which silence nothing.

Forms, each in a comment (anywhere in it, after other comments)::

    # tilecheck: ignore[TC102]          findings of TC102 whose primary span starts on this line
    # tilecheck: ignore[TC102, TC105]   either code, on this line
    # tilecheck: ignore                 every finding on this line
    # tilecheck: ignore-file[TC105]     TC105 anywhere in the file
    # tilecheck: ignore-file            every finding in the file
    # noqa: TC102, E501                 ruff's syntax: as ignore[TC102] on this line

A ``# noqa`` is read only for the codes of tilecheck's rules, TC1xx and TC2xx: a bare
``# noqa`` and other tools' codes (``E501``; ``TC001``-``TC010``, which ruff gives to
flake8-type-checking) are left to those tools, so a ``# noqa`` written for a style check never
hides an ownership finding, and TC001/TC002 are silenced only by the ``tilecheck:`` form.

A suppression, or one code of it, that silences nothing is reported as TC002 at the comment,
as is a malformed ``tilecheck:`` comment. TC002 itself is silenced only by naming it
(``ignore[TC002]`` on its line or ``ignore-file[TC002]``), never by a bare ``ignore``.
Comments are found with ``tokenize`` (so text in strings never counts), and only in files
whose text mentions ``tilecheck:`` or ``noqa`` at all."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from tilecheck.codes import CODE_PATTERN, UNUSED_SUPPRESSION
from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.frozen import frozen

MARKER = "tilecheck:"

_DIRECTIVE = re.compile(r"#\s*tilecheck:")
_FORM = re.compile(
    r"#\s*tilecheck:\s*(?P<kind>ignore-file|ignore)(?:\s*\[(?P<codes>[^\]]*)\]|(?=\s|$))"
)
_FORMS_HELP = "expected `ignore`, `ignore[TC...]`, `ignore-file` or `ignore-file[TC...]`"
_NOQA_WORD = re.compile(r"noqa", re.IGNORECASE)
_NOQA = re.compile(r"#\s*(?i:noqa)\s*:\s*(?P<codes>[A-Z]+[0-9]+(?:(?:\s*,\s*|\s+)[A-Z]+[0-9]+)*)")
_NOQA_OURS = re.compile(r"TC[12]\d\d")  # the rules' codes; TC0xx are left to other tools


@dataclass
class Suppression:
    """One ``tilecheck:`` comment, or the tilecheck codes of a ``# noqa:``; ``codes`` empty
    means every code."""

    span: Span
    codes: tuple[str, ...]
    file_level: bool
    used: set[str] = field(default_factory=set)  # the codes that silenced something ("*": bare)
    noqa: tuple[str, ...] | None = None  # a noqa's codes as written, other tools' too

    def matches(self, code: str) -> bool:
        if code == UNUSED_SUPPRESSION:
            return code in self.codes
        return not self.codes or code in self.codes

    def text(self) -> str:
        if self.noqa is not None:
            return f"noqa: {', '.join(self.noqa)}"
        kind = "ignore-file" if self.file_level else "ignore"
        return f"tilecheck: {kind}[{', '.join(self.codes)}]" if self.codes else f"tilecheck: {kind}"


@frozen
class Malformed:
    span: Span
    text: str


def _mentioned(text: str) -> bool:
    return MARKER in text or _NOQA_WORD.search(text) is not None


def _comments(source: str) -> Iterator[tuple[int, int, str]]:
    """``(line, column, text)`` of each comment that mentions ``tilecheck:`` or ``noqa``."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT and _mentioned(tok.string):
                yield tok.start[0], tok.start[1], tok.string
    except (tokenize.TokenError, SyntaxError):
        # The parser accepted what tokenize did not: fall back to a textual scan of the lines.
        for number, line in enumerate(source.splitlines(), start=1):
            hash_at = line.find("#")
            if hash_at >= 0 and _mentioned(line[hash_at:]):
                yield number, hash_at, line[hash_at:]


def _noqa(line: int, column: int, comment: str) -> Iterator[Suppression]:
    """The ``# noqa:`` directives of one comment that name a tilecheck rule."""
    for directive in _NOQA.finditer(comment):
        written = tuple(re.split(r"[\s,]+", directive.group("codes").strip()))
        ours = tuple(c for c in written if _NOQA_OURS.fullmatch(c))
        if ours:
            span = Span(line, column + directive.start(), line, column + directive.end())
            yield Suppression(span, ours, file_level=False, noqa=written)


def parse_suppressions(source: str) -> tuple[list[Suppression], list[Malformed]]:
    """The suppression comments of ``source`` and the malformed ``tilecheck:`` comments."""
    suppressions: list[Suppression] = []
    malformed: list[Malformed] = []
    if not _mentioned(source):
        return suppressions, malformed
    for line, column, comment in _comments(source):
        suppressions.extend(_noqa(line, column, comment))
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
    suppressions.sort(key=lambda s: (s.span.line, s.span.column))
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
