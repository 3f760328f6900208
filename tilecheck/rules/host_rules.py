"""TC1xx: the host-side ownership rules, checked by ``tilecheck.host`` over each function body
and the module body. Every example is a complete module; a ``# TC1xx`` comment marks the line
where an INVALID example's finding is reported."""

from __future__ import annotations

import re
import textwrap

from tilecheck.rules.base import Case, Rule, expected_from_markers

_KERNELS = {
    "scale": """\
@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)
""",
    "pscale": """\
@tr.kernel
def pscale(z: Mutable[Tensor[f32]], a: float) -> None:
    for idx in z.tiles():
        z.store(z.load(at=idx) * a, at=idx)
""",
    "copy": """\
@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))
""",
    "add": """\
@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))
""",
    "cuda_add": """\
ADD = 'extern "C" __global__ void add(float* z, const float* x, int n) { /* ... */ }'
cuda_add = tr.cuda_kernel(
    ADD, "add", params=[Mutable[Tensor[f32]], Shared[Tensor[f32]], int], block=256
)
""",
    "fill2": """\
@tr.kernel
def fill2(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], v: float) -> None:
    a.store(tl.full(a.tile_shape, v, tl.f32))
    b.store(tl.full(b.tile_shape, v, tl.f32))
""",
}


def _imports(code: str) -> str:
    """The imports ``code`` needs, grouped as the examples group them."""
    groups = ["import numpy as np\n"] if "np." in code else []
    tilert = ["import tilert as tr\n"]
    if "tl." in code:
        tilert.append("import tilert.lang as tl\n")
    names = [n for n in ("Mutable", "Shared", "Tensor", "f32") if re.search(rf"\b{n}\b", code)]
    if names:
        tilert.append(f"from tilert import {', '.join(names)}\n")
    return "\n".join([*groups, "".join(tilert)])


def _module(body: str) -> str:
    """The example's host code after the imports and the kernels it calls."""
    body = textwrap.dedent(body).strip("\n") + "\n"
    used = [
        src for name, src in _KERNELS.items() if re.search(rf"\b{name}(\(|\.with_options\()", body)
    ]
    code = "\n\n".join([*used, body])
    return "\n\n".join([_imports(code), *used, body]).replace("\n\n\n\n", "\n\n\n")


def valid(body: str, note: str = "") -> Case:
    return Case(_module(body), (), note)


def invalid(body: str, note: str = "", *, typed: bool = True, optional: bool = False) -> Case:
    """``optional``: tilert imported as an optional dependency, ``tr = None`` without it."""
    code = _module(body)
    if optional:
        code = _optional_tilert(code)
        typed = False  # mypy refuses ``tr = None`` for a module
    expect = expected_from_markers(code)
    assert expect, f"an INVALID example needs a `# TC1xx` marker:\n{code}"
    return Case(code, expect, note, typed)


def _optional_tilert(code: str) -> str:
    """The tilert imports moved into ``try:``, with a ``None`` fallback."""
    lines = code.split("\n")
    tilert = [
        n for n, text in enumerate(lines) if text.startswith(("import tilert", "from tilert"))
    ]
    first, last = tilert[0], tilert[-1]
    block = ["try:", *(f"    {text}" for text in lines[first : last + 1])]
    block += ["except ImportError:  # tilert is optional", "    tr = None"]
    return "\n".join([*lines[:first], *block, *lines[last + 1 :]])


TC101 = Rule(
    code="TC101",
    slug="mutable-alias",
    summary="a tensor passed as a Mutable partition and again (Shared or Mutable) in one launch",
    explanation="""\
A launch writes each Mutable argument through a partition: every tile block owns one tile and
writes it while the other blocks run at the same time. If the same tensor is also passed as a
Shared argument, blocks read elements that other blocks are writing, in no defined order; if it
is passed as two Mutable partitions, two blocks own the same elements. Either way the result
depends on the GPU's scheduling: a data race.

tilecheck follows names through aliases (`w = z`) and reports the argument that repeats a
tensor already written through a partition of the same launch. Inside one call this rule is
reported instead of TC104 (the partition is alive while the call's arguments are evaluated, but
the root cause is the aliasing).

Fix: write into a separate output tensor and copy back afterwards, or split the work into two
launches that run one after the other (sync the first before launching the second).""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                x = tr.ones((256,))
                z = tr.zeros((256,))
                add(z.partition((64,)), x, x).sync()
            """,
            "the same tensor twice as Shared is fine: both only read",
        ),
        valid(
            """
            def main() -> None:
                a, b = tr.zeros((256,)), tr.zeros((256,))
                fill2(a.partition((64,)), b.partition((64,)), 1.0).sync()
            """,
            "two Mutable partitions of two tensors",
        ),
        valid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                copy(z.partition((64,)), x).sync()
                copy(x.partition((64,)), z).sync()
            """,
            "one launch after the other, each synced",
        ),
        valid(
            """
            def main() -> None:
                a, b = tr.ones((256,)), tr.zeros((256,))
                for _ in range(3):
                    copy(b.partition((64,)), a).sync()
                    a, b = b, a
            """,
            "ping-pong: after the swap each name may hold either tensor, never both the same",
        ),
        valid(
            """
            def main(forward: bool) -> None:
                x, y = tr.ones((256,)), tr.zeros((256,))
                if forward:
                    src, dst = x, y
                else:
                    src, dst = y, x
                copy(dst.partition((64,)), src).sync()
            """,
            "source and destination picked per branch: different tensors on every path",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.ones((256,))
                add(z.partition((64,)), z, z).sync()  # TC101
            """,
            "written through a partition and read by the same launch",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                fill2(p, p, 1.0).sync()  # TC101
            """,
            "one partition passed to two Mutable parameters",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                fill2(z.partition((64,)), z.partition((32,)), 1.0).sync()  # TC101
            """,
            "two partitions of one tensor in one launch (TC101, not TC104)",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                w = z
                copy(z.partition((64,)), w).sync()  # TC101
            """,
            "an alias is the same tensor",
        ),
        invalid(
            """
            def main() -> None:
                a, b = tr.ones((256,)), tr.zeros((256,))
                for _ in range(3):
                    copy(b.partition((64,)), a).sync()
                    a, b = b, a
                copy(b.partition((64,)), b).sync()  # TC101
            """,
            "one name is one tensor, whichever of two it may be",
        ),
        invalid(
            """
            def main(inplace: bool) -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                w = z if inplace else x
                copy(z.partition((64,)), w).sync()  # TC101
            """,
            "an argument that may alias one tensor on some path is an alias there",
            typed=False,
        ),
        invalid(
            """
            fast_add = add.with_options(occupancy=2)


            def main() -> None:
                z = tr.zeros((256,))
                fast_add(z.partition((64,)), z, z).sync()  # TC101
            """,
            "a variant of a kernel kept under another name is the same kernel",
        ),
    ),
)

TC102 = Rule(
    code="TC102",
    slug="use-in-flight",
    summary="a use of a tensor that an unreleased op writes",
    explanation="""\
