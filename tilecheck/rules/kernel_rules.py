"""TC2xx: the rules on kernel bodies (``@tr.kernel``) and device helpers (``@tr.function``),
checked by ``tilecheck.kernel_rules`` statically and again by the runtime when a kernel is
decorated. Every example is a complete module; a ``# TC2xx`` comment marks the line where an
INVALID example's finding is reported."""

from __future__ import annotations

import textwrap

from tilecheck.rules.base import Case, Rule, expected_from_markers

_IMPORTS = """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32
"""


def _module(body: str) -> str:
    return _IMPORTS + "\n\n" + textwrap.dedent(body).strip("\n") + "\n"


def valid(body: str, note: str = "", *, typed: bool = True) -> Case:
    return Case(_module(body), (), note, typed)


def invalid(body: str, note: str = "", *, typed: bool = True, imports: str = _IMPORTS) -> Case:
    """``typed=False``: the mypy plugin does not report it (mypy itself refuses the code
    first, e.g. a name given a Shared and a Mutable tensor); ``imports``: a module header other
    than the usual imports."""
    code = imports + "\n\n" + textwrap.dedent(body).strip("\n") + "\n"
    expect = expected_from_markers(code)
    assert expect, f"an INVALID example needs a `# TC2xx` marker:\n{code}"
    return Case(code, expect, note, typed)


TC201 = Rule(
    code="TC201",
    slug="store-to-shared",
    summary="a store or write through a Shared (read-only) parameter",
    explanation="""\
A `Shared[Tensor[dt]]` parameter is an input that every block of the launch may read, all of
it, at the same time. The host hands it over as a shared borrow: other launches may be reading
the same tensor concurrently, and the same tensor may be passed twice to one launch. A write
through it would race with every one of those readers, so a Shared parameter has no `store`
at all, not even in an `unsafe=True` kernel.

The check follows local aliases (`w = x`) and reports `x.store(...)`, `tl.unsafe.store(x, ...)`
and item or attribute assignment (`x[i] = ...`) where `x` is Shared. Each block writes only
through Mutable parameters, and only its own tile of them.

Fix: declare the output as `Mutable[Tensor[dt]]` and pass a partition of it on the host; or,
if the kernel really updates the tensor in place, make that parameter Mutable and read the
block's tile with `z.load()`:

    @tr.kernel
    def scale(z: Mutable[Tensor[f32]], a: float) -> None:
        z.store(z.load() * a)""",
    scope="kernel",
    valid=(
        valid(
            """
            @tr.kernel
            def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
                out = y
                out.store(a * tl.load_tile_like(x, y) + y.load())
            """,
            "a local alias of a Mutable parameter stores",
        ),
        valid(
            """
            @tr.kernel
            def gather(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], k: Const[int]) -> None:
                tile = x.load_tile((k,), (0,))
                if x.shape[0] > 0:
                    z.store(tl.load_tile_like(x, z) + tl.sum(tile))
            """,
            "reading a Shared parameter any way is fine",
        ),
        valid(
            """
            @tr.kernel(unsafe=True)
            def scatter(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                tl.unsafe.store(z, (0,), tl.load_tile_like(x, z))
            """,
            "an unchecked store into a Mutable parameter",
        ),
        valid(
            """
            @tr.kernel
            def pick(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], flag: bool) -> None:
                out = a if flag else b
                out.store(a.load() + b.load())
            """,
            "an alias that may be either of two Mutable parameters stores",
        ),
    ),
    invalid=(
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                x.store(z.load())  # TC201
            """,
            "a store through the input",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                w = x
                w.store(z.load() * 2.0)  # TC201
            """,
            "an alias of a Shared parameter is still Shared",
        ),
        invalid(
            """
            @tr.kernel(unsafe=True)
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                tl.unsafe.store(x, (0,), z.load())  # TC201
            """,
            "unsafe=True allows unchecked stores into Mutable parameters only",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                x[0] = z.load()  # TC201
            """,
            "item assignment writes through the parameter",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], flag: bool) -> None:
                out = z
                if flag:
                    out = x
                out.store(tl.load_tile_like(x, z))  # TC201
            """,
            "an alias is a may-alias: bound to the Shared parameter on one path is enough",
            typed=False,
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], flag: bool) -> None:
                out = x if flag else z
                out.store(tl.load_tile_like(x, z))  # TC201
            """,
            "a conditional expression that may give the Shared parameter",
            typed=False,
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                a, b = z, x
                a, b = b, a
                a.store(tl.load_tile_like(x, z))  # TC201
            """,
            "a swap hands the Shared parameter to the name stored through",
            typed=False,
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                out = z
                for i in range(2):
                    if i == 1:
                        out = x
                    out.store(tl.load_tile_like(x, z))  # TC201
            """,
            "rebound inside a loop: a later iteration stores through the Shared parameter",
            typed=False,
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                (w := x).store(tl.load_tile_like(x, z))  # TC201
            """,
            "a walrus binds an alias and stores through it at once",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                x.store(tl.load_tile_like(x, z))  # TC201
            """,
            "an optional import with a `None` fallback still means tilert",
            typed=False,
            imports=(
                "try:\n"
                "    import tilert as tr\n"
                "    import tilert.lang as tl\n"
                "    from tilert import Mutable, Shared, Tensor, f32\n"
                "except ImportError:  # tilert is optional\n"
                "    tr = tl = None\n"
            ),
        ),
    ),
)

TC202 = Rule(
    code="TC202",
    slug="store-outside-tile",
    summary="a store (or load) at another block's tile, or of a tile shape that cannot fit",
    explanation="""\
