"""Examples of the held-out evaluation's false alarms (benchmarks/checker_eval_fresh2), by the
rule that wrongly fired: host code written as users write it (a method that swaps or syncs
attributes, constants unpacked from a tuple, prefix slices at a loop counter, a cleared list
of partitions, a view made while its base is written, helpers returning lists of Pendings).
A launch that writes a view and reads its base is TC101. The VALID ones run clean and must
stay silent; the INVALID ones keep the same shapes' real errors reported."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid

_KERNELS = """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))
"""


def _valid(body: str, note: str) -> Case:
    return valid(_KERNELS + body, note)


def _invalid(body: str, note: str, *, typed: bool = True) -> Case:
    return invalid(_KERNELS + body, note, typed=typed)


VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        _valid(
            """

def main() -> None:
    buf = tr.ones((4, 128))
    copy(buf[:, :64].partition((4, 64)), buf[:, 64:]).sync()
    print(buf.to_numpy())
""",
            "one half written, the other half read: two views apart",
        ),
        _valid(
            """

def main() -> None:
    h = tr.ones((4, 64))
    copy(h.reshape(-1).partition((64,)), tr.ones((256,))).sync()
    print(h.to_numpy())
""",
            "a reshaped view written, another tensor read",
        ),
    ),
    "TC102": (
        _valid(
            """

class Buffers:
    def __init__(self) -> None:
        self.front = tr.zeros((256,))
        self.back = tr.zeros((256,))

    def flip(self) -> None:
        self.front, self.back = self.back, self.front


def main() -> None:
    bufs = Buffers()
    bufs.flip()
    p = copy(bufs.back.partition((64,)), tr.ones((256,))).submit()
    print(bufs.front.to_numpy())
    p.wait()
""",
            "a method swaps two attributes: after it, each names the other tensor",
        ),
        _valid(
            """

ROWS, HALF = 4, 64


def main() -> None:
    buf = tr.zeros((ROWS, 2 * HALF))
    p = copy(buf[:, :HALF].partition((4, 64)), tr.ones((4, 64))).submit()
    print(buf[:, HALF:].to_numpy())
    p.wait()
""",
            "constants unpacked from a tuple bound the slices: the halves are apart",
        ),
        _valid(
            """

def main() -> None:
    cache = tr.zeros((4, 256))
    for pos in range(1, 4):
        p = copy(cache[pos].partition((64,)), tr.ones((256,))).submit()
        print(cache[:pos].to_numpy())
        p.wait()
""",
            "the rows before `pos` are not row `pos`",
        ),
        _valid(
            """

def main() -> None:
    cache = tr.zeros((4, 256))
    for pos in range(3):
        p = copy(cache[pos].partition((64,)), tr.ones((256,))).submit()
        print(cache[pos + 1 :].to_numpy())
        p.wait()
""",
            "the rows after `pos` are not row `pos`",
        ),
        _valid(
            """

def main() -> None:
    front = tr.zeros((256,))
    back = tr.zeros((256,))
    srcs = [tr.ones((256,)) for _ in range(3)]
    for i in range(3):
        p = copy(back.partition((64,)), srcs[i]).submit()
        print(front.to_numpy())
        p.wait()
        front, back = back, front
""",
            "a ping-pong whose op reads an item of another list: `front` is not `back`",
        ),
        _valid(
            """

def main() -> None:
    x = tr.zeros((4, 64))
    p = copy(x.partition((1, 64)), tr.ones((4, 64))).submit()
    xt = x.T
    flat = x.reshape((256,))
    p.wait()
    print(xt.to_numpy(), flat.to_numpy())
""",
            "making a view reads nothing; reading it after the wait is fine",
        ),
        _valid(
            """

def broadcast(dsts: list[tr.Tensor]) -> list[tr.Pending]:
    return [copy(d.partition((64,)), tr.ones((256,))).submit() for d in dsts]


def main() -> None:
    heads = [tr.zeros((256,)) for _ in range(2)]
    pends = broadcast(heads)
    pends[0].wait()
    print(heads[0].to_numpy())
    pends[1].wait()
""",
            "a helper's list of Pendings, waited one by one",
        ),
        _valid(
            """

class Decoder:
    def __init__(self) -> None:
        self.h = tr.ones((256,))
        self.op = None

    def prepare(self) -> None:
        self.op = scale(self.h.partition((64,)), 0.5)

    def step(self) -> None:
        self.op.sync()


