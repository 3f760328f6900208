"""TC002 (unused-suppression) in the catalog: what ``tilecheck explain TC002`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Case, Rule, valid
from tilecheck.codes import UNUSED_SUPPRESSION

RULE = Rule(
    code=UNUSED_SUPPRESSION,
    slug="unused-suppression",
    summary="a `# tilecheck: ignore[...]` or `# noqa: TC...` comment that suppresses nothing",
    explanation="""\
`# tilecheck: ignore[TC102]` (or ruff's `# noqa: TC102`) on a line silences that finding on
that line; `# tilecheck: ignore-file[TC105]` anywhere silences it in the whole file. A
`# noqa` is read only for tilecheck's rule codes (TC1xx, TC2xx): a bare `# noqa` and other
tools' codes are theirs. A suppression that no longer silences anything (the code was fixed,
the line moved, the code was misspelled) is worse than none: it hides the next real finding on
that line, and it tells the reader that a problem exists where there is none. So each unused
suppression, and each unused code inside one, is reported, at the comment; so is a malformed
`tilecheck:` comment.

TC002 itself is silenced only by naming it (`ignore[TC002]`), never by a bare `ignore`.

Fix: delete the suppression (or the unused code in it), or move it to the line where the
finding is reported. `tilecheck --fix` deletes them.""",
    scope="file",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def legacy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(z.load())  # tilecheck: ignore[TC201]
""",
            "the suppression silences the finding on its line",
        ),
        valid(
            """\
# tilecheck: ignore-file[TC201]
import tilert as tr
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def legacy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(z.load())
""",
            "a file-level suppression that is used",
        ),
        valid(
            """\
import tilert as tr

x = tr.zeros((4,))
""",
            "no suppressions at all",
        ),
    ),
    invalid=(
        Case(
            """\
import tilert as tr

y = 2  # tilecheck: ignore[TC105]
""",
            ((UNUSED_SUPPRESSION, 3),),
            "nothing to silence on this line",
        ),
        Case(
            """\
# tilecheck: ignore-file[TC102]
import tilert as tr

x = tr.zeros((4,))
""",
            ((UNUSED_SUPPRESSION, 1),),
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
            ((UNUSED_SUPPRESSION, 8),),
            "one code of the suppression is used, the other is not",
        ),
    ),
)
