"""The rule catalog's entry type. Each rule is a small declarative record (Fixit-style):
code, slug, one-line summary, long explanation and VALID/INVALID examples, which are also its
tests. The checking logic lives in the passes (``tilecheck.kernel`` for TC2xx,
``tilecheck.host`` for TC1xx); each pass reports by code (``tilecheck.codes``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# A `# TC102` comment (or `# TC201 TC203`) marks the line where an example's finding is expected.
_MARKER = re.compile(r"#\s*((?:TC\d{3}\s*)+)$")


def expected_from_markers(code: str) -> tuple[tuple[str, int], ...]:
    """The ``(code, line)`` findings an example promises through its marker comments."""
    found: list[tuple[str, int]] = []
    for number, line in enumerate(code.splitlines(), 1):
        marker = _MARKER.search(line)
        if marker:
            found.extend((c, number) for c in marker.group(1).split())
    return tuple(found)


@dataclass(frozen=True)
class Case:
    """One example program. For INVALID cases, ``expect`` lists the findings the checker must
    report, each as ``(code, line)`` with the 1-based line of the primary span inside ``code``;
    empty ``expect`` on an INVALID case means "exactly one finding of this rule"."""

    code: str
    expect: tuple[tuple[str, int], ...] = ()
    note: str = ""
    typed: bool = True  # the mypy plugin reports it too (it types @tr.kernel launches only)
    # the oldest Python that runs it (``asyncio.TaskGroup`` needs 3.11); checked on any
    python: tuple[int, int] = (3, 10)


def valid(code: str, note: str = "") -> Case:
    """An example the checker (and the mypy plugin) must accept."""
    return Case(code, (), note)


def invalid(code: str, note: str = "", *, typed: bool = True) -> Case:
    """An example whose findings its ``# TCxxx`` marker comments name. ``typed=False``: the
    mypy plugin does not report it (mypy refuses the code first, or the launch is not one the
    plugin types, such as a ``tr.cuda_kernel``'s)."""
    expect = expected_from_markers(code)
    assert expect, f"an INVALID example needs a `# TCxxx` marker:\n{code}"
    return Case(code, expect, note, typed)


@dataclass(frozen=True)
class Rule:
    code: str  # "TC102", from tilecheck.codes
    slug: str  # "use-in-flight"
    summary: str  # one line
    explanation: str  # long text for `tilecheck explain`
    scope: str  # "host", "kernel" or "file"
    valid: tuple[Case, ...] = field(default=())
    invalid: tuple[Case, ...] = field(default=())
