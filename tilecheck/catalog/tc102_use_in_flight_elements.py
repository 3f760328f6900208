"""More examples of TC102 (use-in-flight): elements taken from containers (by index, by a
counter, by a loop, by unpacking a comprehension's result), instances taken from lists and
attributes a base class sets, views and their base, graphs captured in loops, and callbacks
reported at their read (issue 17)."""

from __future__ import annotations

from tilecheck.catalog import (
    round30o,
    round33b,
    round33b2,
    round34k,
    round36c,
    round37k,
    round37m,
    round38a,
    round38m,
    round38p,
    round38q,
    round38r,
    round39c,
    round39e,
    round39i,
    round39k,
    round39s,
    round40r,
    round40w,
    round41e,
    round41n,
    round41v,
    round41v2,
    round41w,
)
from tilecheck.catalog.base import Case, invalid, valid

VALID: tuple[Case, ...] = (
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    bufs = [tr.zeros((256,)), tr.zeros((256,))]
    prev = None
    for i in range(6):
        pend = scale(bufs[i % 2].partition((64,)), 2.0).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    if prev is not None:
        prev.wait()
    print(bufs[0].to_numpy())
""",
        "ping-pong over `bufs[i % 2]`: the last step's buffer is `bufs[(i - 1) % 2]`, waited "
        "before the next step writes it",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(n: int) -> None:
    bufs = [tr.ones((256,)) for _ in range(n)]
    pends = []
    for i in range(n):
        pends.append(scale(bufs[i].partition((64,)), 2.0).submit())
    for p in pends:
        p.wait()
    print(bufs[0].to_numpy())
""",
        "`bufs[i]` of a loop over `range(n)`: another item each step",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    bufs = [tr.ones((128,)) for _ in range(3)]
    pends = [scale(b.partition((64,)), 2.0).submit() for b in bufs]
    for p, b in zip(pends, bufs):
        p.wait()
        print(b.to_numpy())
""",
        "a comprehension's Pendings line up with what it walks: the step's Pending writes the "
        "step's buffer",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    bufs = [tr.ones((128,)) for _ in range(3)]
    first, *rest = [scale(b.partition((64,)), 2.0).submit() for b in bufs]
    first.wait()
    print(bufs[0].to_numpy())
    for p in rest:
        p.wait()
""",
        "`first` of a comprehension's Pendings writes `bufs[0]`: waited, it is readable",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def fill(z: Mutable[Tensor[f32]], v: float) -> None:
    z.store(z.load() * 0.0 + v)


def main() -> None:
    kv = tr.zeros((2, 128))
    pk = fill(kv[0].partition((64,)), 1.0).submit()
    pv = fill(kv[1].partition((64,)), 2.0).submit()
    print(kv[1].shape)
    pk.wait()
    pv.wait()
    print(kv.to_numpy())
""",
        "two views whose memory is disjoint (`kv[0]`, `kv[1]`) may be written at once",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    hs = [tr.ones((256,)) for _ in range(2)]
    graphs = []
    for h in hs:
        with tr.graph() as g:
            g.record(scale(h.partition((64,)), 2.0))
        graphs.append(g)
    for g in graphs:
        g.launch().wait()
    for g in graphs:
        g.close()
    print([h.to_numpy() for h in hs])
""",
        "graphs kept in a list, launched in one loop and closed in another",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    kv = tr.zeros((2, 128))
    pending = scale(kv.partition((2, 64)), 2.0).submit()
    tr.unsafe.force_release(kv)  # the caller vouches for what follows
    print(kv[1].to_numpy())
    pending.wait()
""",
        "`tr.unsafe.force_release(t)` drops the borrows of `t` itself: the caller vouches for "
        "the rest",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    log = tr.ones((512,))
    start = 0
    last = None
    for _ in range(4):
        running = scale(log[start : start + 128].partition((128,)), 3.0).submit()
        if last is not None:
            last.wait()
        last = running
        start += 128
    if last is not None:
        last.wait()
    print(log.to_numpy()[::128])
""",
        "slices at a moving offset, `log[start : start + 128]` with `start` advancing by the "
        "width: the slice still in flight from the last step never overlaps this step's",
    ),
)

