"""TC0xx: findings about a file as a whole, reported by the engine (``tilecheck.engine`` for
TC001, ``tilecheck.suppressions`` for TC002) rather than by a rule pass."""

from __future__ import annotations

from tilecheck.rules.base import Case, Rule

TC001 = Rule(
    code="TC001",
    slug="parse-error",
    summary="a file that does not parse",
    explanation="""\
tilecheck reads every file that mentions tilert (or a configured kernel decorator) with a
full Python parser. A file that is not valid Python, or cannot be decoded with its declared
encoding, cannot be checked at all, so it is reported rather than skipped: a silent skip would
look exactly like a clean file. The finding points where the parser gave up, with CPython's own
message where it has one.

This is a finding, never a crash: the other files are checked as usual, and the exit code is 1
(findings), not 2 (a tilecheck error).

Fix the syntax error (the message names it), or exclude the file in `[tool.tilecheck]`
(`exclude = ["generated/"]`) if it is not meant to be Python.""",
    scope="file",
    valid=(
        Case("import tilert as tr\n\nx = tr.zeros((4,))\n", (), "a file that parses"),
        Case(
            "import tilert\n\n\ndef total(values: list[int]) -> int:\n    return sum(values)\n",
            (),
            "plain Python beside a tilert import",
        ),
        Case("import tilert\n", (), "a file with nothing else in it"),
    ),
    invalid=(
        Case("import tilert as tr\nx = tr.zeros((4,)\n", (("TC001", 2),), "an unclosed '('"),
        Case(
            "import tilert as tr\n\ndef f(:\n    pass\n",
            (("TC001", 3),),
            "a malformed parameter list",
        ),
        Case(
            "import tilert as tr\nif True:\nx = 1\n",
            (("TC001", 3),),
            "a missing indented block",
        ),
    ),
)

TC002 = Rule(
    code="TC002",
    slug="unused-suppression",
    summary="a `# tilecheck: ignore[...]` comment that suppresses nothing",
    explanation="""\
`# tilecheck: ignore[TC102]` on a line silences that finding on that line;
`# tilecheck: ignore-file[TC105]` anywhere silences it in the whole file. A suppression that
no longer silences anything (the code was fixed, the line moved, the code was misspelled) is
worse than none: it hides the next real finding on that line, and it tells the reader that a
problem exists where there is none. So each unused suppression, and each unused code inside
one, is reported, at the comment; so is a malformed `tilecheck:` comment.

TC002 itself is silenced only by naming it (`ignore[TC002]`), never by a bare `ignore`.

Fix: delete the suppression (or the unused code in it), or move it to the line where the
finding is reported.""",
    scope="file",
    valid=(
        Case(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def legacy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(z.load())  # tilecheck: ignore[TC201]
""",
            (),
            "the suppression silences the finding on its line",
        ),
        Case(
            """\
# tilecheck: ignore-file[TC201]
import tilert as tr
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def legacy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(z.load())
""",
            (),
            "a file-level suppression that is used",
        ),
        Case(
            "import tilert as tr\n\nx = tr.zeros((4,))\n",
            (),
            "no suppressions at all",
        ),
    ),
    invalid=(
        Case(
            "import tilert as tr\ny = 2  # tilecheck: ignore[TC105]\n",
            (("TC002", 2),),
            "nothing to silence on this line",
        ),
        Case(
            """\
# tilecheck: ignore-file[TC102]
import tilert as tr

x = tr.zeros((4,))
""",
            (("TC002", 1),),
            "an unused file-level suppression",
        ),
        Case(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def legacy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(z.load())  # tilecheck: ignore[TC201, TC203]
""",
            (("TC002", 8),),
            "one code of the suppression is used, the other is not",
        ),
    ),
)

RULES: tuple[Rule, ...] = (TC001, TC002)