A kernel call returns an Op that holds its borrows from the moment it is created: a Mutable
partition's tensor exclusively. After `.submit()` the GPU may be writing the tensor at any
moment until the Pending is waited on; a graph holds what its recorded ops write until
`g.close()`. Reading the tensor on the host, copying into it, partitioning it again or passing
it to another launch in that window races with the device: the host sees half-written data, or
two writers interleave.

The check is flow-sensitive and conservative at merges, as Rust's borrow checker is: waiting on
one branch only leaves the tensor in flight on the other, so a use after the merge is reported
(with the wait on the other branch shown). In a loop, an op submitted in one iteration and not
waited on is still in flight when the next iteration partitions the same tensor. Aliases
(`w = z`) are followed. `.done()` returning True does not release anything; only `.sync()`,
`.wait()`, `await` and `g.close()` do. Metadata (`shape`, `dtype`, `strides`, `device`) is
always readable.

Fix: wait for the op before the use (`pending.wait()`, `await op`, `op.sync()`), on every path;
or pass the tensor on inside the same `.then` chain or graph, which run in order.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                print(z.shape, z.dtype)  # metadata is always readable
                pending.wait()
                print(z.to_numpy())
            """,
            "read after the wait",
        ),
        valid(
            """
            def main(fast: bool) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                if fast:
                    pending.wait()
                else:
                    pending.wait()
                    print("slow path")
                print(z.to_numpy())
            """,
            "waited on every branch",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                for step in range(4):
                    pending = scale(z.partition((64,)), float(step)).submit()
                    pending.wait()
                print(z.to_numpy())
            """,
            "submit then wait inside the loop body",
        ),
        valid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                op = add(z.partition((64,)), x, x).then(lambda zp, *_: scale(zp, 10.0))
                op.sync()
                print(z.to_numpy())
            """,
            "a .then chain passes the partition from one op to the next",
        ),
        valid(
            """
            def main() -> None:
                x, y = tr.ones((1024,)), tr.zeros((1024,))
                with tr.graph() as g:
                    g.record(copy(y.partition((256,)), x))
                    g.record(scale(y.partition((256,)), 2.0))  # the graph hands y on
                for _ in range(3):
                    g.launch().wait()
                g.close()
                print(y.to_numpy())
            """,
            "a graph passes a tensor from op to op; read after close",
        ),
        valid(
            """
            async def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                await add(z.partition((64,)), x, x)
                print(z.to_numpy())
            """,
            "await releases",
        ),
        valid(
            """
            def main() -> None:
                a, b = tr.ones((256,)), tr.zeros((256,))
                for _ in range(4):
                    pending = scale(b.partition((64,)), 2.0).submit()
                    print(a.to_numpy())
                    pending.wait()
                    a, b = b, a
            """,
            "ping-pong: `a` may hold either tensor after the swap, never the one `b` holds",
        ),
        valid(
            """
            def main() -> None:
                x = tr.ones((256,))
                zs = [tr.zeros((256,)) for _ in range(3)]
                prev = None
                prev_pending = None
                for z in zs:
                    pending = add(z.partition((64,)), x, x).submit()
                    if prev is not None and prev_pending is not None:
                        prev_pending.wait()
                        print(prev.to_numpy())
                    prev, prev_pending = z, pending
                if prev_pending is not None:
                    prev_pending.wait()
            """,
            "pipelining: the previous iteration's tensor, waited on, while this one's is written",
        ),
        valid(
            """
            def main(n: int) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                match n:
                    case 0:
                        pending.wait()
                    case _:
                        pending.wait()
                print(z.to_numpy())
            """,
            "waited in every case of a `match` ending in `case _:` (no path skips every case)",
        ),
        valid(
            """
            def main(n: int) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                match n:
                    case 0:
                        pending.wait()
                    case other:
                        print(other)
                        pending.wait()
                print(z.to_numpy())
            """,
            "a capture pattern without a guard always matches, as `case _:` does",
        ),
        valid(
            """
            import asyncio


            async def main() -> None:
                a, b = tr.zeros((256,)), tr.zeros((256,))
                await asyncio.gather(scale(a.partition((64,)), 2.0), scale(b.partition((64,)), 3.0))
                print(a.to_numpy(), b.to_numpy())
            """,
            "independent ops gathered, read after the await",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()

                def finish() -> None:
                    pending.wait()

                finish()
                print(z.to_numpy())
            """,
            "a closure that waits, called before the read",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                if (pending := scale(z.partition((64,)), 2.0).submit()) is not None:
                    pending.wait()
                print(z.to_numpy())
            """,
            "a walrus in the test narrows the name it binds, as the plain name would",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                if pending := scale(z.partition((64,)), 2.0).submit():
                    pending.wait()
                print(z.to_numpy())
            """,
            "a Pending is always true: the walrus's name is waited on where it holds one",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                print(z.to_numpy())  # TC102
                pending.wait()
            """,
            "read on the host while the submitted op writes",
        ),
        invalid(
            """
            def main() -> None:
                a, b = tr.ones((256,)), tr.zeros((256,))
                for _ in range(4):
                    pending = scale(b.partition((64,)), 2.0).submit()
                    print(b.to_numpy())  # TC102
                    pending.wait()
                    a, b = b, a
            """,
            "ping-pong: the name written is in flight, whichever tensor it holds",
        ),
        invalid(
            """
            def main() -> None:
                a, b = tr.ones((256,)), tr.zeros((256,))
                for _ in range(4):
                    pending = scale(b.partition((64,)), 2.0).submit()
                    c = b
                    print(c.to_numpy())  # TC102
                    pending.wait()
                    a, b = b, a
            """,
            "ping-pong: an alias of the name written",
        ),
        invalid(
            """
            def main() -> None:
                a, b = tr.ones((256,)), tr.zeros((256,))
                for _ in range(4):
                    pending = scale(b.partition((64,)), 2.0).submit()
                    a, b = b, a
                    print(a.to_numpy())  # TC102
                    pending.wait()
            """,
            "ping-pong: after the swap `a` holds the tensor written",
        ),
        invalid(
            """
            def main() -> None:
                x = tr.ones((256,))
                zs = [tr.zeros((256,)) for _ in range(3)]
                prev = None
                prev_pending = None
                for z in zs:
                    pending = add(z.partition((64,)), x, x).submit()
                    if prev is not None and prev_pending is not None:
                        print(prev.to_numpy())  # TC102
                        prev_pending.wait()
                    prev, prev_pending = z, pending
                if prev_pending is not None:
                    prev_pending.wait()
            """,
            "pipelining: the previous iteration's tensor before its wait",
        ),
        invalid(
            """
            def main() -> None:
                x = tr.ones((256,))
                zs = [tr.zeros((256,)) for _ in range(3)]
                prev = None
                prev_pending = None
                for z in zs:
                    pending = add(z.partition((64,)), x, x).submit()
                    if prev is not None and prev_pending is not None:
                        prev_pending.wait()
                        print(z.to_numpy())  # TC102
                    prev, prev_pending = z, pending
                if prev_pending is not None:
                    prev_pending.wait()
            """,
            "pipelining: this iteration's tensor, after the previous one's wait",
        ),
        invalid(
            """
            def main(check: bool) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                if check:
                    pending.wait()
                print(z.to_numpy())  # TC102
            """,
            "waited on one branch only",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = None
                for step in range(4):
                    pending = scale(z.partition((64,)), float(step)).submit()  # TC102
                if pending is not None:
                    pending.wait()
            """,
            "the previous iteration's op is still in flight when the loop comes around",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                w = z
                w.copy_from(np.zeros(256, np.float32))  # TC102
                pending.wait()
            """,
            "an alias of an in-flight tensor",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)
                print(z.to_numpy())  # TC102
                op.sync()
            """,
            "an op holds its borrows from its creation, before it runs",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                pending.done()
                print(z.to_numpy())  # TC102
                pending.wait()
            """,
            "done() does not release, whatever it returns",
        ),
        invalid(
            """
            def main() -> None:
                x, y = tr.ones((1024,)), tr.zeros((1024,))
                with tr.graph() as g:
                    g.record(copy(y.partition((256,)), x))
                g.launch().wait()
                print(y.to_numpy())  # TC102
                g.close()
            """,
            "a graph holds its borrows until close, even between launches",
        ),
        invalid(
            """
            def main(verbose: bool, n: int) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                if verbose and n > 0:
                    print("submitted")
                print(z.to_numpy())  # TC102
                pending.wait()
            """,
            "still in flight after an `if` whose test short-circuits",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                pending = add.with_options(occupancy=2)(z.partition((64,)), x, x).submit()
                print(z.to_numpy())  # TC102
                pending.wait()
            """,
            "a kernel with other compile options launches as the kernel itself",
        ),
        invalid(
            """
            def main(n: int) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                match n:
                    case 0:
                        pending.wait()
                    case k if k < 0:
                        pending.wait()
                print(z.to_numpy())  # TC102
            """,
            "a guarded capture may fail: the `match` may take no case",
        ),
        invalid(
            """
            import asyncio


            async def main() -> None:
                a, b, x = tr.ones((256,)), tr.zeros((256,)), tr.ones((256,))
                await asyncio.gather(
                    copy(a.partition((64,)), x),
                    copy(b.partition((64,)), a),  # TC102
                )
            """,
            "dependent ops gathered: the first op holds `a` while the second argument is made",
        ),
        invalid(
            """
            def run_all(*ops: tr.Op) -> None:
                for op in ops:
                    op.sync()


            def main() -> None:
                a = tr.zeros((256,))
                run_all(
                    scale(a.partition((64,)), 2.0),
                    scale(a.partition((64,)), 3.0),  # TC102
                )
            """,
            "one tensor partitioned for two ops handed to one call: the callee gets both at once",
        ),
        invalid(
            """
            def run_and_log(op: tr.Op, snapshot: np.ndarray) -> None:
                print(snapshot)
                op.sync()


            def main() -> None:
                z = tr.zeros((256,))
                run_and_log(scale(z.partition((64,)), 2.0), z.to_numpy())  # TC102
            """,
            "a later argument reads what the op made by an earlier one holds",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                status = lambda: pending.done()
                print(z.to_numpy())  # TC102
                pending.wait()
                print(status())
            """,
            "making a closure that names the Pending runs nothing: it is still in flight",
        ),
        invalid(
            """
            def main(check: bool) -> None:
                z = tr.zeros((256,))
                if (pending := scale(z.partition((64,)), 2.0).submit()) is not None and check:
                    pending.wait()
                print(z.to_numpy())  # TC102
            """,
            "narrowed by a walrus, but the other condition may skip the wait",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                print(z.to_numpy())  # TC102
                pending.wait()
            """,
            "an optional import with a `None` fallback still means tilert",
            optional=True,
        ),
    ),
)

