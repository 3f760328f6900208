"""Examples of round 26E of issue 17 (closures, lambdas and callbacks; generator and
context-manager gates). A lambda bound to a name is the ``def`` it means
(``tilecheck.host.lambdas``): ``kick = lambda: k(...).submit()`` then ``kick()`` drops a Pending
(TC108). An op a ``.then`` callback returns is run by the chain when the chain runs: a later
run of it is TC110. A callback's host read through a view (``hidden[:4].to_numpy()``) is the
read of its base. A generator's ``try``/``finally`` around its ``yield`` runs the ``finally``
when the consumer's step is over (round 20B's inlining follows it); a ``with`` around the
``yield`` of a ``@contextmanager`` (``with tr.Stream():``) no longer turns off building the
manager in place (round 20A). The VALID ones run clean and must stay silent; the INVALID ones
raise (or warn) at the marked line."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_GENERATOR = """
from collections.abc import Iterator


def produce(x: Tensor[f32], steps: int) -> Iterator[Tensor[f32]]:
    for i in range(steps):
        out = tr.zeros((32,))
        copy(out.partition((8,)), x).sync()
        pend = scale(out.partition((8,)), float(i + 1)).submit()
        try:
            yield out
        finally:
            pend.wait()


def main() -> None:
    x = tr.ones((32,))
    shapes = []
    last = x
    for tok in produce(x, 3):
        {step}
    print(shapes, last.to_numpy()[0])
"""

_MANAGER = """
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def side() -> Iterator[list[tr.Pending]]:
    pend: list[tr.Pending] = []
    with tr.Stream():
        yield pend
    for p in pend:
        p.wait()


out = tr.ones((32,))
with side() as pend:
    pend.append(scale(out.partition((8,)), 3.0).submit())
    {inside}
print(out.to_numpy()[0])
"""

_LAMBDA = """
buf = tr.ones((32,))
kick = lambda: scale(buf.partition((8,)), 2.0).submit()  # noqa: E731{mark}
{calls}
print(buf.to_numpy()[0])
"""

_CHAIN = """
a = tr.ones((16,))
b = tr.ones((16,))
follow = scale(b.partition((8,)), 3.0)
{callback}
{run}
print(a.to_numpy()[0], b.to_numpy()[0])
"""

_VIEW_CALLBACK = """
log: list[float] = []
hidden = tr.ones((32,))
other = tr.ones((32,))


def peek(part: tr.Partition[f32], *_: object) -> tr.Op:
    log.append(float({read}[:4].to_numpy().max())){mark}
    return scale(part, 0.5)


scale(hidden.partition((8,)), 2.0).then(peek).sync()
print(log)
"""

_KEPT = """
bufs = [tr.ones((32,)) for _ in range(2)]
readers = [lambda t=b: float(t.to_numpy().sum()) for b in bufs]{mark}
pends = [scale(b.partition((8,)), 2.0).submit() for b in bufs]
{order}
"""

_KEPT_DICT = """

def main() -> None:
    outs = {{n: tr.ones((32,)) for n in ("q", "k")}}
    readers = {{}}
    for name, t in outs.items():
        readers[name] = lambda t=t: float(t.to_numpy()[0]){mark}
    pends = [scale(t.partition((8,)), 2.0).submit() for t in outs.values()]
    {order}
"""

_WAIT_ALL = "for p in pends:\n    p.wait()"


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _GENERATOR.format(step="shapes.append(tok.shape)\n        last = tok"),
            "a generator's finally waits when the consumer's step is over: a read after the "
            "loop is of a settled buffer",
        ),
        valid(
            _MANAGER.format(inside="print(len(pend))"),
            "a @contextmanager yielding inside `with tr.Stream():` waits after it: a read "
            "after the block",
        ),
        valid(
            _VIEW_CALLBACK.format(read="other", mark=""),
            "a .then callback reading a view of a tensor the chain does not write",
        ),
        valid(
            _KEPT.format(
                mark="", order=_WAIT_ALL + "\ntotals = [read() for read in readers]\nprint(totals)"
            ),
            "lambdas kept in a list, each reading its default, all called after every wait",
        ),
        valid(
            _KEPT_DICT.format(
                mark="",
                order=_WAIT_ALL.replace("\n", "\n    ")
                + "\n    print({n: read() for n, read in readers.items()})",
            ),
            "lambdas kept in a dict, called through .items() after every wait",
        ),
    ),
    "TC108": (
        valid(
            _LAMBDA.format(mark="", calls="kick().wait()\ndone = kick()\ndone.wait()"),
            "a lambda bound to a name whose every Pending is waited",
        ),
    ),
    "TC110": (
        valid(
            _CHAIN.format(
                callback="chain = scale(a.partition((8,)), 2.0).then(lambda *_: follow)",
                run="chain.sync()",
            ),
            "an op a .then callback returns, run once, by the chain",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _GENERATOR.format(step="shapes.append(tok.to_numpy()[0])  # TC102"),
            "the consumer reads what the generator yielded before its finally waits",
            typed=False,  # (a read the generator's finally settles: beyond the mypy plugin)
        ),
        invalid(
            _MANAGER.format(inside="print(out.to_numpy()[0])  # TC102"),
            "the block of a @contextmanager that yields inside `with tr.Stream():` reads the "
            "output its op writes before the manager's exit waits",
            typed=False,
        ),
        invalid(
            _VIEW_CALLBACK.format(read="hidden", mark="  # TC102"),
            "a .then callback reads a view of the tensor the chain writes",
            typed=False,
        ),
        invalid(
            _KEPT.format(
                mark="  # TC102",
                order="totals = [read() for read in readers]\n" + _WAIT_ALL + "\nprint(totals)",
            ),
            "lambdas kept in a list are all called while the buffers they read are written",
            typed=False,
        ),
        invalid(
            _KEPT_DICT.format(
                mark="  # TC102",
                order="firsts = [read() for read in readers.values()]\n    "
                + _WAIT_ALL.replace("\n", "\n    ")
                + "\n    print(firsts)",
            ),
            "lambdas kept in a dict, called through .values() before the waits",
            typed=False,
        ),
    ),
    "TC108": (
        invalid(
            _LAMBDA.format(mark="  # TC108", calls="kick()\ndone = kick()\ndone.wait()"),
            "a lambda bound to a name is called and its Pending dropped",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            _CHAIN.format(
                callback="scale(a.partition((8,)), 2.0).then(lambda *_: follow).sync()",
                run="follow.sync()  # TC110",
            ),
            "an op a .then callback returned was run by the chain: synced again",
            typed=False,
        ),
        invalid(
            _CHAIN.format(
                callback="def after(*_: object) -> tr.Op:\n    return follow\n\n\n"
                "pending = scale(a.partition((8,)), 2.0).then(after).submit()",
                run="pending.wait()\nfollow.sync()  # TC110",
            ),
            "a def callback returns the prebuilt op; the chain ran it: synced again",
            typed=False,
        ),
    ),
}
