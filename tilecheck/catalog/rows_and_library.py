"""Examples of issue 17's last patterns, by the rule they belong to: rows of (tensor, Pending)
and (index, Pending) built by ``append`` and unpacked by a later loop, dicts of Pendings stored
by another dict's keys, ``tilert.kernels`` functions (what each writes is declared in the
library), ``functools.partial`` of a kernel and a numpy array passed for a Mutable parameter.
The VALID ones are the correct forms of the same code (no false alarm)."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid

_SCALE = """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.full((256,), float(i)) for i in range(4)]
    pairs = []
    for t in bufs:
        pairs.append((t, scale(t.partition((64,)), 2.0).submit()))
    for t, pending in pairs:
        pending.wait()  # waits for the op that writes this row's `t`
        print(t.to_numpy()[0])
""",
            "(tensor, Pending) rows appended in a loop: each row's Pending writes its own tensor",
        ),
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.full((256,), float(i)) for i in range(4)]
    jobs = []
    for i, t in enumerate(bufs):
        jobs.append((i, scale(t.partition((64,)), 2.0).submit()))
    for i, p in jobs:
        p.wait()
        print(bufs[i].to_numpy()[0])  # the row's index names the tensor its Pending wrote
""",
            "(index, Pending) rows: the index is that of the tensor the Pending writes",
        ),
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = {"q": tr.zeros((256,)), "k": tr.ones((256,))}
    pends = {}
    for name, t in bufs.items():
        pends[name] = scale(t.partition((64,)), 2.0).submit()
    for name, p in pends.items():
        p.wait()
        print(name, bufs[name].to_numpy()[0])
""",
            "a dict of Pendings stored by the keys of the dict of tensors they write",
        ),
        valid(
            _SCALE
            + """
def main() -> None:
    results = []
    for n in ("a", "b", "c"):
        out = tr.ones((256,))
        results.append((n, out, scale(out.partition((64,)), 2.0).submit()))
    for n, out, p in results:
        p.wait()
        print(n, out.to_numpy()[0])
""",
            "rows of three: a label, the tensor and the Pending that writes it",
        ),
        valid(
            """\
import tilert as tr
import tilert.kernels as tk


def main() -> None:
    out, res = tr.zeros((4, 256)), tr.zeros((4, 256))
    x, w = tr.ones((4, 256)), tr.ones((256,))
    p = tk.rmsnorm(out, x, w, residual=res).submit()
    print(x.to_numpy()[0, 0], w.to_numpy()[0])  # the op only reads x and w
    p.wait()
    print(out.to_numpy()[0, 0], res.to_numpy()[0, 0])
""",
            "a `tilert.kernels` op reads its inputs: they may be read while it runs",
        ),
    ),
    "TC105": (
        valid(
            "import functools\n\n"
            + _SCALE
            + """

def main() -> None:
    h = tr.ones((256,))
    halve = functools.partial(scale, a=0.5)
    halve(h.partition((64,))).sync()
    print(h.to_numpy()[0])
""",
            "a kernel with a scalar bound by `functools.partial`, run",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    pairs = []
    for t in bufs:
        pairs.append((t, scale(t.partition((64,)), 2.0).submit()))
    for t, pending in pairs:
        print(t.to_numpy()[0])  # TC102
        pending.wait()
""",
            "the row's tensor read before its Pending is waited",
        ),
        invalid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    jobs = []
    for i, t in enumerate(bufs):
        jobs.append((i, scale(t.partition((64,)), 2.0).submit()))
    for i, p in jobs:
        p.wait()
        print(bufs[(i + 1) % 4].to_numpy()[0])  # TC102
""",
            "the next row's tensor read: its Pending is not waited yet",
        ),
        invalid(
            _SCALE
            + """
def main() -> None:
    bufs = {"q": tr.zeros((256,)), "k": tr.zeros((256,))}
    pends = {}
    for name, t in bufs.items():
        pends[name] = scale(t.partition((64,)), 2.0).submit()
    for name, p in pends.items():
        if name == "q":
            p.wait()
    print(bufs["k"].to_numpy()[0])  # TC102
""",
            "only one of the dict's Pendings waited",
        ),
        invalid(
            """\
import tilert as tr
import tilert.kernels as tk


def main() -> None:
    out, res = tr.zeros((4, 256)), tr.zeros((4, 256))
    x, w = tr.ones((4, 256)), tr.ones((256,))
    p = tk.rmsnorm(out, x, w, residual=res).submit()
    print(res.to_numpy()[0, 0])  # TC102
    p.wait()
""",
            "`residual` of `tk.rmsnorm` is written by the op (declared with `@writes`)",
            typed=False,
        ),
        invalid(
            """\
import tilert as tr
from tilert.kernels import softmax


def main() -> None:
    out, x = tr.zeros((4, 256)), tr.ones((4, 256))
    p = softmax(out, x).submit()
    print(out.to_numpy()[0, 0])  # TC102
    p.wait()
""",
            "the output of a `tilert.kernels` function read while its op runs",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            """\
import tilert as tr
import tilert.kernels as tk


def main() -> None:
    out, x = tr.zeros((4, 256)), tr.ones((4, 256))
    tk.softmax(out, x)  # TC105
    print(x.to_numpy()[0, 0])
""",
            "a `tilert.kernels` op made and dropped",
            typed=False,
        ),
        invalid(
            "import functools\n\n"
            + _SCALE
            + """

def main() -> None:
    h = tr.ones((256,))
    halve = functools.partial(scale, a=0.5)
    op = halve(h.partition((64,)))  # TC105
    print(op)
""",
            "an op made through `functools.partial`, never run",
            typed=False,
        ),
    ),
    "TC106": (
        invalid(
            """\
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    copy(np.zeros(256, dtype=np.float32), tr.ones((256,))).sync()  # TC106
""",
            "a numpy array for a Mutable parameter (a TypeError at run time)",
            typed=False,
        ),
    ),
}
