"""Examples of round 30P of issue 17. An index taken from a constant table (a display of
literals, or a module name bound once to one and named only as an index's base) is its item
(``tilecheck.host.constant_tables``). A ``raise`` inside a ``try`` body that a handler of that
``try`` certainly takes (its own class named, a tuple naming it, a bare ``except``,
``BaseException``, or ``Exception`` for a class deriving from a builtin exception) goes into
the handlers and on after the ``try``, never out of the scope: the module's own ``try`` is
followed as a function's is (``tilecheck.host.name_drops``). The VALID ones run clean and must
stay silent; the INVALID ones are real errors (the interpreter warns the op unrun at the
mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_MODULE_TRY = """

class Rejected(ValueError):
    pass


out = tr.zeros((16,))
src = tr.ones((16,))
try:
    {made}
    if float(src.to_numpy().sum()) < 100.0:
        raise {raised}
except {caught}:
    {handled}
else:
    pend.wait()
{after}
"""

_LOOPED = """

for step in range(3):
    buf = tr.zeros((16,))
    try:
        job = scale(buf.partition((16,)), 2.0).submit(){mark}
        if step == 1:
            raise RuntimeError("skip")
    except RuntimeError:
        {handled}
    else:
        job.wait()
"""

_TABLE = """

pool = tr.zeros((8, 16))
{table}
pend = scale(pool[{first}].partition((16,)), 2.0).submit()
print(pool[{second}].to_numpy()){mark}
pend.wait()
"""

_MADE = "pend = scale(out.partition((16,)), 2.0).submit()"
_MARKED = _MADE + "  # TC108"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _TABLE.format(
                table='pages = {"a": [0, 3], "b": [5]}',
                first='pages["a"][1]',
                second='pages["b"][0]',
                mark="",
            ),
            "rows 3 and 5 of a constant table: two rows apart",
        ),
        valid(
            _TABLE.format(table="ROWS = (1, 6)", first="ROWS[0]", second="ROWS[-1]", mark=""),
            "a constant tuple's items index rows 1 and 6",
        ),
        valid(
            _TABLE.format(table="", first="[2, 7][0]", second="[2, 7][1]", mark=""),
            "a list display's items are constants too",
        ),
    ),
    "TC108": (
        valid(
            _MODULE_TRY.format(
                made=_MADE, raised="Rejected", caught="Rejected", handled="pend.wait()", after=""
            ),
            "the handler the module's raise reaches waits the Pending",
        ),
        valid(
            _MODULE_TRY.format(
                made=_MADE,
                raised='Rejected("empty")',
                caught="Exception",
                handled='print("rejected")',
                after="pend.wait()",
            ),
            "the wait after the try runs on the handler's way too",
        ),
        valid(
            _LOOPED.format(mark="", handled="job.wait()\n        continue"),
            "the handler waits before the next turn",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _TABLE.format(
                table='pages = {"a": [0, 3], "b": [3]}',
                first='pages["a"][1]',
                second='pages["b"][0]',
                mark="  # TC102",
            ),
            "both tables' items are row 3",
        ),
        invalid(
            _TABLE.format(
                table='pages = {"a": [0, 3], "b": [5]}\npages["b"][0] = 3',
                first='pages["a"][1]',
                second='pages["b"][0]',
                mark="  # TC102",
            ),
            "a table stored to is no constant: its item may be (is) the written row",
        ),
        invalid(
            _TABLE.format(
                table='pages = {"a": [0, 3], "b": [5]}\npages["b"].append(3)',
                first='pages["a"][1]',
                second='pages["b"][-1]',
                mark="  # TC102",
            ),
            "a table grown through a method is no constant",
        ),
    ),
    "TC108": (
        invalid(
            _MODULE_TRY.format(
                made=_MARKED, raised="Rejected", caught="Rejected", handled='print("r")', after=""
            ),
            "the module's raise goes to its own handler, past the else's wait",
        ),
        invalid(
            _MODULE_TRY.format(
                made=_MARKED,
                raised='Rejected("empty")',
                caught="Exception",
                handled='print("rejected")',
                after="",
            ),
            "``except Exception`` takes a class derived from ValueError: the else is skipped",
        ),
        invalid(
            _MODULE_TRY.format(
                made=_MARKED,
                raised="Rejected",
                caught="(KeyError, Rejected)",
                handled="pass",
                after='print("done")',
            ),
            "a tuple naming the raised class takes it",
        ),
        invalid(
            _LOOPED.format(mark="  # TC108", handled="continue"),
            "the handler goes on to the next turn, which rebinds the name unwaited",
        ),
    ),
}
