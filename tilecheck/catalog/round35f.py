"""Examples of round 35F of issue 17: a test of a function decided by what every call gives it.
The left operand of ``and`` / ``or`` that reads only parameters every call gives known values
decides the right operand as an ``if`` test does (``tilecheck.host.short_circuits``); and a
module name bound once to a display of literals, named nowhere else but in one argument, is
that container on the way into the call, so ``layer in seen`` is decided there
(``tilecheck.host.given_members``); a call in a function the script runs (``main()``, and what
it calls) counts as one at the top (``tilecheck.host.run_functions``). A view of all of a tensor
a call makes, given out with it (``__init__``'s ``self.prev = self.state.reshape(-1)``, a
helper's ``return buf.reshape(-1), buf``, a method's stores) is that tensor's memory under a
second name: a launch that writes one through a partition and reads the other is TC101
(``tilecheck.host.field_views``, ``tilecheck.host.made_views``). A ``for`` over a generator
method's items (``reversed(obj)`` of a generator ``__reversed__``, ``obj`` of a generator
``__iter__``, ``obj.rows()``) whose body touches nothing the generator does runs the generator
to its end as ``list(...)`` would (``tilecheck.host.drained_calls.drained_loop``). The VALID
ones run clean and must stay silent; the INVALID ones are real errors (the interpreter raises,
or tilert warns, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_HISTORY = """
from collections.abc import Iterator


class History:
    def __init__(self) -> None:
        self.rows = [tr.zeros((64,)) for _ in range(3)]

    def __reversed__(self) -> Iterator[float]:
        for row in reversed(self.rows):
            yield float(row.to_numpy()[0])  # TC102

    def heads(self, k: float) -> Iterator[float]:
        for row in self.rows:
            yield k * float(row.to_numpy()[0])  # TC102

"""

_PREFILL = """

