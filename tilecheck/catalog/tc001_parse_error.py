"""TC001 (parse-error) in the catalog: what ``tilecheck explain TC001`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Case, Rule, valid
from tilecheck.codes import PARSE_ERROR

RULE = Rule(
    code=PARSE_ERROR,
    slug="parse-error",
    summary="a file that does not parse",
    explanation="""\
tilecheck reads every file that mentions tilert (or a configured kernel decorator), or
imports a module of the checked tree that imports tilert (the project's own wrapper package,
directly or through another of its modules), with a full Python parser. A file that is not
valid Python, or cannot be decoded with its declared encoding, cannot be checked at all, so it
is reported rather than skipped: a silent skip would look exactly like a clean file. The
finding points where the parser gave up, with CPython's own message where it has one.

This is a finding, never a crash: the other files are checked as usual, and the exit code is 1
(findings), not 2 (a tilecheck error).

Fix the syntax error (the message names it), or exclude the file in `[tool.tilecheck]`
(`exclude = ["generated/"]`) if it is not meant to be Python.""",
    scope="file",
    valid=(
        valid(
            """\
import tilert as tr

x = tr.zeros((4,))
""",
            "a file that parses",
        ),
        valid(
            """\
import tilert


def total(values: list[int]) -> int:
    return sum(values)
""",
            "plain Python beside a tilert import",
        ),
        valid(
            """\
import tilert
""",
            "a file with nothing else in it",
        ),
    ),
    invalid=(
        Case(
            """\
import tilert as tr
x = tr.zeros((4,)
""",
            ((PARSE_ERROR, 2),),
            "an unclosed '('",
        ),
        Case(
            """\
import tilert as tr

def f(:
    pass
""",
            ((PARSE_ERROR, 3),),
            "a malformed parameter list",
        ),
        Case(
            """\
import tilert as tr
if True:
x = 1
""",
            ((PARSE_ERROR, 3),),
            "a missing indented block",
        ),
    ),
)