TC103 = Rule(
    code="TC103",
    slug="write-while-shared",
    summary="a write or partition of a tensor that an unreleased op reads",
    explanation="""\
A Shared argument is read by every block of the launch for as long as the op runs. Any number
of ops may read a tensor at once, and the host may read it too, but writing it (`copy_from`) or
partitioning it for a launch that writes it, before the readers are done, changes the data
under them: some blocks see the old values and some the new.

An op holds its Shared borrows from its creation until it is synced, waited on, awaited or its
graph is closed, exactly as for TC102.

Fix: wait for the readers first, or write into another tensor.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                x = tr.ones((256,))
                a, b = tr.zeros((256,)), tr.zeros((256,))
                first = copy(a.partition((64,)), x).submit()
                second = copy(b.partition((64,)), x).submit()
                print(x.to_numpy())
                first.wait()
                second.wait()
            """,
            "two pending ops that only read the same tensor, and a host read",
        ),
        valid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                pending = copy(z.partition((64,)), x).submit()
                pending.wait()
                x.copy_from(np.zeros(256, np.float32))
            """,
            "write after the reader was waited on",
        ),
        valid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                copy(z.partition((64,)), x).sync()
                scale(x.partition((64,)), 2.0).sync()
            """,
            "partition after the reader was synced",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                pending = copy(z.partition((64,)), x).submit()
                x.copy_from(np.zeros(256, np.float32))  # TC103
                pending.wait()
            """,
            "copy into a tensor a submitted op reads",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                pending = copy(z.partition((64,)), x).submit()
                scale(x.partition((64,)), 2.0).sync()  # TC103
                pending.wait()
            """,
            "partition a tensor a submitted op reads",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                op = copy(z.partition((64,)), x)
                x.copy_from(np.zeros(256, np.float32))  # TC103
                op.sync()
            """,
            "an unrun op already holds its Shared borrow",
        ),
    ),
)

TC104 = Rule(
    code="TC104",
    slug="partition-alive",
    summary="a tensor used while a partition of it is unconsumed",
    explanation="""\
