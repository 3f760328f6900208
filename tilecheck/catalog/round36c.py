"""Examples of round 36C of issue 17 (regions of views): a name bound to ``slice(lo, hi[,
step])`` (or a tuple of slices, or a call of a module function returning one) used as an index
is that slice (``tilecheck.host.slice_names``), so turns of a loop take parts apart and constant
parts meet or not by their bounds; a module's tensor named in a function or a method is the
module's object (``tilecheck.host.global_views``): its views there relate as a local tensor's
do; a bound counted from the end is a part of its own (``tilecheck.host.end_slices``:
``x[:-64]`` and ``x[-64:]`` are apart whatever the length), and a plain one where
``tr.from_numpy`` is given an array whose shape the syntax shows
(``tilecheck.host.array_shapes``). The VALID ones run clean and must stay silent; the INVALID
ones are real errors (the interpreter raises, or tilert warns, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

import numpy as np
C = 256
x = tr.from_numpy(np.ones(4 * C, np.float32))
y = tr.empty((4 * C,))
ps = []
for start in range(0, 4 * C, C):
    ch = slice(start, start + C)
    ps.append(copy(y[ch].partition((64,)), x[ch]).submit())
for p in ps:
    p.wait()
print(y.to_numpy()[:2])
""",
            "`ch = slice(start, start + C)` in a loop: each turn's `y[ch]` is `y[start : "
            "start + C]`, apart from the earlier turns' (all waited after the loop)",
        ),
        valid(
            """

B = 64


def block(i: int) -> slice:
    return slice(i * B, (i + 1) * B)


def run(out: tr.Tensor, src: tr.Tensor) -> None:
    pending = []
    for i in range(4):
        pending.append(copy(out[block(i)].partition((64,)), src[block(i)]).submit())
    for p in pending:
        p.wait()


y = tr.empty((256,))
run(y, tr.ones((256,)))
print(y.to_numpy()[:2])
""",
            "`out[block(i)]` of a module function returning `slice(i * B, (i + 1) * B)`: a "
            "different block each turn",
        ),
        valid(
            """

class Chunker:
    def __init__(self, n: int) -> None:
        self.n = n
        self.out = tr.zeros((n,))

    def fill(self, src: tr.Tensor) -> None:
        waits = []
        for lo in range(0, self.n, 128):
            part = slice(lo, lo + 128)
            waits.append(scale(self.out[part].partition((128,)), 2.0).submit())
        for w in waits:
            w.wait()


c = Chunker(512)
c.fill(tr.ones((512,)))
print(c.out.to_numpy()[:2])
""",
            "a method's loop binding `part = slice(lo, lo + 128)`: each turn's part is its own",
        ),
        valid(
            """

y = tr.zeros((1024,))
for k in range(3):
    win = slice(k * 256, (k + 1) * 256)
    nxt = slice((k + 1) * 256, (k + 2) * 256)
    p = scale(y[win].partition((256,)), 2.0).submit()
    print(y[nxt].to_numpy()[0])
    p.wait()
""",
            "this turn's window written in flight while the next turn's window is read",
        ),
        valid(
            """

import numpy as np

arr = tr.from_numpy(np.random.default_rng(0).standard_normal(1000).astype(np.float32))
head = arr[:-100]
tail = arr[-100:]
p = scale(head.partition((128,)), 0.5).submit()
print(float(tail.to_numpy()[0]))
p.wait()
""",
            "the tail `arr[-100:]` read while the head `arr[:-100]` is written in flight: "
            "apart for any length",
        ),
        valid(
            """

import numpy as np

grid = tr.from_numpy(np.linspace(0.0, 1.0, 320, dtype=np.float32))
left = grid[:-64]
right = grid[-64:]
p = scale(left.partition((64,)), 2.0).submit()
print(float(right.to_numpy()[0]))
p.wait()
""",
            "`np.linspace(0, 1, 320)`: the last 64 read while the first 256 are written",
        ),
        valid(
            """

N = 512


def fill() -> None:
    acc = tr.zeros((N,))
    ps = [scale(acc[i * 128 : (i + 1) * 128].partition((128,)), 2.0).submit() for i in range(4)]
    for p in ps:
        p.wait()
    print(acc.to_numpy()[:2])


fill()
""",
            "a comprehension over `range(4)` submits on `acc[i * 128 : (i + 1) * 128]`: each "
            "step's window is its own",
        ),
        valid(
            """

G = tr.zeros((256,))


def work() -> None:
    p = scale(G[:128].partition((128,)), 2.0).submit()
    print(G[128:].to_numpy()[0])
    p.wait()


work()
""",
            "a function reads the other half of the module's tensor while the first half is "
            "written",
        ),
    ),
    "TC101": (
        valid(
            """

def main() -> None:
    buf = tr.ones((256,))
    lo = slice(0, 128)
    hi = slice(128, 256)
    copy(buf[lo].partition((64,)), buf[hi]).sync()
    print(buf.to_numpy()[:2])
""",
            "two names bound to constant slices that are apart",
        ),
        valid(
            """

def main() -> None:
    grid = tr.ones((4, 128))
    left = (slice(None), slice(0, 64))
    right = (slice(None), slice(64, 128))
    copy(grid[left].partition((4, 64)), grid[right]).sync()
    print(grid.to_numpy()[0, :2])
""",
            "tuples of slices as 2-D indices: the left and right halves are apart",
        ),
        valid(
            """

async def main() -> None:
    buf = tr.ones((512,))
    n = 256
    head = slice(None, n)
    tail = slice(n, None)
    await copy(buf[head].partition((64,)), buf[tail])
    print(buf.to_numpy()[:2])
""",
            "`slice(None, n)` and `slice(n, None)` in a coroutine: complementary parts",
        ),
        valid(
            """

def main() -> None:
    buf = tr.ones((256,))
    even = slice(0, None, 2)
    odd = slice(1, None, 2)
    copy(buf[even].partition((64,)), buf[odd]).sync()
    print(buf.to_numpy()[:2])
""",
            "`slice(0, None, 2)` and `slice(1, None, 2)`: the even and odd elements are apart",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((128,))
    body = x[:-64]
    rest = x[-64:]
    copy(body.partition((64,)), rest).sync()
    print(x.to_numpy()[:2])
""",
            "`x[:-64]` and `x[-64:]`: the two sides of `len - 64`, apart whatever the length",
        ),
        valid(
            """

import numpy as np


def main() -> None:
    t = tr.from_numpy(np.ones(4, np.float32))
    copy(t[2:].partition((2,)), t[:-2]).sync()
    print(t.to_numpy())
""",
            "`t[2:]` and `t[:-2]` of a 4-element array are apart (the length is used, not guessed)",
        ),
        valid(
            """

W = 256
hist = tr.zeros((2 * W,))


def push() -> None:
    copy(hist[:W].partition((64,)), hist[W:]).sync()


push()
print(hist.to_numpy()[:2])
""",
            "a function's views `hist[:W]` and `hist[W:]` of the module's tensor are apart",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            """

import numpy as np
C = 256
x = tr.from_numpy(np.ones(4 * C, np.float32))
y = tr.empty((4 * C,))
for start in range(0, 4 * C, C):
    ch = slice(start, start + C)
    p = copy(y[ch].partition((64,)), x[ch]).submit()  # TC108
p.wait()
print(y.to_numpy()[:2])
""",
            "`ch = slice(start, start + C)` in a loop, `p` rebound every turn: the earlier "
            "turns' Pendings are dropped unwaited",
        ),
        invalid(
            """

B = 64


def block(i: int) -> slice:
    return slice(i * B, (i + 1) * B)


y = tr.empty((256,))
x = tr.ones((256,))
for i in range(4):
    s = block(i)
    p = copy(y[s].partition((64,)), x[s]).submit()  # TC108
p.wait()
print(y.to_numpy()[:2])
""",
            "`s = block(i)` of a helper returning a slice, `p` rebound each turn: earlier "
            "Pendings dropped",
        ),
    ),
    "TC101": (
        invalid(
            """

def main() -> None:
    buf = tr.ones((256,))
    first = slice(0, 160)
    second = slice(96, None)
    copy(buf[first].partition((64,)), buf[second]).sync()  # TC101
    print(buf.to_numpy()[:2])
""",
            "two names bound to constant slices that overlap: the launch writes one and reads "
            "the other",
            typed=False,
        ),
        invalid(
            """

def main() -> None:
    grid = tr.ones((4, 128))
    top = (slice(0, 2), slice(None))
    rows = slice(1, 3)
    copy(grid[top].partition((2, 128)), grid[rows, :]).sync()  # TC101
    print(grid.to_numpy()[0, :2])
""",
            "a tuple of slices and a name beside `:`: rows 0-1 and rows 1-2 overlap",
            typed=False,
        ),
        invalid(
            """

async def main() -> None:
    buf = tr.ones((512,))
    n = 256
    head = slice(None, n)
    tail = slice(n - 64, None)
    await copy(buf[head].partition((64,)), buf[tail])  # TC101
    print(buf.to_numpy()[:2])
""",
            "`slice(None, n)` and `slice(n - 64, None)` in a coroutine: the parts overlap",
            typed=False,
        ),
        invalid(
            """

import numpy as np

buf = tr.from_numpy(np.ones(257, np.float32))
cur = buf[1:]
prev = buf[:-1]
copy(cur.partition((64,)), prev).sync()  # TC101
print(buf.to_numpy()[:2])
""",
            "`buf[1:]` and `buf[:-1]` of `tr.from_numpy(np.ones(257))`: the array's length "
            "makes both plain parts, which overlap",
            typed=False,
        ),
        invalid(
            """

import numpy as np


def shift() -> None:
    data = np.arange(4096, dtype=np.float32)
    t = tr.from_numpy(data)
    copy(t[:-64].partition((64,)), t[64:]).sync()  # TC101
    print(t.to_numpy()[:2])


shift()
""",
            "a function's `t = tr.from_numpy(data)` of `data = np.arange(4096)`: `t[:-64]` "
            "and `t[64:]` overlap",
            typed=False,
        ),
        invalid(
            """

import numpy as np

N = 1024
host = np.zeros(N, dtype=np.float32)
t = tr.from_numpy(host)
copy(t[8:].partition((64,)), t[:-8]).sync()  # TC101
print(t.to_numpy()[:2])
""",
            "a module's array bound once by `np.zeros(N)`, its tensor's `t[8:]` and `t[:-8]` "
            "overlap",
            typed=False,
        ),
        invalid(
            """

import numpy as np

SEQ = 512
padded = tr.from_numpy(np.concatenate([np.zeros(1), np.arange(SEQ)]).astype(np.float32))
copy(padded[1:].partition((64,)), padded[:-1]).sync()  # TC101
print(padded.to_numpy()[:2])
""",
            "`np.concatenate([np.zeros(1), np.arange(SEQ)])` has SEQ + 1 elements: `[1:]` and "
            "`[:-1]` overlap",
            typed=False,
        ),
        invalid(
            """

import numpy as np

img = tr.from_numpy(np.zeros((4, 130), np.float32))
copy(img[:, 2:].partition((4, 64)), img[:, :-2]).sync()  # TC101
print(img.to_numpy()[0, :2])
""",
            "a 2-D array's shape: `img[:, 2:]` and `img[:, :-2]` overlap",
            typed=False,
        ),
        invalid(
            """

import numpy as np


class Smoother:
    def __init__(self) -> None:
        rng = np.random.default_rng(0)
        self.x = tr.from_numpy(rng.standard_normal(512).astype(np.float32))

    def shift(self) -> None:
        x = self.x
        copy(x[:-1].partition((128,)), x[1:]).sync()


def run() -> None:
    rng = np.random.default_rng(1)
    data = tr.from_numpy(rng.standard_normal(size=1024).astype(np.float32))
    copy(data[:-1].partition((128,)), data[1:]).sync()  # TC101


run()
""",
            "`rng.standard_normal(size=1024)` of a generator bound once: the tensor's length "
            "is known",
            typed=False,
        ),
        invalid(
            """

W = 256
hist = tr.zeros((W + 1,))


def push() -> None:
    copy(hist[:W].partition((64,)), hist[1:]).sync()  # TC101


push()
""",
            "a function's views `hist[:W]` and `hist[1:]` of the module's tensor overlap",
            typed=False,
        ),
        invalid(
            """

RING = tr.zeros((129,))


class Shifter:
    def step(self) -> None:
        copy(RING[:-1].partition((64,)), RING[1:]).sync()  # TC101


Shifter().step()
""",
            "a method's `RING[:-1]` and `RING[1:]` of the module's `tr.zeros((129,))` overlap",
            typed=False,
        ),
        invalid(
            """

import asyncio

STATE = tr.ones((128,))


async def update() -> None:
    await copy(STATE[:64].partition((64,)), STATE)  # TC101


asyncio.run(update())
""",
            "a coroutine writes `STATE[:64]` of the module's tensor and reads all of `STATE`",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            """

buf = tr.zeros((512,))
win = slice(0, 128)
for _ in range(3):
    p = scale(buf[win].partition((128,)), 2.0).submit()  # TC102
p.wait()
""",
            "one constant slice bound before the loop: every turn partitions the same part "
            "while the last turn's op writes it",
        ),
        invalid(
            """

y = tr.zeros((512,))
start = 0
ch = slice(start, start + 128)
for _ in range(2):
    p = scale(y[ch].partition((128,)), 2.0).submit()  # TC102
    start += 128
p.wait()
""",
            "a slice of `start` bound before the loop, `start` moved on after: the slice "
            "stays the first part, so every turn's partition meets the last turn's op",
        ),
        invalid(
            """

import numpy as np

buf = tr.from_numpy(np.arange(512, dtype=np.float32))
p = scale(buf[:-64].partition((64,)), 2.0).submit()
print(float(buf[-128:].to_numpy()[0]))  # TC102
p.wait()
""",
            "`buf[-128:]` read while `buf[:-64]` of a 512-element array is written in flight",
        ),
        invalid(
            """

def main() -> None:
    acc = tr.zeros((640,))
    ps = [
        scale(acc[i * 64 : i * 64 + 128].partition((128,)), 2.0).submit()  # TC102
        for i in range(4)
    ]
    for p in ps:
        p.wait()
""",
            "a comprehension's windows `acc[i * 64 : i * 64 + 128]`: each step's meets the "
            "one before, still in flight",
        ),
        invalid(
            """

G = tr.zeros((256,))


def work() -> None:
    p = scale(G[:128].partition((128,)), 2.0).submit()
    print(G[64:192].to_numpy()[0])  # TC102
    p.wait()


work()
""",
            "a function reads a part of the module's tensor that meets the half written in flight",
        ),
    ),
}
