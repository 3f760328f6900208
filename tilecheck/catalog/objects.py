"""Examples of tilert objects kept by the module's classes and followed across their methods
(``tilecheck.host.receivers``): a double buffer whose attributes a method swaps, a Pending or
an op a method stores for a later method to wait or run, a Pending the caller stores in an
instance, a helper reading an instance's attribute, a method writing a view of an attribute
(at a constant index, or at one the caller gives: ``self.k[layer]``).
The VALID ones run clean and must stay silent; the INVALID ones are the same shapes with the
wait, the run or the order wrong."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid
from tilecheck.catalog.fresh_silences import _KERNELS

_DOUBLE = """

class DoubleBuffer:
    def __init__(self) -> None:
        self.front = tr.zeros((256,))
        self.back = tr.zeros((256,))
        self.pending: tr.Pending | None = None

    def fill_back(self) -> None:
        self.pending = copy(self.back.partition((64,)), tr.ones((256,))).submit()

    def flip(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        self.front, self.back = self.back, self.front
"""

_LAYER = """

class Layer:
    def __init__(self) -> None:
        self.out = tr.zeros((256,))
        self.p: tr.Pending | None = None

    def start(self) -> None:
        self.p = copy(self.out.partition((64,)), tr.ones((256,))).submit()

    def finish(self) -> None:
        assert self.p is not None
        self.p.wait()
"""

_DEC = """

class Dec:
    def __init__(self) -> None:
        self.h = tr.ones((256,))
        self.op: tr.Op | None = None

    def prepare(self) -> None:
        self.op = scale(self.h.partition((64,)), 0.5)

    def step(self) -> None:
        assert self.op is not None
        self.op.sync()
"""

_BATCH = """

class Batch:
    def __init__(self) -> None:
        self.out = tr.zeros((256,))
        self.k = tr.zeros((4, 256))

    def write(self, i: int) -> tr.Pending:
        return copy(self.k[0].partition((64,)), tr.ones((256,))).submit()


def sample(b: Batch) -> float:
    return float(b.out.to_numpy()[0])
"""


_CACHE = """

class Cache:
    def __init__(self) -> None:
        self.k = tr.zeros((4, 256))

    def write(self, layer: int) -> tr.Pending:
        return copy(self.k[layer].partition((64,)), tr.ones((256,))).submit()
"""


def _valid(body: str, note: str) -> Case:
    return valid(_KERNELS + body, note)


def _invalid(body: str, note: str) -> Case:
    return invalid(_KERNELS + body, note)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        _valid(
            _DOUBLE
            + """

def main() -> None:
    buf = DoubleBuffer()
    buf.fill_back()
    buf.flip()
    for _ in range(4):
        buf.fill_back()
        print(buf.front.to_numpy())
        buf.flip()
    print(buf.front.to_numpy())
""",
            "a double buffer owned by an object: the method swaps its attributes each step",
        ),
        _valid(
            _BATCH
            + """

def main() -> None:
    b = Batch()
    b.pending = copy(b.out.partition((64,)), tr.ones((256,))).submit()
    b.pending.wait()
    print(sample(b), b.out.to_numpy())
""",
            "a Pending stored in an instance and waited there before its tensor is read",
        ),
        _valid(
            _BATCH
            + """

def main() -> None:
    b = Batch()
    p = b.write(0)
    print(b.k[1].to_numpy(), sample(b))
    p.wait()
""",
            "a method writes one row of an attribute; the caller reads another row",
        ),
        _valid(
            _CACHE
            + """

def main() -> None:
    cache = Cache()
    pending = [cache.write(layer) for layer in range(3)]
    for p in pending:
        p.wait()
    first, second = cache.write(0), cache.write(1)
    print(cache.k[2].to_numpy(), cache.k[3].to_numpy())
    first.wait()
    second.wait()
    print(cache.k.to_numpy())
""",
            "a method writes the row the caller names; the caller reads the rows not written",
        ),
        _valid(
            _CACHE
            + """

def step(i: int) -> None:
    cache = Cache()
    p = cache.write(i)
    print(cache.k[i + 1].to_numpy())
    p.wait()


def main() -> None:
    step(2)
""",
            "the row after the one a method writes, named by the same index",
        ),
    ),
    "TC105": (
        _valid(
            _DEC
            + """

def main() -> None:
    d = Dec()
    d.prepare()
    d.step()
    d.prepare()
    d.step()
    print(d.h.to_numpy())
""",
            "each op a method prepares, another method runs",
        ),
    ),
    "TC108": (
        _valid(
            _LAYER
            + """

def run() -> None:
    layer = Layer()
    layer.start()
    layer.finish()
    print(layer.out.to_numpy())
""",
            "the Pending a method stores, another method waits",
        ),
        _valid(
            _LAYER
            + """

def run(keep: list[Layer]) -> None:
    layer = Layer()
    layer.start()
    keep.append(layer)
""",
            "the instance, with its Pending, is handed on to be finished elsewhere",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        _invalid(
            _DOUBLE
            + """

def main() -> None:
    buf = DoubleBuffer()
    buf.fill_back()
    buf.flip()
    for _ in range(4):
        buf.fill_back()
        print(buf.back.to_numpy())  # TC102
        buf.flip()
""",
            "the back buffer read while the method's Pending still writes it",
        ),
        _invalid(
            _BATCH
            + """

def main() -> None:
    b = Batch()
    b.pending = copy(b.out.partition((64,)), tr.ones((256,))).submit()
    print(b.out.to_numpy())  # TC102
    b.pending.wait()
""",
            "a Pending stored in an instance still writes its tensor",
        ),
        _invalid(
            _BATCH
            + """

def peek(b: Batch) -> float:
    return float(b.out.to_numpy()[0])  # TC102


def main() -> None:
    b = Batch()
    p = copy(b.out.partition((64,)), tr.ones((256,))).submit()
    print(peek(b))
    p.wait()
""",
            "a helper reads an attribute of the instance it is given while an op writes it: "
            "reported at the read, where the runtime raises",
        ),
        _invalid(
            _BATCH
            + """

def main() -> None:
    b = Batch()
    p = b.write(0)
    print(b.k.to_numpy())  # TC102
    p.wait()
""",
            "a method's Pending writes a row of the attribute the caller reads whole",
        ),
        _invalid(
            _CACHE
            + """

def main() -> None:
    cache = Cache()
    pending = [cache.write(0), cache.write(1)]
    print(cache.k[1].to_numpy())  # TC102
    for p in pending:
        p.wait()
""",
            "two rows written by a method; the caller reads one before the waits",
        ),
        _invalid(
            _CACHE
            + """

def main() -> None:
    cache = Cache()
    p = cache.write(2)
    print(cache.k.to_numpy())  # TC102
    p.wait()
""",
            "a row a method writes, read by the caller with the rest of the attribute",
        ),
    ),
    "TC105": (
        _invalid(
            _DEC.replace("0.5)\n", "0.5)  # TC105\n")
            + """

def main() -> None:
    d = Dec()
    d.prepare()
    d.step()
    d.prepare()
""",
            "the last op a method prepares is never run: reported at its kernel call in the "
            "method, where the runtime warns (round 9 of issue 17)",
        ),
    ),
    "TC108": (
        _invalid(
            _LAYER.replace(".submit()\n", ".submit()  # TC108\n")
            + """

class Fast(Layer):
    def finish(self) -> None:
        pass


def run() -> None:
    layer = Fast()
    layer.start()
    layer.finish()
""",
            "a subclass's method forgets the wait its base class does: reported at the submit "
            "in `start`, where the runtime warns (round 9 of issue 17)",
        ),
    ),
}