`t.partition(tile_shape)` is an exclusive borrow of `t`, split into disjoint tiles, made to be
handed to one launch. While the partition exists and no launch has consumed it, the tensor is
reserved for the launch to come: reading it, copying into it, partitioning it again or passing
it to another launch would let two owners see one buffer, and the runtime refuses it with a
BorrowError.

A partition is released when a launch consumes it (the op then holds the tensor, see TC102) or
when it is dropped (`del p`, or a partition made and not kept). Metadata stays readable. Inside
a single kernel call, a tensor passed both as a partition and again is TC101, not this rule.

Fix: pass the partition to its launch first, or partition later, right where it is launched.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                print(z.shape)
                scale(p, 2.0).sync()
                print(z.to_numpy())
            """,
            "metadata while partitioned; data after the launch",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                del p
                print(z.to_numpy())
            """,
            "a dropped partition releases its tensor",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                z.partition((64,))
                q = z.partition((32,))
                scale(q, 2.0).sync()
            """,
            "a partition that is not kept is dropped at once",
        ),
        valid(
            """
            def main(n: int) -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                match n:
                    case 0:
                        scale(p, 2.0).sync()
                    case _:
                        scale(p, 3.0).sync()
                print(z.to_numpy())
            """,
            "consumed in every case of a `match` ending in `case _:`",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                print(z.to_numpy())  # TC104
                scale(p, 2.0).sync()
            """,
            "read while partitioned",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                q = z.partition((32,))  # TC104
                scale(p, 2.0).sync()
                scale(q, 2.0).sync()
            """,
            "partitioned twice",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                p = x.partition((64,))
                copy(z.partition((64,)), x).sync()  # TC104
                scale(p, 2.0).sync()
            """,
            "passed to another launch while partitioned",
        ),
        invalid(
            """
            def main(verbose: bool, n: int) -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                zp = z.partition((64,))
                if verbose or n > 0:
                    print("partitioned")
                print(z.to_numpy())  # TC104
                add(zp, x, x).sync()
            """,
            "still alive after an `if` whose test short-circuits",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))

                def area(p: int) -> int:
                    return p * p

                print(area(3), z.to_numpy())  # TC104
                scale(p, 2.0).sync()
            """,
            "a nested function's parameter `p` is another variable: the partition stays alive",
        ),
    ),
)

TC105 = Rule(
    code="TC105",
    slug="op-never-run",
    summary="an Op created and never synced, submitted, awaited, chained or recorded",
    explanation="""\
