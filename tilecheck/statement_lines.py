"""The first line of each top-level statement, read off the source text.

Placing a finding needs the line its top-level statement starts on. Counting the lines of
every statement before it in the tree (``statement_positions.line_count``) walks each of
their nodes: on a large module with a finding near its end, several percent of the check.
The text says it at once: a top-level statement's code starts at column 0, and so do only a
few other lines (its decorators, the ``else:``/``except:`` clauses of a top-level compound
statement). Lines at column 0 inside a string or brackets would be miscounted: the candidate
lines are compared with the count the tree expects, and on any difference the caller counts
from the tree as before."""

from __future__ import annotations

import re

import libcst as cst

# A line whose first character is one of these starts no statement: indented lines, blank
# lines, comments, closing brackets of a literal or call spanning lines.
_NOT_STARTS = frozenset(" \t\f\r\n#)]}")
_LEADING = (cst.SimpleStatementLine, cst.BaseCompoundStatement)


def _clause_lines(statement: cst.BaseStatement) -> int:
    """How many lines at column 0 ``statement`` has: its own first line, each decorator's,
    each clause after the first of a compound statement (``elif``, ``else``, ``except``,
    ``finally``)."""
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return 1 + len(statement.decorators)
    if isinstance(statement, cst.If):
        count = 1
        orelse = statement.orelse
        while orelse is not None:
            count += 1
            orelse = orelse.orelse if isinstance(orelse, cst.If) else None
        return count
    if isinstance(statement, (cst.Try, cst.TryStar)):
        clauses = len(statement.handlers) + (statement.finalbody is not None)
        return 1 + clauses + (statement.orelse is not None)
    if isinstance(statement, (cst.For, cst.While)):
        return 1 + (statement.orelse is not None)
    return 1  # a simple statement line, ``with``, ``match`` (its cases are indented)


def statement_starts(module: cst.Module, source: str) -> list[int] | None:
    """For each statement of ``module.body`` (parsed from ``source``), the line its text
    starts on, its leading blank and comment lines included; None where the text's lines at
    column 0 do not match the statements one for one."""
    if source.startswith("\ufeff"):
        source = source[1:]
    lines = source.split("\n")
    candidates = [n for n, line in enumerate(lines, start=1) if line and line[0] not in _NOT_STARTS]
    expected = [_clause_lines(statement) for statement in module.body]
    if len(candidates) != sum(expected):  # lines at column 0 inside strings, perhaps
        inside = _string_lines(source)
        candidates = [n for n in candidates if n not in inside]
        if len(candidates) != sum(expected):
            return None
    # Every line that starts a statement or a clause is a candidate, so equal counts mean
    # the candidates are exactly those lines.
    starts: list[int] = []
    at = 0
    for statement, clauses in zip(module.body, expected, strict=True):
        leading = statement.leading_lines if isinstance(statement, _LEADING) else ()
        starts.append(candidates[at] - len(leading))
        at += clauses
    return starts


# Comments and string literals, read left to right as the tokenizer does (a quote inside a
# comment or another string starts nothing).
_TRIPLE = r"(?:\\.|[^\\])*?"  # anything up to the closing quotes, escapes skipped
_SINGLE = r"(?:\\.|[^\\{q}\r\n])*"  # up to the closing quote on the same line
_STRINGS = re.compile(
    "|".join(
        (
            r"#[^\r\n]*",
            "'''" + _TRIPLE + "'''",
            '"""' + _TRIPLE + '"""',
            "'" + _SINGLE.format(q="'") + "'",
            '"' + _SINGLE.format(q='"') + '"',
        )
    ),
    re.S,
)


def _string_lines(source: str) -> set[int]:
    """The lines that begin inside a string literal spanning lines."""
    inside: set[int] = set()
    for match in _STRINGS.finditer(source):
        text = match.group()
        if "\n" in text and text[0] != "#":
            first = source.count("\n", 0, match.start()) + 1
            inside.update(range(first + 1, first + text.count("\n") + 1))
    return inside