def main() -> None:
    dec = Decoder()
    dec.prepare()
    dec.step()
    print(dec.h.to_numpy())
""",
            "a method syncs the op another method kept in an attribute",
        ),
        _valid(
            """

def main() -> None:
    outs = {name: tr.zeros((256,)) for name in ("q", "k")}
    pends = {name: copy(outs[name].partition((64,)), tr.ones((256,))).submit() for name in outs}
    for name, p in pends.items():
        p.wait()
        print(outs[name].to_numpy())
""",
            "a dict comprehension's keys differ: each key's Pending writes that key's tensor",
        ),
    ),
    "TC104": (
        _valid(
            """

def main() -> None:
    t = tr.zeros((256,))
    parts = [t.partition((64,))]
    parts.clear()
    print(t.to_numpy())
    more = [t.partition((64,))]
    del more
    print(t.to_numpy())
""",
            "a cleared (or deleted) list drops its partitions",
        ),
        _valid(
            """

class Momentum:
    def __init__(self) -> None:
        self.buf = tr.ones((256,))
        self.tiles = self.buf.partition((64,))

    def step(self) -> None:
        scale(self.tiles, 0.9).sync()


def main() -> None:
    m = Momentum()
    m.step()
    print(m.buf.to_numpy())
""",
            "a method's launch consumes the partition its instance keeps",
        ),
        _valid(
            """

def main() -> None:
    t = tr.zeros((256,))
    parts = [t.partition((64,))]
    cancelled = True
    if cancelled:
        parts.clear()
    print(t.to_numpy())
""",
            "a flag set true just before: the branch that clears the list is always taken",
        ),
    ),
    "TC108": (
        _valid(
            """

def broadcast(dsts):
    return [copy(d.partition((64,)), tr.ones((256,))).submit() for d in dsts]


def main() -> None:
    heads = [tr.zeros((256,)) for _ in range(3)]
    pends = broadcast(heads)
    for p in pends[:-1]:
        p.wait()
    pends[-1].wait()
""",
            "a helper's Pendings waited through a slice, then the last",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        _invalid(
            """

def main() -> None:
    buf = tr.ones((4, 128))
    copy(buf[:, :64].partition((4, 64)), buf).sync()  # TC101
""",
            "a view written and its whole base read in one launch",
            typed=False,  # the mypy plugin does not follow views
        ),
        _invalid(
            """

def main() -> None:
    h = tr.ones((4, 64))
    flat = h.reshape(-1)
    copy(flat.partition((64,)), h.reshape(256)).sync()  # TC101
""",
            "two reshapes of one tensor, one written and one read in one launch",
            typed=False,
        ),
    ),
    "TC102": (
        _invalid(
            """

def main() -> None:
    x = tr.zeros((4, 64))
    p = copy(x.partition((1, 64)), tr.ones((4, 64))).submit()
    xt = x.T
    print(xt.to_numpy())  # TC102
    p.wait()
""",
            "a view made while its base is written, then read before the wait",
        ),
        _invalid(
            """

def main() -> None:
    cache = tr.zeros((4, 256))
    for pos in range(1, 4):
        p = copy(cache[pos].partition((64,)), tr.ones((256,))).submit()
        print(cache[: pos + 1].to_numpy())  # TC102
        p.wait()
""",
            "the prefix through `pos` holds row `pos`",
        ),
        _invalid(
            """

class Buffers:
    def __init__(self) -> None:
        self.front = tr.zeros((256,))
        self.back = tr.zeros((256,))

    def flip(self) -> None:
        self.front, self.back = self.back, self.front


def main() -> None:
    bufs = Buffers()
    p = copy(bufs.back.partition((64,)), tr.ones((256,))).submit()
    bufs.flip()
    print(bufs.front.to_numpy())  # TC102
    p.wait()
""",
            "after the swap, `front` is the tensor the op writes",
        ),
        _invalid(
            """

def broadcast(dsts: list[tr.Tensor]) -> list[tr.Pending]:
    return [copy(d.partition((64,)), tr.ones((256,))).submit() for d in dsts]


def main() -> None:
    heads = [tr.zeros((256,)) for _ in range(2)]
    pends = broadcast(heads)
    print(heads[0].to_numpy())  # TC102
    for p in pends:
        p.wait()
""",
            "a helper's Pendings still write the list it was given",
        ),
    ),
}