Kernel calls are lazy: `k(z.partition(t), x)` checks the arguments, takes the borrows and
returns an Op, but nothing runs on the device until the op is synced, submitted, awaited,
chained into another op with `.then`/`tr.zip`, or recorded into a graph. An op that is never run
is almost always a forgotten `.sync()`: the output is never written, and the runtime only warns
(UnrunOpWarning) when the op is garbage-collected.

The finding is reported where the op is created, when no path from there runs it. An op that
leaves the function (returned, stored, or passed to a function the checker does not know) is
assumed to be run elsewhere.

Fix: run it: `.sync()`, `.submit()` and later `.wait()`, `await op`, or `g.record(op)`.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                scale(z.partition((64,)), 2.0).sync()
            """,
            "synced",
        ),
        valid(
            """
            def make(z: tr.Tensor[f32]) -> tr.Op:
                return scale(z.partition((64,)), 2.0)
            """,
            "returned: the caller runs it",
        ),
        valid(
            """
            def main() -> None:
                a, b = tr.zeros((256,)), tr.zeros((256,))
                both = tr.zip(scale(a.partition((64,)), 1.0), scale(b.partition((64,)), 2.0))
                both.sync()
            """,
            "zipped ops run with the zip",
        ),
        valid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    g.record(scale(y.partition((256,)), 2.0))
                g.launch().wait()
                g.close()
            """,
            "recorded into a graph",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                op = None

                def make() -> None:
                    nonlocal op
                    op = scale(z.partition((64,)), 2.0)

                make()
                if op is not None:
                    op.sync()
                print(z.to_numpy())
            """,
            "stored in a `nonlocal` of the enclosing function, which runs it",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                scale(z.partition((64,)), 2.0)  # TC105
            """,
            "a kernel call alone does nothing",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)  # TC105
                print(op)
            """,
            "kept in a variable and never run",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                chained = add(z.partition((64,)), x, x).then(  # TC105
                    lambda zp, *_: scale(zp, 2.0)
                )
            """,
            "a chain is an op too: it must be run",
        ),
        invalid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    scale(y.partition((256,)), 2.0)  # TC105
                g.close()
            """,
            "created inside a capture but never recorded",
        ),
    ),
)

TC106 = Rule(
    code="TC106",
    slug="wrong-argument-kind",
    summary="a plain tensor to a Mutable parameter, a partition to a Shared one, or wrong arity",
    explanation="""\
A kernel's signature says how each argument is shared: a Mutable parameter takes a Partition
(the tensor split into the disjoint tiles the blocks write), a Shared parameter takes the
Tensor itself (read-only, visible to every block), a scalar takes a Python or numpy number.
The kind is the whole ownership contract of the launch, so it must match.

Passing a whole tensor where a partition is expected leaves the launch without disjoint tiles
to hand out to its blocks; passing a partition to a Shared parameter would let every block read
a buffer that was reserved for writing. The runtime refuses both with a BorrowError; tilecheck
reports them before the program runs, together with calls that do not fit the signature (too
many arguments, an unknown keyword, a missing parameter). `grid=` is accepted by every kernel
call.

Fix: `k(z.partition(tile_shape), x, ...)` — partitions for Mutable, tensors for Shared.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                x, y, z = tr.ones((256,)), tr.ones((256,)), tr.zeros((256,))
                add(z.partition((64,)), x, y).sync()
            """,
            "a partition for Mutable, tensors for Shared",
        ),
        valid(
            """
            def main() -> None:
                x, y, z = tr.ones((256,)), tr.ones((256,)), tr.zeros((256,))
                add(y=y, x=x, z=z.partition((64,))).sync()
            """,
            "by keyword",
        ),
        valid(
            """
            def main(factor: float) -> None:
                z = tr.zeros((256,))
                scale(z.partition((64,)), a=factor, grid=(4,)).sync()
            """,
            "a scalar by keyword, and grid=",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                scale(z, 2.0).sync()  # TC106
            """,
            "a tensor to a Mutable parameter",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                copy(z.partition((64,)), x.partition((64,))).sync()  # TC106
            """,
            "a partition to a Shared parameter",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                scale(z.partition((64,)), 2.0, 3.0).sync()  # TC106
            """,
            "too many arguments",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                scale(z.partition((64,)), factor=2.0).sync()  # TC106
            """,
            "an unknown keyword (and so `a` is missing, reported once)",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                scale(z.partition((64,)), x).sync()  # TC106
            """,
            "a tensor to a scalar parameter",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                cuda_add(z, x, 256).sync()  # TC106
            """,
            "a tensor to a Mutable parameter of a `tr.cuda_kernel` (its `params` list)",
            typed=False,
        ),
    ),
)

TC107 = Rule(
    code="TC107",
    slug="bad-partition-shape",
    summary="a static tile shape of the wrong rank, or a non-positive or non-power-of-two dim",
    explanation="""\
A partition's tile shape becomes the shape of the tiles every block loads and stores. Tile IR
requires each tile dimension to be a power of two (edge tiles of a non-divisible tensor are
masked, so the tensor itself may have any size), the tile shape to have the tensor's rank, and
partitions to have rank 1 to 3.