A Mutable partition is split into disjoint tiles and each block of the launch owns one (or,
for a mapped partition, exactly the tiles that `z.tiles()` yields to it). `z.store(tile)`
writes the block's own tile; `z.store(tile, at=idx)` writes the tile at `idx`, which is safe
only if `idx` is one the block owns. Any other index names a tile that another block is
writing at the same moment: the two stores race, and reading such a tile with
`z.load(at=...)` reads half-written data.

The check accepts an `at=` index only when it is a loop variable of `for idx in z.tiles():`
over the same partition (through aliases; `for i, j in z.tiles(): ... at=(i, j)` as well). An
index computed any other way, or taken from another partition's `tiles()`, is reported, as is
a store without `at=` inside a `tiles()` loop. It also reports tile shapes the kernel itself
proves wrong: two stores of different constant shapes into one partition (a partition has one
tile shape), or a tile of rank above 3. Shapes it cannot prove are checked at launch.

Fix: iterate the partition's own tiles, or build the tile from the partition's shape:

    @tr.kernel
    def double(z: Mutable[Tensor[f32]]) -> None:
        for idx in z.tiles():
            z.store(z.load(at=idx) * 2.0, at=idx)

If blocks really must write each other's tiles, that is an unchecked kernel:
`@tr.kernel(unsafe=True)` with `tl.unsafe.store`, which the interpreter checks for races.""",
    scope="kernel",
    valid=(
        valid(
            """
            @tr.kernel
            def double(z: Mutable[Tensor[f32]]) -> None:
                for idx in z.tiles():
                    z.store(z.load(at=idx) * 2.0, at=idx)
            """,
            "a mapped partition: each index from the partition's own tiles()",
        ),
        valid(
            """
            @tr.kernel
            def copy2d(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                out = z
                for i, j in out.tiles():
                    z.store(x.load_tile(z.tile_shape, (i, j)), at=(i, j))
            """,
            "a tuple index written back in order, through an alias",
        ),
        valid(
            """
            @tr.kernel
            def fill(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]]) -> None:
                a.store(b.load())
                b.store(tl.zeros((64,), f32))
            """,
            "storing another Mutable parameter's tile; a constant shape alone proves nothing",
        ),
        valid(
            """
            @tr.kernel
            def scale2d(z: Mutable[Tensor[f32]], a: float) -> None:
                for idx in z.tiles():
                    i, j = idx
                    z.store(z.load(at=(i, j)) * a, at=(i, j))
            """,
            "the index unpacked and written back in order is the block's own tile",
        ),
        valid(
            """
            @tr.kernel
            def scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
                for idx in z.tiles():
                    i = idx
                    z.store(z.load(at=idx) * a + tl.load_tile_like(x, z, at=i), at=i)
            """,
            "an unmodified alias of the index is the index",
        ),
    ),
    invalid=(
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                z.store(z.load(), at=(0,))  # TC202
            """,
            "every block writes tile 0",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], w: Mutable[Tensor[f32]]) -> None:
                for idx in w.tiles():
                    z.store(w.load(at=idx), at=idx)  # TC202
            """,
            "an index of another partition's tiles",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                for idx in z.tiles():
                    z.store(z.load(at=idx) + 1.0)  # TC202
            """,
            "inside the tiles() loop, the store must say which tile",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], wide: bool) -> None:
                if wide:
                    z.store(tl.zeros((128,), f32))
                else:
                    z.store(tl.zeros((64,), f32))  # TC202
            """,
            "two constant tile shapes for one partition",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], a: float) -> None:
                for idx in z.tiles():
                    i, j = idx
                    z.store(z.load(at=(i, j)) * a, at=(i + 1, j))  # TC202
            """,
            "an unpacked index changed before it is written back names a neighbour's tile",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], a: float) -> None:
                for idx in z.tiles():
                    i, j = idx
                    z.store(z.load(at=(i, j)) * a, at=(j, i))  # TC202
            """,
            "elements written back out of order name another tile",
        ),
    ),
)

TC203 = Rule(
    code="TC203",
    slug="unsafe-op",
    summary="an unchecked device op in a kernel not marked `unsafe=True`",
    explanation="""\
