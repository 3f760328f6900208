"""Examples of round 18C of issue 17 (the ninth held-out set's misses of code that runs
elsewhere than where it is written): a function of the module that reads a global tensor,
called while an op writes it; the callbacks a module-level list is given, run by a helper
before it waits for what it was given; the closure a factory returns, called while its
captured tensor is written. The VALID ones run clean and must stay silent; the INVALID ones are
real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

stats = tr.zeros((32,))


def summarize() -> float:
    return float(stats.to_numpy().mean())


def main() -> None:
    pend = scale(stats.partition((8,)), 2.0).submit()
    pend.wait()
    print(summarize())
""",
            "the function reading the global runs after the wait",
        ),
        valid(
            """

totals = tr.ones((32,))


def finish(pend) -> float:
    pend.wait()
    return float(totals.to_numpy().sum())


def main() -> None:
    print(finish(scale(totals.partition((8,)), 3.0).submit()))
""",
            "the helper waits for what it is given before it reads the global",
        ),
        valid(
            """

hooks = []
log = tr.ones((32,))
other = tr.ones((32,))
hooks.append(lambda: print(other.to_numpy().sum()))


def drive(pend) -> None:
    for hook in hooks:
        hook()
    pend.wait()


def main() -> None:
    drive(scale(log.partition((8,)), 2.0).submit())
    print(log.to_numpy()[0])
""",
            "the callbacks read another tensor than the one in flight",
        ),
        valid(
            """

seen = tr.zeros((32,))
ready = []


def on_ready() -> None:
    print(seen.to_numpy()[0])


ready.append(on_ready)


def pump(op) -> None:
    op.sync()
    for fn in ready:
        fn()


def main() -> None:
    pump(scale(seen.partition((8,)), 2.0))
""",
            "the callbacks run after the op the helper was given ran",
        ),
        valid(
            """

level = tr.zeros((32,))


def report(verbose: bool) -> None:
    if verbose:
        print(level.to_numpy().max())


def main() -> None:
    pend = scale(level.partition((8,)), 2.0).submit()
    report(False)
    pend.wait()
""",
            "a read under a test the call may not pass is left alone",
        ),
        valid(
            """

def make_probe(t):
    def probe() -> float:
        return float(t.to_numpy().max())

    return probe


def main() -> None:
    acc = tr.zeros((32,))
    probe = make_probe(acc)
    pend = scale(acc.partition((8,)), 2.0).submit()
    pend.wait()
    print(probe())
""",
            "the closure a factory returns is called after the wait",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

stats = tr.zeros((32,))


def summarize() -> float:
    return float(stats.to_numpy().mean())  # TC102


def main() -> None:
    pend = scale(stats.partition((8,)), 2.0).submit()
    print(summarize())
    pend.wait()
""",
            "a function of the module reads the global tensor an op in flight writes",
            typed=False,  # a global read inside another function: beyond the plugin's types
        ),
        invalid(
            """

hooks = []
log = tr.ones((32,))
hooks.append(lambda: print(log.to_numpy().sum()))  # TC102


def drive(pend) -> None:
    for hook in hooks:
        hook()
    pend.wait()


def main() -> None:
    drive(scale(log.partition((8,)), 2.0).submit())
""",
            "a helper runs the module's callbacks before it waits for the Pending it was given",
            typed=False,  # a lambda's body: beyond the plugin's types
        ),
        invalid(
            """

seen = tr.zeros((32,))
ready = []


def on_ready() -> None:
    print(seen.to_numpy()[0])  # TC102


ready.append(on_ready)


def pump(op) -> None:
    pend = op.submit()
    for fn in ready:
        fn()
    pend.wait()


def main() -> None:
    pump(scale(seen.partition((8,)), 2.0))
""",
            "a helper submits the op it was given, then runs a callback reading its output",
            typed=False,  # a global read inside another function: beyond the plugin's types
        ),
        invalid(
            """

def make_probe(t):
    def probe() -> float:
        return float(t.to_numpy().max())  # TC102

    return probe


def main() -> None:
    acc = tr.zeros((32,))
    probe = make_probe(acc)
    pend = scale(acc.partition((8,)), 2.0).submit()
    print(probe())
    pend.wait()
""",
            "the closure a factory returns reads the tensor it captured while it is written",
            typed=False,  # a closure's body: beyond the plugin's types
        ),
        invalid(
            """
import numpy as np


def reader(t):
    return lambda: float(np.asarray(t).sum())  # TC102


def main() -> None:
    acc = tr.ones((32,))
    peek = reader(acc)
    pend = scale(acc.partition((8,)), 2.0).submit()
    print(peek())
    pend.wait()
""",
            "a factory's lambda, called with its captured tensor in flight",
            typed=False,  # a lambda's body: beyond the plugin's types
        ),
    ),
}