INVALID: tuple[Case, ...] = (
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    log = tr.ones((512,))
    last = None
    for step in range(3):
        at = 64 * step
        running = scale(log[at : at + 128].partition((128,)), 3.0).submit()  # TC102
        if last is not None:
            last.wait()
        last = running
    if last is not None:
        last.wait()
""",
        "slices at a moving offset that moves by less than their width: the one still in flight "
        "from the last step overlaps this step's",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    bufs = [tr.zeros((256,)), tr.zeros((256,))]
    pends = []
    for i in range(4):
        pends.append(scale(bufs[i % 2].partition((64,)), 2.0).submit())  # TC102
    for p in pends:
        p.wait()
""",
        "ping-pong over `bufs[i % 2]` never waiting: two steps later the same buffer is written "
        "again",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    caches = [tr.zeros((128,)) for _ in range(2)]
    src = tr.ones((128,))
    pendings = []
    for c in caches:
        pendings.append(copy(c.partition((64,)), src).submit())
    print(caches[0].to_numpy())  # TC102
    for p in pendings:
        p.wait()
""",
        "a launch in a loop over a list, then an item read by index: the index may be any item "
        "the loop took",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    bufs = [tr.ones((128,)) for _ in range(3)]
    first, *rest = [scale(b.partition((64,)), 2.0).submit() for b in bufs]
    first.wait()
    print(bufs[2].to_numpy())  # TC102
    for p in rest:
        p.wait()
""",
        "waiting for `first` does not wait for `rest`",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


class Block:
    def __init__(self) -> None:
        self.act = tr.ones((256,))

    def forward(self) -> tr.Pending:
        return scale(self.act.partition((64,)), 2.0).submit()


def main() -> None:
    for block in [Block(), Block()]:
        pend = block.forward()
        print(block.act.to_numpy())  # TC102
        pend.wait()
""",
        "instances taken from a list: the method's summary applies to each",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


class Base:
    def __init__(self) -> None:
        self.buf = tr.ones((256,))


class Child(Base):
    def go(self) -> None:
        p = scale(self.buf.partition((64,)), 2.0).submit()
        print(self.buf.to_numpy())  # TC102
        p.wait()
""",
        "an attribute the base class's `__init__` sets, used in a subclass's method",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def fill(z: Mutable[Tensor[f32]], v: float) -> None:
    z.store(z.load() * 0.0 + v)


def main() -> None:
    kv = tr.zeros((2, 128))
    pend = fill(kv[0].partition((64,)), 1.0).submit()
    print(kv.to_numpy())  # TC102
    pend.wait()
""",
        "a view (`kv[0]`) borrows its base: reading `kv` waits for the write to `kv[0]`",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    h = tr.ones((256,))
    graphs = []
    for _ in range(2):
        with tr.graph() as g:
            g.record(scale(h.partition((64,)), 2.0))  # TC102
        g.launch().wait()
        graphs.append(g)
    for g in graphs:
        g.close()
""",
        "a graph captured anew each step while the previous one, never closed, still holds the "
        "tensor",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    acc = tr.zeros((256,))
    history: list[float] = []

    def log_step(accp: tr.Partition, *_: object) -> tr.Op:
        history.append(float(acc.to_numpy()[0]))  # TC102
        return scale(accp, 1.0)

    scale(acc.partition((64,)), 2.0).then(log_step).sync()
""",
        "a named `.then` callback reads on the host while the chain writes: reported at the read",
    ),
)

# Round 30O (``round30o``): what a callee reaches of what it is given.
VALID = (*VALID, *round30o.VALID["TC102"])
INVALID = (*INVALID, *round30o.INVALID["TC102"])
# Round 33B (``round33b``): methods Python runs at a set display, ``list()``, ``*=``, a store.
VALID = (*VALID, *round33b.VALID["TC102"])
INVALID = (*INVALID, *round33b.INVALID["TC102"])
# Round 33B2 (``round33b2``): hashing by a set's or dict's methods, unpacking, sum/enumerate.
VALID = (*VALID, *round33b2.VALID["TC102"])
INVALID = (*INVALID, *round33b2.INVALID["TC102"])
# Round 34K (``round34k``): a two-slot ring's other slot read after the wait through ``prev``.
VALID = (*VALID, *round34k.VALID["TC102"])
INVALID = (*INVALID, *round34k.INVALID["TC102"])
# Round 36C (``round36c``): slices bound to names, the module's tensors' views in functions.
VALID = (*VALID, *round36c.VALID["TC102"])
INVALID = (*INVALID, *round36c.INVALID["TC102"])

VALID = (*VALID, *round37m.VALID["TC102"])
INVALID = (*INVALID, *round37m.INVALID["TC102"])
# Round 37K (``round37k``): a store loop over the keys of a module's dict of literals.
VALID = (*VALID, *round37k.VALID["TC102"])
INVALID = (*INVALID, *round37k.INVALID["TC102"])
# Round 38P (``round38p``): a list filled one item a turn, taken back item by item.
VALID = (*VALID, *round38p.VALID["TC102"])
INVALID = (*INVALID, *round38p.INVALID["TC102"])
# Round 38A (``round38a``): graphs per bucket of a module or class tuple, in functions and methods.
VALID = (*VALID, *round38a.VALID["TC102"])
# Round 38Q (``round38q``): a tensor handed over with its Pending through a queue or a field.
VALID = (*VALID, *round38q.VALID["TC102"])
INVALID = (*INVALID, *round38q.INVALID["TC102"])
# Round 38M (``round38m``): what a ``.then`` callback's launch borrows, held by its chain.
VALID = (*VALID, *round38m.VALID["TC102"])
INVALID = (*INVALID, *round38m.INVALID["TC102"])
# Round 38R (``round38r``): a dict attribute walked by key; a walrus on the right of ``and``.
VALID = (*VALID, *round38r.VALID["TC102"])
INVALID = (*INVALID, *round38r.INVALID["TC102"])
# Round 39S (``round39s``): an attribute given a tensor by a method of its class.
VALID = (*VALID, *round39s.VALID["TC102"])
INVALID = (*INVALID, *round39s.INVALID["TC102"])
# Round 39K (``round39k``): loops over filtered comprehensions and parameters' keys, slot by slot.
VALID = (*VALID, *round39k.VALID["TC102"])
# Round 39I (``round39i``): computed indices folded; ring buffers with a bounded queue.
VALID = (*VALID, *round39i.VALID["TC102"])
INVALID = (*INVALID, *round39i.INVALID["TC102"])
# Round 39E (``round39e``): records kept in a list or dict the scope walks.
VALID = (*VALID, *round39e.VALID["TC102"])
INVALID = (*INVALID, *round39e.INVALID["TC102"])
# Round 39C (``round39c``): calls in comprehensions; a function's tables of lambdas and defs.
VALID = (*VALID, *round39c.VALID["TC102"])
INVALID = (*INVALID, *round39c.INVALID["TC102"])
# Round 40W (``round40w``): the turn's key in walks of a dict or of a display of keys.
VALID = (*VALID, *round40w.VALID["TC102"])
INVALID = (*INVALID, *round40w.INVALID["TC102"])
# Round 40R (``round40r``): a `.then` callback's launch borrows from the chain's run.
VALID = (*VALID, *round40r.VALID["TC102"])
INVALID = (*INVALID, *round40r.INVALID["TC102"])
# Round 41V (``round41v``): parts of a tensor indexed by values no one knows.
VALID = (*VALID, *round41v.VALID["TC102"])
INVALID = (*INVALID, *round41v.INVALID["TC102"])
# Round 41E (``round41e``): what a parameter is, read from every call of its function.
VALID = (*VALID, *round41e.VALID["TC102"])
INVALID = (*INVALID, *round41e.INVALID["TC102"])
# Round 41W (``round41w``): a walk's fill with a ``with`` block, an annotated dict.
VALID = (*VALID, *round41w.VALID["TC102"])
INVALID = (*INVALID, *round41w.INVALID["TC102"])
# Round 41N (``round41n``): closures over a container's item, hooks in an attribute list.
VALID = (*VALID, *round41n.VALID["TC102"])
INVALID = (*INVALID, *round41n.INVALID["TC102"])
# Round 41V2 (``round41v2``): walks of written-out lists whose items all differ.
VALID = (*VALID, *round41v2.VALID["TC102"])
INVALID = (*INVALID, *round41v2.INVALID["TC102"])