`tl.unsafe.*` (`tl.unsafe.store(tensor, index, tile)` into any tile of a Mutable tensor,
atomics) steps outside the tile ownership that makes kernels race-free: two blocks can write
the same elements, and nothing in the type of the kernel says so. As in cuTile Rust, this is
allowed, but only where the author says so, visibly and greppably: on the kernel's decorator.

A safe kernel (plain `@tr.kernel`) that uses any `tl.unsafe` name, called or not, however it
was imported, is reported. `@tr.function` helpers cannot be unsafe at all: their callers'
safety would then depend on the helper's body.

Fix: store through the block's own tile (`z.store(tile)`), or, when the algorithm needs
scattered writes, mark the kernel and take responsibility for what blocks write (the
interpreter backend checks every element for races):

    @tr.kernel(unsafe=True)
    def scatter(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
        tl.unsafe.store(z, (0,), tl.load_tile_like(x, z))""",
    scope="kernel",
    valid=(
        valid(
            """
            @tr.kernel(unsafe=True)
            def scatter(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                tl.unsafe.store(z, (0,), tl.load_tile_like(x, z))
            """,
            "the kernel is marked",
        ),
        valid(
            """
            @tr.kernel(unsafe=True, occupancy=2)
            def spread(z: Mutable[Tensor[f32]], n: Const[int]) -> None:
                tile = z.load()
                for i in range(n):
                    tl.unsafe.store(z, (i,), tile)
            """,
            "marked, with other compiler options",
        ),
        valid(
            """
            from tilert.lang import unsafe


            @tr.kernel
            def safe(z: Mutable[Tensor[f32]]) -> None:
                unsafe = z.load()
                z.store(unsafe * 2.0)
            """,
            "a local that shadows the imported `unsafe` module",
        ),
    ),
    invalid=(
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                tl.unsafe.store(z, (0,), z.load())  # TC203
            """,
            "an unchecked store in a safe kernel",
        ),
        invalid(
            """
            from tilert.lang import unsafe as raw


            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                raw.store(z, (0,), z.load())  # TC203
            """,
            "imported under another name",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                ops = tl.unsafe  # TC203
                z.store(z.load())
            """,
            "any use of tl.unsafe, not only calls",
        ),
        invalid(
            """
            @tr.function
            def poke(z: Mutable[Tensor[f32]]) -> None:
                tl.unsafe.store(z, (0,), z.load())  # TC203
            """,
            "helpers cannot be unsafe",
        ),
    ),
)

TC204 = Rule(
    code="TC204",
    slug="unsupported-construct",
    summary="Python that the kernel compiler cannot lower",
    explanation="""\
A kernel body is compiled to Tile IR, not run by CPython: every block executes it on the GPU.
Only a subset of Python lowers to that: assignments, arithmetic, `if`, `for ... in range(...)`,
`for idx in z.tiles()`, plain `while` (with `break` and `continue`), and calls to tilert.lang
functions, methods of parameters and tiles, `@tr.function` helpers and the builtins `range`,
`min`, `max`, `int`, `float`, `bool`, `len` and `abs`. Device code has no exceptions, no heap,
no closures and no call stack to speak of.

So `try`, `with`, `raise`, `while`/`for` with `else`, `lambda`, comprehensions, `yield`,
`await`, `global`/`nonlocal`, `del`, `import`, nested `def`/`class`, `match`, recursion,
`*args` in calls, item assignment into tiles, a `for` over anything but `range(...)` or
`z.tiles()`, `return value` in a kernel, and calls to plain Python functions (builtins like
`print`, numpy, host-side tilert API such as `tr.zeros`, a module's undecorated functions) are
reported, once, where they are written. A name the checker cannot resolve is not reported:
the runtime checks the kernel again at its first launch, when every name is defined.

Fix: move host work out of the kernel; turn helpers into `@tr.function`s; use the tilert.lang
equivalent (`tl.zeros`, `tl.exp`, `tl.printf`); write loops out with `range`:

    @tr.function
    def relu(t: tl.Tile[f32]) -> tl.Tile[f32]:
        return tl.maximum(t, 0.0)""",
    scope="kernel",
    valid=(
        valid(
            """
            @tr.kernel
            def halve_until(z: Mutable[Tensor[f32]], limit: float) -> None:
                t = z.load()
                steps = 0
                while steps < 8:
                    steps += 1
                    if tl.max(t) < limit:
                        break
                    t = t * 0.5
                z.store(t)
            """,
            "a plain while loop with break",
        ),
        valid(
            """
            @tr.kernel
            def activate(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                z.store(relu(tl.load_tile_like(x, z)))


            @tr.function
            def relu(t: tl.Tile[f32]) -> tl.Tile[f32]:
                return tl.maximum(t, 0.0)
            """,
            "a @tr.function helper defined later in the module",
        ),
        valid(
            """
            @tr.kernel
            def accumulate(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], n: Const[int]) -> None:
                acc = tl.zeros(z.tile_shape, tl.f32)
                for k in range(max(1, min(n, 8))):
                    acc = acc + tl.load_tile_like(x, z) * float(k)
                z.store(acc / abs(float(n)))
            """,
            "range loops and the allowed builtins",
        ),
    ),
    invalid=(
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                try:  # TC204
                    z.store(z.load())
                finally:
                    pass
            """,
            "no exceptions on the device",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                t = z.load()
                while tl.max(t) > 1.0:
                    t = t * 0.5
                else:  # TC204
                    t = t + 1.0
                z.store(t)
            """,
            "while ... else",
        ),
        invalid(
            """
            def halve(t):
                return t * 0.5


            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                z.store(halve(z.load()))  # TC204
            """,
            "a plain Python function: decorate it with @tr.function",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                t = z.load()
                print(t)  # TC204
                z.store(t)
            """,
            "print is host I/O; tl.printf runs on the device",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                scale = lambda t: t * 2.0  # TC204
                z.store(z.load())
            """,
            "lambda",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                for k in [0, 1, 2]:  # TC204
                    z.store(tl.load_tile_like(x, z) * float(k))
            """,
            "for over a list",
        ),
    ),
)

