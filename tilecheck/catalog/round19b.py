"""Examples of round 19B of issue 17 (the tenth held-out set's false alarms): a statement in a
``try`` that raises in the call it runs last leaves nothing that call was to make, so a launch
refused there is not in flight in the handler (the ``else`` that waits is the only way on with
its Pending); unpacking a comprehension's Pendings (``*head, last = pends``, ``first, *rest``,
``a, b, c``) hands every position to one of the names, so waiting each name waits the list.
The VALID ones run clean and must stay silent; the INVALID ones are real errors
(the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    y = tr.zeros((32,))
    try:
        pend = scale(y.partition((8,)), 2.0).submit()
    except ValueError:
        print("refused")
    else:
        pend.wait()
    print(y.to_numpy().sum())
""",
            "the launch is the try's only statement and `else` waits: a refused launch left "
            "nothing in flight",
        ),
        valid(
            """

class Runner:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))
        self.pending: tr.Pending | None = None

    def go(self) -> None:
        try:
            self.pending = scale(self.out.partition((8,)), 2.0).submit()
        except RuntimeError:
            print("refused")
        else:
            assert self.pending is not None
            self.pending.wait()
        print(self.out.to_numpy().sum())


def main() -> None:
    Runner().go()
""",
            "a method keeping the Pending in an attribute, waited in `else`",
        ),
        valid(
            """

def main() -> None:
    bufs = {"a": tr.zeros((16,)), "b": tr.zeros((16,))}
    for name, b in bufs.items():
        try:
            p = scale(b.partition((8,)), 2.0).submit()
        except ValueError:
            print(name, "refused")
        else:
            p.wait()
        print(name, b.to_numpy().sum())
""",
            "a loop over a dict's items: each step's launch waited in `else`",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((16,)) for _ in range(4)]
    pendings = [scale(b.partition((8,)), 2.0).submit() for b in bufs]
    *head, last = pendings
    for p in head:
        p.wait()
    last.wait()
    print([b.to_numpy().sum() for b in bufs])
""",
            "`*head, last`: the head waited in a loop, the last by name, then every buffer read",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((16,)) for _ in range(4)]
    pendings = [scale(b.partition((8,)), 2.0).submit() for b in bufs]
    first, *rest = pendings
    first.wait()
    print(bufs[0].to_numpy().sum())
    for p in rest:
        p.wait()
    print(bufs[-1].to_numpy().sum())
""",
            "`first, *rest`: each read after the wait of its own item",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((16,)) for _ in range(3)]
    pendings = [scale(b.partition((8,)), 2.0).submit() for b in bufs]
    a, b, c = pendings
    a.wait()
    b.wait()
    c.wait()
    print([t.to_numpy().sum() for t in bufs])
""",
            "three names for three Pendings, each waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    y = tr.zeros((32,))
    try:
        pend = scale(y.partition((8,)), 2.0).submit()
        int("not a number")
    except ValueError:
        print("parse failed")
    else:
        pend.wait()
    print(y.to_numpy().sum())  # TC102
""",
            "the launch went through and a later statement raised: in flight in the handler",
        ),
        invalid(
            """

class Runner:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))
        self.pending: tr.Pending | None = None

    def go(self) -> None:
        try:
            self.pending = scale(self.out.partition((8,)), 2.0).submit()
        except RuntimeError:
            return
        else:
            print("launched")
        print(self.out.to_numpy().sum())  # TC102


def main() -> None:
    Runner().go()
""",
            "`else` does not wait: the launch that went through is still in flight",
        ),
        invalid(
            """

def main() -> None:
    y = tr.zeros((32,))
    pends: list[tr.Pending] = []
    try:
        pends.append(scale(y.partition((8,)), 2.0).submit())
        int("not a number")
    except ValueError:
        print("parse failed")
    print(y.to_numpy().sum())  # TC102
    for p in pends:
        p.wait()
""",
            "the call that raised is not the launch: the launch in its argument went through",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((16,)) for _ in range(4)]
    pendings = [scale(b.partition((8,)), 2.0).submit() for b in bufs]
    *head, last = pendings
    for p in head:
        p.wait()
    print(bufs[-1].to_numpy().sum())  # TC102
    last.wait()
""",
            "`*head, last`: the head waited, the last buffer read before its own wait",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((16,)) for _ in range(4)]
    pendings = [scale(b.partition((8,)), 2.0).submit() for b in bufs]
    *head, last = pendings
    last.wait()
    print([b.to_numpy().sum() for b in bufs])  # TC102
    for p in head:
        p.wait()
""",
            "only the last waited: the head's buffers still written",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((16,)) for _ in range(3)]
    pendings = [scale(b.partition((8,)), 2.0).submit() for b in bufs]
    a, b, c = pendings
    a.wait()
    c.wait()
    print([t.to_numpy().sum() for t in bufs])  # TC102
    b.wait()
""",
            "the middle one of three names not waited yet",
        ),
    ),
}