def prefill(seen: set[str], layer: str, kv: Tensor[f32], prompt: Tensor[f32]) -> bool:
    fill = copy(kv.partition((64,)), prompt)  # TC105
    done = layer in seen or bool(fill.sync())
    seen.add(layer)
    return done

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _HISTORY.replace("  # TC102", "")
            + """
def main() -> None:
    hist = History()
    pend = scale(hist.rows[2].partition((64,)), 2.0).submit()
    pend.wait()
    newest = []
    for value in reversed(hist):
        newest.append(value)
    print(newest)
""",
            "the rows walked newest first after the launch's wait",
        ),
        valid(
            _HISTORY.replace("  # TC102", "")
            + """
def main() -> None:
    hist = History()
    pend = scale(hist.rows[2].partition((64,)), 2.0).submit()
    first = 0.0
    for value in hist.heads(2.0):
        first = value
        break
    pend.wait()
    print(first)
""",
            "a `break` on the first item: the generator never reads the row in flight",
        ),
        valid(
            _HISTORY.replace("  # TC102", "")
            + """
def main() -> None:
    hist = History()
    pend = scale(hist.rows[2].partition((64,)), 2.0).submit()
    total = 0.0
    for value in hist.heads(2.0):
        pend.wait()
        total += value
    print(total)
""",
            "the body waits before the generator's next piece reads: not taken at once",
        ),
    ),
    "TC101": (
        valid(
            """

class Momentum:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.prev = tr.zeros((n,))

    def step(self) -> None:
        copy(self.state.partition((64,)), self.prev).sync()
        copy(self.prev.partition((64,)), self.state).sync()


Momentum(128).step()
""",
            "the previous state a tensor of its own: the launch writes one and reads the other",
        ),
        valid(
            """

class Pair:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((2, n))
        self.lo = self.buf[0]
        self.hi = self.buf[1]

    def step(self) -> None:
        copy(self.lo.partition((64,)), self.hi).sync()


Pair(128).step()
""",
            "two rows of a buffer `__init__` made: disjoint parts, one written, one read",
        ),
        valid(
            """

def rows(n: int) -> tuple[Tensor[f32], Tensor[f32], Tensor[f32]]:
    buf = tr.zeros((2, n))
    return buf, buf[0], buf[1]


def main() -> None:
    buf, r0, r1 = rows(128)
    copy(r0.partition((64,)), r1).sync()
    scale(buf.partition((1, 64)), 2.0).sync()
    print(buf.to_numpy())
""",
            "a helper returns a buffer and two rows of it: a launch over disjoint rows",
        ),
    ),
    "TC105": (
        valid(
            _PREFILL.replace("  # TC105", "")
            + """
if __name__ == "__main__":
    seen = {"l0", "l1"}
    print(prefill(seen, "l2", tr.zeros((64,)), tr.ones((64,))))
""",
            "the key given is not in the set given: the left is false, the op runs",
        ),
        valid(
            _PREFILL.replace("  # TC105", "")
            + """
seen: set[str] = set()
kv = tr.zeros((64,))
for layer in ["l0", "l1"]:
    prefill(seen, layer, kv, tr.ones((64,)))
""",
            "the set is given by a loop of calls that fill it: nothing known of its members",
        ),
        valid(
            _PREFILL.replace("  # TC105", "")
            + """
seen = {"l0"}
seen.discard("l0")
print(prefill(seen, "l0", tr.zeros((64,)), tr.ones((64,))))
""",
            "the set is changed before the call: its display says nothing there",
        ),
        valid(
            """

def refresh(cached: bool, out: Tensor[f32]) -> None:
    op = scale(out.partition((64,)), 2.0)
    cached or op.sync()


out = tr.zeros((64,))
refresh(False, out)
refresh(False, out)
""",
            "`cached or op.sync()` with `cached=False` at every call: the op always runs",
        ),
        valid(
            """
SKIPPED = ("export", "trace")


def stage(mode: str, skipped: tuple[str, ...], dst: Tensor[f32], src: Tensor[f32]) -> None:
    op = copy(dst.partition((64,)), src)
    if mode not in skipped:
        op.sync()


def cli() -> None:
    stage("trace", SKIPPED, tr.zeros((64,)), tr.ones((64,)))


print("cli() is never called: nothing runs")
""",
            "the only call is in a function the script never runs: nothing is decided",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _HISTORY.replace("  # TC102", "", 1)
            .replace("  # TC102", "")
            .replace("yield float(row.to_numpy()[0])", "yield float(row.to_numpy()[0])  # TC102")
            + """
def main() -> None:
    hist = History()
    pend = scale(hist.rows[2].partition((64,)), 2.0).submit()
    newest = []
    for value in reversed(hist):
        newest.append(value)
    pend.wait()
    print(newest)
""",
            "`for` over `reversed(obj)` of a generator `__reversed__`: its first row is in flight",
        ),
        invalid(
            _HISTORY.replace("  # TC102", "", 1)
            + """
def main() -> None:
    hist = History()
    pend = scale(hist.rows[1].partition((64,)), 2.0).submit()
    total = 0.0
    for value in hist.heads(2.0):
        if value > 0:
            total += value
    pend.wait()
    print(total)
""",
            "`for` over a generator method: its second piece reads the row in flight",
        ),
        invalid(
            """
from collections.abc import Iterator


class Ring:
    def __init__(self) -> None:
        self.slots = [tr.zeros((64,)) for _ in range(2)]

    def __iter__(self) -> Iterator[float]:
        for s in self.slots:
            yield float(s.to_numpy()[0])  # TC102


ring = Ring()
pend = scale(ring.slots[0].partition((64,)), 3.0).submit()
seen = [0.0]
for v in ring:
    seen.append(v)
pend.wait()
""",
            "`for` over an instance whose `__iter__` is a generator, at module level",
        ),
    ),
    "TC101": (
        invalid(
            """

class Momentum:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.prev = self.state.reshape(-1)

    def step(self) -> None:
        copy(self.state.partition((64,)), self.prev).sync()  # TC101


Momentum(128).step()
""",
            "`__init__` keeps a reshape of the state: the method writes one and reads the other",
            typed=False,
        ),
        invalid(
            """

class Ring:
    def __init__(self) -> None:
        self.store = tr.zeros((64, 64))
        self.cols = self.store.T


ring = Ring()
copy(ring.store.partition((64, 64)), ring.cols).sync()  # TC101
""",
            "a transpose kept by `__init__`, launched with its base at module level",
            typed=False,
        ),
        invalid(
            """

def buffers(n: int) -> tuple[Tensor[f32], Tensor[f32]]:
    grid = tr.zeros((2, n // 2))
    return grid.reshape(-1), grid


def main() -> None:
    flat, grid = buffers(256)
    copy(grid.partition((1, 64)), flat.reshape(2, 128)).sync()  # TC101
""",
            "a helper returns a buffer's flat view with it: the caller launches with both",
            typed=False,
        ),
        invalid(
            """

class Smoother:
    def __init__(self) -> None:
        self.state: Tensor[f32] | None = None
        self.alias: Tensor[f32] | None = None

    def reset(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.alias = self.state.view(tr.f32)


sm = Smoother()
sm.reset(128)
assert sm.state is not None and sm.alias is not None
copy(sm.state.partition((64,)), sm.alias).sync()  # TC101
""",
            "a method stores a made tensor and a view of it: both the instance's, one memory",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            _PREFILL
            + """
if __name__ == "__main__":
    seen = {"l0", "l1"}
    print(prefill(seen, "l1", tr.zeros((64,)), tr.ones((64,))))
""",
            "`layer in seen or op.sync()`: the set and the key the one call gives make the left"
            " true, the op is dropped unrun",
        ),
        invalid(
            """

def refresh(cached: bool, out: Tensor[f32]) -> None:
    op = scale(out.partition((64,)), 2.0)  # TC105
    cached or op.sync()


out = tr.zeros((64,))
refresh(True, out)
refresh(True, out)
""",
            "`cached or op.sync()` with `cached=True` at every call: never run",
        ),
        invalid(
            """
SKIPPED = ("export", "trace")


def stage(mode: str, skipped: tuple[str, ...], dst: Tensor[f32], src: Tensor[f32]) -> None:
    op = copy(dst.partition((64,)), src)  # TC105
    if mode not in skipped:
        op.sync()


stage("trace", SKIPPED, tr.zeros((64,)), tr.ones((64,)))
""",
            "`if mode not in skipped:` with a module tuple and a mode it holds: skipped",
        ),
        invalid(
            """

def refresh(cached: bool, out: Tensor[f32]) -> None:
    op = scale(out.partition((64,)), 2.0)  # TC105
    cached or op.sync()


def warm(out: Tensor[f32]) -> None:
    refresh(True, out)


def main() -> None:
    warm(tr.zeros((64,)))


if __name__ == "__main__":
    main()
""",
            "the one call is in a helper `main()` runs: `cached=True` decides the `or` there",
        ),
        invalid(
            """

def maybe_copy(name, allowed, dst, src):
    op = copy(dst.partition((64,)), src)  # TC105
    return name in allowed and op.sync() is None


allowed = ["a", "b"]
print(maybe_copy("z", allowed, tr.zeros((64,)), tr.ones((64,))))
""",
            "`and` returned: the name given is not in the list given, the op is never run",
            typed=False,
        ),
    ),
}