TC205 = Rule(
    code="TC205",
    slug="bad-tile-shape",
    summary="a constant tile shape that is not a positive power of two",
    explanation="""\
Tile IR, the compiler under cuTile, requires every dimension of a tile to be a power of two:
tiles map onto registers, warps and tensor-core fragments whose sizes are powers of two, and a
shape like `(100,)` does not compile. A shape with a zero or negative dimension is not a tile
at all.

The check looks at shapes written as constants in the kernel: the shape argument of
`tl.zeros`, `tl.full`, `tl.reshape`, `tl.broadcast_to` and `x.load_tile`, and the length of
`tl.arange`, when they are integer literals or arithmetic on literals (`1 << 6`, `2 * 32`).
Names, such as `Const[int]` parameters or `z.tile_shape`, are not constant here; the runtime
checks their values when it specializes the kernel.

Fix: round the dimension up to the next power of two and mask the extra elements (compare an
`tl.arange` against the real size, as in `examples/softmax.py`), or derive the shape from the
partition (`z.tile_shape`) so that the host chooses it:

    acc = tl.zeros(z.tile_shape, tl.f32)""",
    scope="kernel",
    valid=(
        valid(
            """
            @tr.kernel
            def fill(z: Mutable[Tensor[f32]]) -> None:
                t = tl.zeros((64, 128), f32) + tl.full((1 << 6, 2 * 64), 1.0, f32)
                z.store(tl.reshape(t, (128, 64)))
            """,
            "powers of two, also as arithmetic on literals",
        ),
        valid(
            """
            @tr.kernel
            def blocked(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], block: Const[int]) -> None:
                acc = tl.zeros((block,), f32)
                z.store(acc + x.load_tile((block,), (0,)))
            """,
            "a Const parameter as a shape: checked when the kernel is specialized",
        ),
        valid(
            """
            @tr.kernel
            def iota(z: Mutable[Tensor[f32]]) -> None:
                cols = tl.arange(z.tile_shape[0], dtype=tl.i32)
                z.store(tl.astype(cols, tl.f32) + tl.zeros(z.tile_shape, tl.f32))
            """,
            "shapes taken from the partition",
        ),
    ),
    invalid=(
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                z.store(tl.zeros((100,), f32))  # TC205
            """,
            "100 is not a power of two",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                cols = tl.arange(48, dtype=tl.i32)  # TC205
                z.store(tl.astype(cols, tl.f32))
            """,
            "an arange of 48 elements",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                t = x.load_tile((64, 0), (0, 0))  # TC205
                z.store(tl.sum(t))
            """,
            "a zero dimension",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> None:
                t = tl.reshape(z.load(), (3, 64))  # TC205
                z.store(tl.reshape(t, (192,)))  # TC205
            """,
            "reshape targets must be tiles too",
        ),
    ),
)

