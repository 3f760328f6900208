"""Examples of round 36M of issue 17 (records taken out of containers).

A list of dict records (``{"prompt": ..., "slot": ...}``) built by a comprehension or by
appends, walked by a ``for`` over the list or a slice of it (``waiting[:free]``), gives each
step a record whose string keys are fields of their own: ``req["slot"]`` and ``req["prompt"]``
are different tensors of the record, one of what the records hold, not two views of one
tensor (which made ``copy(req["slot"].partition(s), req["prompt"])`` a false TC101). The same
field twice in one launch is TC101; a read of the field a submitted op writes before its wait
is TC102, of another field is not.

A list filled by one append a step of a loop over ``range(n)`` or over another list
(``for o in outs: pends.append(k(o.partition(s), staged).submit())``) holds at position ``k``
the Pending that borrows the ``k``-th items of every list the step indexes (``outs[i]`` written,
``staged[i]`` read): a drain ``for i, p in enumerate(pends): p.wait()`` then reads ``outs[i]``
or writes ``staged[i]`` of the step it waited for.

A function of the module called by the script with different flags (``step(x, y, True)``,
then ``step(x, y, False)``) runs, at each call the script certainly makes (a statement of its
own in the top-level code, the main guard or a function certainly called so), the way its
arguments take: ``if fast: op.sync()`` drops the op unrun at the call giving ``False``
(TC105), ``if block: pend.wait()`` the Pending unwaited (TC108). A call under a test the
analysis cannot decide is not certain, and says nothing.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_WAITING = """

def requests(n: int) -> list[dict[str, Tensor[f32]]]:
    return [{"prompt": tr.ones((32,)), "slot": tr.zeros((32,))} for _ in range(n)]

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            """

def refresh(x: Tensor[f32], y: Tensor[f32], block: bool = True) -> None:
    pend = copy(y.partition((32,)), x).submit()
    if block:
        pend.wait()


def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    refresh(x, y)
    if float(x.to_numpy()[0]) > 2.0:
        refresh(x, y, block=False)
    refresh(x, y, block=True)


if __name__ == "__main__":
    main()
""",
            "the call that skips the wait is under a test the script's input decides",
        ),
    ),
    "TC101": (
        valid(
            _WAITING
            + """
def admit(n: int, free: int) -> None:
    waiting = requests(n)
    for req in waiting[:free]:
        copy(req["slot"].partition((32,)), req["prompt"]).sync()
""",
            "a slice of a list of records walked: two fields of one record in one launch",
        ),
        valid(
            """

rows = []
for i in range(5):
    rows.append({"x": tr.ones((32,)), "out": tr.zeros((32,))})
for row in rows:
    copy(row["out"].partition((32,)), row["x"]).sync()
""",
            "records appended in a loop of unknown turns, at module level",
        ),
    ),
    "TC102": (
        valid(
            _WAITING
            + """
def admit(n: int) -> float:
    total = 0.0
    for req in requests(n):
        pend = copy(req["slot"].partition((32,)), req["prompt"]).submit()
        total += float(req["prompt"].to_numpy()[0])
        pend.wait()
    return total
""",
            "the field the op reads is read on the host while it runs",
        ),
        valid(
            """

def run(n: int) -> float:
    staged = [tr.ones((32,)) for _ in range(n)]
    outs = [tr.zeros((32,)) for _ in range(n)]
    pends = []
    for i in range(n):
        pends.append(copy(outs[i].partition((32,)), staged[i]).submit())
    total = 0.0
    for i, p in enumerate(pends):
        p.wait()
        total += float(outs[i].to_numpy()[0])
    return total
""",
            "Pendings appended by a range loop that also reads another list's item",
        ),
        valid(
            """

def run(n: int) -> float:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(n)]
    pends = []
    for o in outs:
        pends.append(copy(o.partition((32,)), src).submit())
    total = 0.0
    for i, p in enumerate(pends):
        p.wait()
        total += float(outs[i].to_numpy()[0])
    return total
""",
            "Pendings appended by a loop over the list they write, drained by position",
        ),
        valid(
            """

def run(n: int) -> float:
    src = tr.ones((32,))
    streams = [tr.Stream() for _ in range(n)]
    outs = [tr.zeros((32,)) for _ in range(n)]
    pends = []
    for s, o in zip(streams, outs):
        pends.append(copy(o.partition((32,)), src).submit(s))
    total = 0.0
    for p, o in zip(pends, outs):
        p.wait()
        total += float(o.to_numpy()[0])
    return total
""",
            "a stream per output, zipped in and zipped out",
        ),
    ),
    "TC103": (
        valid(
            """

def run(n: int) -> None:
    staged = [tr.ones((32,)) for _ in range(n)]
    outs = [tr.zeros((32,)) for _ in range(n)]
    pends = []
    for i in range(n):
        pends.append(copy(outs[i].partition((32,)), staged[i]).submit())
    for i, p in enumerate(pends):
        p.wait()
        scale(staged[i].partition((32,)), 0.5).sync()
""",
            "the item the waited step read written; the later steps read their own items",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _WAITING
            + """
def admit(n: int, free: int) -> None:
    for req in requests(n)[:free]:
        copy(req["slot"].partition((32,)), req["slot"]).sync()  # TC101
""",
            "one field of a record as the written partition and the read tensor",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            _WAITING
            + """
def admit(n: int) -> float:
    total = 0.0
    for req in requests(n):
        pend = copy(req["slot"].partition((32,)), req["prompt"]).submit()
        total += float(req["slot"].to_numpy()[0])  # TC102
        pend.wait()
    return total
""",
            "the field the op writes read before its wait",
        ),
        invalid(
            """

def run(n: int) -> float:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(n)]
    pends = []
    for o in outs:
        pends.append(copy(o.partition((32,)), src).submit())
    total = 0.0
    for i, p in enumerate(pends[:-1]):
        p.wait()
        total += float(outs[i + 1].to_numpy()[0])  # TC102
    pends[-1].wait()
    return total
""",
            "the next step's item read after this step's wait",
        ),
        invalid(
            """

def run(n: int) -> float:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(n)]
    pends = []
    for o in outs:
        pends.append(copy(o.partition((32,)), src).submit())
    total = 0.0
    for p, o in zip(pends, reversed(outs)):
        p.wait()
        total += float(o.to_numpy()[0])  # TC102
    return total
""",
            "the outputs zipped in the other order: the first wait is not the last output's",
        ),
    ),
    "TC105": (
        invalid(
            """

def step(x: Tensor[f32], y: Tensor[f32], fast: bool) -> None:
    op = copy(y.partition((32,)), x)  # TC105
    if fast:
        op.sync()


x = tr.ones((32,))
y = tr.zeros((32,))
step(x, y, True)
step(x, y, False)
""",
            "a helper called with both flags: the second call drops its op unrun",
            typed=False,
        ),
    ),
    "TC108": (
        invalid(
            """

def refresh(x: Tensor[f32], y: Tensor[f32], block: bool = True) -> None:
    pend = copy(y.partition((32,)), x).submit()  # TC108
    if block:
        pend.wait()


def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    refresh(x, y)
    refresh(x, y, block=False)


if __name__ == "__main__":
    main()
""",
            "a keyword flag at a call main() certainly makes skips the wait",
            typed=False,
        ),
    ),
}