A wrong shape fails at run time with a ValueError, often after a long setup; tilecheck reports
it where the shape is written, when the shape is made of literals and module-level integer
constants and the tensor's rank is visible at its creation (`tr.zeros((m, n))`).

Fix: round each dimension to a power of two (`1 << (n - 1).bit_length()`) and give one per
tensor dimension.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                z = tr.zeros((1000,))
                scale(z.partition((128,)), 2.0).sync()  # the edge tile is masked
            """,
            "a power-of-two tile over any tensor size",
        ),
        valid(
            """
            TILE = 1 << 4


            def main() -> None:
                z = tr.zeros((64, 48))
                scale(z.partition((TILE, 2 * TILE)), 2.0).sync()
            """,
            "constants are evaluated",
        ),
        valid(
            """
            def main(n: int, tile: int) -> None:
                z = tr.zeros((n,))
                scale(z.partition((tile,)), 2.0).sync()
            """,
            "a tile size that is not static is checked at run time",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((1000,))
                scale(z.partition((100,)), 2.0).sync()  # TC107
            """,
            "not a power of two",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((64, 64))
                scale(z.partition((16,)), 2.0).sync()  # TC107
            """,
            "rank 1 tiles for a rank 2 tensor",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((4, 4, 4, 4))
                scale(z.partition((2, 2, 2, 2)), 2.0).sync()  # TC107
            """,
            "rank above 3",
        ),
        invalid(
            """
            TILE = 0


            def main() -> None:
                z = tr.zeros((256,))
                scale(z.partition((TILE,)), 2.0).sync()  # TC107
            """,
            "a non-positive dimension",
        ),
    ),
)

TC108 = Rule(
    code="TC108",
    slug="pending-never-waited",
    summary="a submit from which no path reaches a wait",
    explanation="""\
`op.submit()` queues the op and returns a Pending that holds the op's borrows until it is waited
on (`.wait()` or `await`). A Pending that is never waited on keeps its tensors borrowed: every
later use of them is an error at run time, and the only release is the garbage collector, which
waits implicitly and warns. Errors raised by the kernel are also only reported through the wait.

The finding is per submit site, when no path from it waits on its Pending. A Pending that leaves
the function (returned, stored, passed to a function the checker does not know) is assumed to
be waited on elsewhere.

Fix: keep the Pending and wait on it (`pending.wait()`, `await pending`), or use `.sync()` when
nothing needs to overlap.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                pending.wait()
            """,
            "waited",
        ),
        valid(
            """
            async def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                await pending
            """,
            "awaited",
        ),
        valid(
            """
            def main() -> None:
                tensors = [tr.zeros((256,)) for _ in range(4)]
                pendings = []
                for t in tensors:
                    pendings.append(scale(t.partition((64,)), 2.0).submit())
                for pending in pendings:
                    pending.wait()
            """,
            "kept in a list and waited on later",
        ),
        valid(
            """
            def start(z: tr.Tensor[f32]) -> tr.Pending:
                return scale(z.partition((64,)), 2.0).submit()
            """,
            "returned: the caller waits",
        ),
        valid(
            """
            def main(verbose: bool, n: int) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                if verbose and n > 0:
                    print("submitted")
                pending.wait()
                print(z.to_numpy())
            """,
            "a short-circuit test on untracked names keeps the Pending that is waited after it",
        ),
        valid(
            """
            def main(verbose: bool, n: int) -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                label = "big" if verbose and n > 0 else "small"
                for _ in range(n):
                    print(label)
                pending.wait()
                print(z.to_numpy())
            """,
            "a short-circuit test in a conditional expression keeps the Pending",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                finish = lambda: pending.wait()
                finish()
            """,
            "waited on through a closure",
        ),
        valid(
            """
            PENDING = None


            def start(z: tr.Tensor[f32]) -> None:
                global PENDING
                PENDING = scale(z.partition((64,)), 2.0).submit()


            def main() -> None:
                z = tr.zeros((256,))
                start(z)
                if PENDING is not None:
                    PENDING.wait()
                print(z.to_numpy())
            """,
            "stored in a `global`: waited on elsewhere",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                scale(z.partition((64,)), 2.0).submit()  # TC108
            """,
            "the Pending is dropped",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()  # TC108
                print(pending.done())
            """,
            "done() is not a wait",
        ),
        invalid(
            """
            def main() -> None:
                tensors = [tr.zeros((256,)) for _ in range(4)]
                for t in tensors:
                    pending = scale(t.partition((64,)), 2.0).submit()  # TC108
            """,
            "submitted in a loop, never waited on",
        ),
        invalid(
            """
            LAUNCHES = 0


            def main() -> None:
                global LAUNCHES
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()  # TC108
                LAUNCHES += 1
            """,
            "a `global` declaration covers only the names it lists",
        ),
    ),
)

TC109 = Rule(
    code="TC109",
    slug="partition-consumed",
    summary="a partition passed to a second launch (or used) after an op consumed it",
    explanation="""\
A partition moves into the launch it is passed to, as a value does in Rust: the op now owns the
tensor's tiles, and the partition object is spent. Passing it to a second launch (or mapping it
again) would hand the same tiles to two ops, and the runtime refuses it. Control flow is
followed: a partition consumed on one branch is consumed after the merge, and one consumed in a
loop is consumed when the loop comes around.

Inside one `.then` chain or one graph capture, an op may pass a partition it received on to the
next op: they run in order.