TC206 = Rule(
    code="TC206",
    slug="bad-kernel-signature",
    summary="an unannotated parameter, an unknown annotation, or a default on a tensor",
    explanation="""\
A kernel's annotations are its contract with the host and with the checker: they say which
tensors each block writes (`Mutable[Tensor[dt]]`, passed as a partition), which it only reads
(`Shared[Tensor[dt]]`, passed as a tensor), and which arguments are scalars (`int`, `float`,
`bool`, a dtype) or compile-time constants (`Const[int|float|bool]`). Without them nothing
can tell a read from a write, so the ownership rules on both sides of the launch would have
nothing to stand on. `@tr.function` helpers also take tiles (`Tile[dt]` / `tl.Tile[dt]`).

Reported: a parameter without an annotation; an annotation that is none of the above (a bare
`Tensor[f32]`, `Mutable[f32]`, `Mutable[Tensor]` without a dtype, `Const[str]`, `Tile[...]` in
a kernel); a default value on a tensor parameter (every launch must pass its tensors);
`*args` or `**kwargs`; a kernel annotated to return anything but `None` (kernels return
nothing: results go through Mutable parameters); an `async` kernel.

Fix: annotate every parameter:

    @tr.kernel
    def saxpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
        y.store(a * tl.load_tile_like(x, y) + y.load())""",
    scope="kernel",
    valid=(
        valid(
            """
            @tr.kernel
            def every_kind(
                z: Mutable[Tensor[f32]],
                x: Shared[Tensor[tr.f16]],
                a: float,
                n: int,
                flag: bool,
                b: tl.f32,
                k: Const[int],
                scale: float = 1.0,
            ) -> None:
                z.store(tl.load_tile_like(x, z) * a * scale)
            """,
            "every kind of parameter; a scalar may have a default",
        ),
        valid(
            """
            @tr.function
            def mix(a: tl.Tile[f32], b: tl.Tile[f32], w: float) -> tl.Tile[f32]:
                return a * w + b * (1.0 - w)


            @tr.kernel(unsafe=False, occupancy=2)
            def blend(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: float) -> None:
                z.store(mix(z.load(), tl.load_tile_like(x, z), w))
            """,
            "helpers take and return tiles; decorator options",
        ),
        valid(
            """
            import tilert as t2
            from tilert import Mutable as Out


            @t2.kernel
            def spelled(z: Out[t2.Tensor[t2.f32]], x: "Shared[Tensor[f32]]"):
                z.store(tl.load_tile_like(x, z))
            """,
            "other spellings: aliases, string annotations, no return annotation",
        ),
    ),
    invalid=(
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], a) -> None:  # TC206
                z.store(z.load() * a)
            """,
            "an unannotated parameter",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Tensor[f32]) -> None:  # TC206
                z.store(tl.load_tile_like(x, z))
            """,
            "a tensor must say Mutable or Shared",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]] = None) -> None:  # TC206
                z.store(z.load())
            """,
            "a default on a tensor parameter",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], *, a: float) -> None:  # TC206
                z.store(z.load() * a)
            """,
            "a keyword-only parameter (a launch passes arguments in order)",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[f32]) -> None:  # TC206
                z.store(z.load())
            """,
            "Mutable wraps Tensor[dt]",
        ),
        invalid(
            """
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]]) -> float:  # TC206
                z.store(z.load())
            """,
            "kernels return nothing",
        ),
    ),
)

RULES: tuple[Rule, ...] = (TC201, TC202, TC203, TC204, TC205, TC206)
