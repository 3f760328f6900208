"""Examples of round 31I of issue 17 (a function of the module called by name, run in place):
a ``def`` nested in the body that calls it (a closure called at once: its free names are the
caller's at the call) runs over its CFG on the caller's state (``tilecheck.host.inline``), so
what it reads is the view, item or attribute it names, not the whole name a summary records.
(A module ``def`` called from the module's own code runs so too; these examples run ``main``.)
The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
def main() -> None:
    buf = tr.zeros((64,))
    x = tr.ones((32,))
    p = copy(buf[32:64].partition((32,)), x).submit()

    def head():  # type: ignore[no-untyped-def]
        return buf[0:32].to_numpy()

    first = head()
    p.wait()
    print(first)

""",
            "a nested helper reads the half of a captured tensor no op writes",
        ),
        valid(
            """

def main() -> None:
    buf = tr.zeros((64,))
    x = tr.ones((32,))
    p = copy(buf[32:64].partition((32,)), x).submit()

    def peek():  # type: ignore[no-untyped-def]
        return buf[32:64].to_numpy()

    p.wait()
    early = peek()
    print(early)

""",
            "a nested helper reads a view of a captured tensor after the wait",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    buf = tr.zeros((64,))
    x = tr.ones((32,))
    p = copy(buf[32:64].partition((32,)), x).submit()

    def peek():  # type: ignore[no-untyped-def]
        return buf[32:64].to_numpy()  # TC102

    early = peek()
    p.wait()
    print(early)

""",
            "a nested helper reads a view of a captured tensor still written",
        ),
    ),
}