Fix: partition the tensor again for each launch (after the previous op is synced).""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                scale(z.partition((64,)), 2.0).sync()
                scale(z.partition((64,)), 3.0).sync()
            """,
            "a fresh partition per launch",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                for step in range(4):
                    p = z.partition((64,))
                    scale(p, float(step)).sync()
            """,
            "partitioned inside the loop",
        ),
        valid(
            """
            def main() -> None:
                x, y = tr.ones((1024,)), tr.zeros((1024,))
                with tr.graph() as g:
                    p = y.partition((256,))
                    g.record(copy(p, x))
                    g.record(scale(p, 2.0))  # handed on inside the graph
                g.launch().wait()
                g.close()
            """,
            "passed on inside one graph capture",
        ),
        valid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                zp, xx, yy = add(z.partition((64,)), x, x).sync()
                print(xx.to_numpy(), yy.shape)
                scale(z.partition((64,)), 2.0).sync()
            """,
            "the tensors sync returns are the arguments themselves, free again",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                scale(p, 2.0).sync()
                scale(p, 3.0).sync()  # TC109
            """,
            "the partition was moved into the first launch",
        ),
        invalid(
            """
            def main(again: bool) -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                if again:
                    scale(p, 2.0).sync()
                scale(p, 3.0).sync()  # TC109
            """,
            "consumed on one branch",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                for step in range(4):
                    scale(p, float(step)).sync()  # TC109
            """,
            "consumed when the loop comes around",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                p = z.partition((64,))
                scale(p, 2.0).sync()
                q = p.mapped(blocks=4)  # TC109
            """,
            "used after consumption",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                zp, xx, yy = add(z.partition((64,)), x, x).sync()
                scale(zp, 2.0).sync()  # TC109
            """,
            "sync returns the op's arguments, its partitions spent",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((1024,))
                zp = z.partition((128,))
                pscale(zp.mapped(blocks=2), 2.0).sync()
                pscale(zp.mapped(blocks=4), 2.0).sync()  # TC109
            """,
            "mapping a spent partition again is one reuse, reported once",
        ),
    ),
)

TC110 = Rule(
    code="TC110",
    slug="op-already-run",
    summary="an Op synced, submitted, awaited, chained, zipped or recorded a second time",
    explanation="""\
An op runs once. Syncing, submitting or awaiting it runs it; chaining it with `.then`, zipping
it with `tr.zip` or recording it in a graph hands it to the op or graph that will run it. Any
second one of these on the same op object raises a RuntimeError at run time ("op `k` (created
at ...) was already submitted; an op runs once"), after everything before it has run.

The finding is reported at the second run, naming where the op was run first, only when it is
certain: the name holds the same op object on every path that reaches it, and that op was
already run on every one of those paths. Not reported: an op run on one branch only; one made
anew in each loop iteration (or made before a loop and run in it: the first iteration runs it
once); one kept in a list or a container, returned from or passed to a function the checker
does not follow, or named by a variable that a call may rebind (`global`, `nonlocal`); a run
that may have raised before it ran the op, as seen from an `except` handler or from after a
`with` block that may swallow the error (`pytest.raises`). Inside a graph capture, running an
op is TC111, not this rule.

Fix: call the kernel again for a new op when the work must run again (after the first op is
synced); for an op handed to a chain, a zip or a graph, run that one instead.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                for step in range(4):
                    op = scale(z.partition((64,)), float(step))
                    op.sync()
            """,
            "a new op made in each iteration, run once each",
        ),
        valid(
            """
            def main(fast: bool) -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)
                if fast:
                    op.sync()
                if not fast:
                    op.submit().wait()
            """,
            "run on one branch, and after the `if` only where it was not: not twice on any path",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)
                op.sync()
                op = scale(z.partition((64,)), 3.0)
                op.sync()
            """,
            "the name rebound to a new op",
        ),
        valid(
            """
            def make(z: tr.Tensor[f32]) -> tr.Op:
                return scale(z.partition((64,)), 2.0)


            def main() -> None:
                z = tr.zeros((256,))
                make(z).sync()
                make(z).sync()
            """,
            "each call of a function that makes an op gives a new one",
        ),
        valid(
            """
            def describe(op: tr.Op) -> str:
                return repr(op)


            def main() -> None:
                a, b = tr.zeros((256,)), tr.zeros((256,))
                first = scale(a.partition((64,)), 2.0)
                print(describe(first))
                first.sync()
                ops = [scale(b.partition((64,)), 3.0)]
                for op in ops:
                    op.sync()
            """,
            "passed to a function the checker does not follow, or kept in a list: not assumed run",
        ),
        valid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                pending = scale(z.partition((64,)), 2.0).submit()
                pending.wait()
                pending.wait()
            """,
            "a Pending may be waited on more than once",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)
                op.sync()
                op.sync()  # TC110
            """,
            "synced twice",
        ),
        invalid(
            """
            def main() -> None:
                a, b = tr.zeros((256,)), tr.zeros((256,))
                first = scale(a.partition((64,)), 2.0)
                second = scale(b.partition((64,)), 3.0)
                both = tr.zip(first, second)
                both.sync()
                first.sync()  # TC110
            """,
            "zipped ops run with the zip, not again on their own",
        ),
        invalid(
            """
            def main() -> None:
                x, z = tr.ones((256,)), tr.zeros((256,))
                op = add(z.partition((64,)), x, x)
                chained = op.then(lambda zp, *_: scale(zp, 2.0))
                chained.sync()
                op.sync()  # TC110
            """,
            "an op chained with .then runs as part of the chain",
        ),
        invalid(
            """
            def main(fast: bool) -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)
                if fast:
                    op.sync()
                else:
                    op.submit().wait()
                op.sync()  # TC110
            """,
            "run on every branch, then again after the merge",
        ),
        invalid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                op = scale(y.partition((256,)), 2.0)
                op.sync()
                with tr.graph() as g:
                    g.record(op)  # TC110
                g.launch().wait()
                g.close()
            """,
            "recording an op that already ran",
        ),
        invalid(
            """
            def main() -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)
                again = op
                op.submit().wait()
                again.sync()  # TC110
            """,
            "an alias is the same op",
        ),
        invalid(
            """
            async def main() -> None:
                z = tr.zeros((256,))
                op = scale(z.partition((64,)), 2.0)
                await op
                await op  # TC110
            """,
            "awaited twice",
        ),
    ),
)

