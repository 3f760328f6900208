"""TC204 (unsupported-construct) in the catalog: what ``tilecheck explain TC204`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import UNSUPPORTED_CONSTRUCT

RULE = Rule(
    code=UNSUPPORTED_CONSTRUCT,
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
assignment expressions (`:=`), a list kept in a variable (`pieces = []`; a literal list
passed to a call, `tl.cat([a, b], 1)`, is fine),
`*args` in calls, item assignment into tiles, a `for` over anything but `range(...)` or
`z.tiles()`, `return value` in a kernel, and calls to plain Python functions (builtins like
`print`, numpy, host-side tilert API such as `tr.zeros`, a module's undecorated functions) are
reported, once, where they are written. A name the checker cannot resolve is not reported:
the runtime checks the kernel again at its first launch, when every name is defined.

The kernel language's own names are checked too: a name tilert.lang does not have, and a call
of one of its functions with arguments it does not take, however the function is imported (a
call with `*args` or `**kwargs` is not counted). Both would otherwise fail at the first launch:

    tl.exq(t)                       # `tl.exq` is not part of tilert.lang; did you mean `tl.exp`?
    tl.exp(t, t)                    # `tl.exp` takes 1 positional argument, got 2
    tl.full(shape, 0.0, dtpye=f32)  # `tl.full` has no keyword `dtpye`; did you mean `dtype`?

Fix: move host work out of the kernel; turn helpers into `@tr.function`s; use the tilert.lang
equivalent (`tl.zeros`, `tl.exp`, `tl.printf`); write loops out with `range`:

    @tr.function
    def relu(t: tl.Tile[f32]) -> tl.Tile[f32]:
        return tl.maximum(t, 0.0)""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


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
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


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
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def accumulate(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], n: Const[int]) -> None:
    acc = tl.zeros(z.tile_shape, tl.f32)
    for k in range(max(1, min(n, 8))):
        acc = acc + tl.load_tile_like(x, z) * float(k)
    z.store(acc / abs(float(n)))
""",
            "range loops and the allowed builtins",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def normalize(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z, latency=3)
    total = tl.sum(t, axis=0, keepdims=True)
    z.store(t / tl.maximum(total, tl.full(z.tile_shape, 1.0, dtype=tl.f32)))
""",
            "tilert.lang functions called with the keywords they take",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, f32
from tilert.kernels.rope_cache import rotation


@tr.kernel
def angles(z: Mutable[Tensor[f32]]) -> None:
    col = tl.expand_dims(tl.arange(16, dtype=tl.i32), 0)
    _, cos, _ = rotation(tl.full((1, 1), 3.0, tl.f32), col, 20.0, 16)
    z.store(cos)
""",
            "a @tr.function helper of a module inside tilert (the library's own helpers)",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


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
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


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
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


def halve(t):
    return t * 0.5


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    z.store(halve(z.load()))  # TC204
""",
            "a plain Python function: decorate it with @tr.function",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    t = z.load()
    print(t)  # TC204
    z.store(t)
""",
            "print is host I/O; tl.printf runs on the device",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    scale = lambda t: t * 2.0  # TC204
    z.store(z.load())
""",
            "lambda",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    for k in [0, 1, 2]:  # TC204
        z.store(tl.load_tile_like(x, z) * float(k))
""",
            "for over a list",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    z.store(tl.ones(z.tile_shape, tl.f32))  # TC204
""",
            "tilert.lang has no `ones`: `tl.full(shape, 1.0, dtype)`",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    z.store(tl.maxium(z.load(), 0.0))  # TC204
""",
            "a misspelled name: did you mean `tl.maximum`?",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    z.store(tl.exp(z.load(), 2.0))  # TC204
""",
            "`tl.exp` takes one argument",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    t = z.load()
    z.store(t - tl.max(t, axis=0, keepdim=True))  # TC204
""",
            "a keyword the function does not take: did you mean `keepdims`?",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = x.load_tile((16, 32), (tl.bid(0), 0))
    i = tl.bid(0) % 4
    z.store(t[:, i * 8 : i * 8 + 8])  # TC204
""",
            "a slice bound computed at run time: the GPU must know the sub-tile when it compiles",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    z.store((twice := t * 2.0) + twice)  # TC204
""",
            "an assignment expression: cuTile refuses `:=`",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], CH: Const[int]) -> None:
    pieces = []  # TC204
    for c in range(2):
        pieces.append(x.load_tile((CH,), (z.index[0] * 2 + c,)))
    z.store(tl.cat(pieces, 0))
""",
            "a list in a variable, grown in a loop: cuTile has no lists",
        ),
    ),
)