TC111 = Rule(
    code="TC111",
    slug="graph-capture-misuse",
    summary="an allocation, a copy into a tensor, an event or an op run inside `with tr.graph()`",
    explanation="""\
Inside `with tr.graph() as g:` ops are recorded (`g.record(op)`), not run: the graph replays
them on `g.launch()`. While the capture is open tilert refuses what a captured CUDA graph
cannot hold: allocating a tensor (`tr.empty`, `tr.zeros`, `tr.ones`, `tr.full`, `tr.arange`,
`tr.from_numpy`, `tr.from_dlpack` of a foreign array), copying into one (`copy_from`), recording
an event (`stream.record()`), and running an op (`.sync()`, `.sync_on()`, `.submit()`,
`await`), each with `RuntimeError: cannot ... while capturing a graph`.

The finding is reported where the refused call is written, when it is certainly one (a
`tr.graph()` capture around it; an op, tensor or stream known on every path). Building ops
(kernel calls, `.then`, `tr.zip`), reading tensors and waiting on a Pending submitted before
the capture are allowed. A function or lambda defined inside the block, and a generator
expression, run only when called or consumed, perhaps after the capture: not reported. A run
refused here is this finding alone (not also TC110, TC105 or TC108).

Fix: allocate and fill tensors before `with tr.graph()`, record the ops with `g.record(op)`,
and launch (`g.launch().wait()`) and read the results after the block.""",
    scope="host",
    valid=(
        valid(
            """
            def main() -> None:
                x, y = tr.ones((1024,)), tr.zeros((1024,))
                with tr.graph() as g:
                    g.record(copy(y.partition((256,)), x))
                    g.record(scale(y.partition((256,)), 2.0))
                g.launch().wait()
                g.close()
                print(y.to_numpy())
            """,
            "allocate before the capture, record inside it, launch and read after it",
        ),
        valid(
            """
            def main() -> None:
                x, y = tr.ones((1024,)), tr.zeros((1024,))
                with tr.graph() as g:
                    both = tr.zip(copy(y.partition((256,)), x), scale(x.partition((256,)), 2.0))
                    g.record(both.then(lambda *_: scale(y.partition((256,)), 3.0)))
                g.launch().wait()
                g.close()
            """,
            "zips and chains are built inside the capture, and recorded, not run",
        ),
        valid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    g.record(scale(y.partition((256,)), 2.0))
                    make = lambda: tr.zeros((1024,))
                    print(y.shape)
                g.close()
                z = make()
                scale(z.partition((256,)), 2.0).sync()
            """,
            "a lambda made inside the capture allocates when it is called, after it",
        ),
        valid(
            """
            def main() -> None:
                x = tr.ones((1024,))
                with tr.graph() as g:
                    y = tr.from_dlpack(x)  # a tilert tensor: returned as is
                    g.record(scale(y.partition((256,)), 2.0))
                g.close()
            """,
            "`tr.from_dlpack` of a tilert tensor allocates nothing",
        ),
    ),
    invalid=(
        invalid(
            """
            def main() -> None:
                x = tr.ones((1024,))
                with tr.graph() as g:
                    y = tr.zeros((1024,))  # TC111
                    g.record(copy(y.partition((256,)), x))
                g.close()
            """,
            "allocating inside the capture",
        ),
        invalid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    op = scale(y.partition((256,)), 2.0)
                    op.sync()  # TC111
                g.close()
            """,
            "syncing an op inside the capture instead of recording it",
        ),
        invalid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    scale(y.partition((256,)), 2.0).submit()  # TC111
                g.close()
            """,
            "submitting inside the capture (TC111 alone: no Pending comes of it for TC108)",
        ),
        invalid(
            """
            async def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    await scale(y.partition((256,)), 2.0)  # TC111
                g.close()
            """,
            "awaiting an op inside the capture",
        ),
        invalid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    y.copy_from(np.ones(1024, np.float32))  # TC111
                    g.record(scale(y.partition((256,)), 2.0))
                g.close()
            """,
            "copying into a tensor inside the capture",
        ),
        invalid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    data = tr.from_numpy(np.arange(1024, dtype=np.float32))  # TC111
                    g.record(copy(y.partition((256,)), data))
                g.close()
            """,
            "importing host data inside the capture allocates too",
        ),
        invalid(
            """
            def main() -> None:
                y = tr.zeros((1024,))
                with tr.graph() as g:
                    g.record(scale(y.partition((256,)), 2.0))
                    done = tr.current_stream().record()  # TC111
                g.launch().wait()
                g.close()
            """,
            "recording an event inside the capture (record it after the launch)",
        ),
    ),
)

RULES: tuple[Rule, ...] = (
    TC101,
    TC102,
    TC103,
    TC104,
    TC105,
    TC106,
    TC107,
    TC108,
    TC109,
    TC110,
    TC111,
)
