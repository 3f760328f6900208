"""A generated kernel with its inputs (``Program``): generation, its module written to a file
(tilert reads kernel source through ``inspect``, so a generated kernel lives in a real file
as a user's does), a launch on the current backend, and the numpy reference."""

from __future__ import annotations

import importlib.util
import itertools
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tests.support.differential.choose import Chooser
from tests.support.differential.emit import module_source
from tests.support.differential.grammar import REFUSED_PAIR, Gen, pow2
from tests.support.differential.nodes import (
    FLOATS,
    INTS,
    NP,
    Array,
    Env,
    Node,
    is_float,
    mag,
    to,
    unit,
)
from tests.support.differential.statements import Context, Param

DTYPES = ("f32", "f32", "f16", "bf16", "i32", "i64", "bool")
FLUSHED = 2.0**-125  # twice the smallest normal f32
INPUT_BOUND = {"f32": 4.0, "f16": 4.0, "bf16": 4.0, "i32": 20.0, "i64": 20.0, "bool": 1.0}


@dataclass
class Program:
    label: str
    name: str  # the module's (and its files') name: diff_<label>
    source: str
    tile: tuple[int, ...]
    shape: tuple[int, ...]
    z_dtype: str
    z_init: Array
    inputs: dict[str, Array]
    params: list[Param]
    root: Node
    atol: float  # 0 for bit-exact comparison
    meta: dict[str, Any] = field(default_factory=dict)
    # one function name for every generated kernel: two kernels of one tree lower to one
    # source, which cuTile compiles once (its on-disk cache also serves a rerun of a seed)
    kernel: str = "diff_kernel"

    @property
    def grid(self) -> tuple[int, ...]:
        return tuple(math.ceil(n / t) for n, t in zip(self.shape, self.tile, strict=True))

    def reference(self) -> Array:
        return self.expect()[0]

    def expect(self) -> tuple[Array, Array]:
        """What the kernel stores, by numpy, block by block (stores clipped to the tensor),
        and elementwise how far a faithful backend may be from it (0: bit for bit)."""
        out = self.z_init.copy()
        atol = np.zeros(self.shape)
        values = {p.name: p.value for p in self.params}
        z_float = is_float(self.z_dtype)
        for index in itertools.product(*(range(g) for g in self.grid)):
            env = Env(index, self.inputs, self.z_init, self.tile, values)
            value, err = self.root.evaluate(env)
            stored = np.broadcast_to(to(value, self.z_dtype), self.tile)
            slack = 2.0 * np.broadcast_to(err, self.tile)
            if z_float and (not self.root.exact or self.root.dtype != self.z_dtype):
                slack = slack + 2.0 * unit(self.z_dtype) * mag(stored)
            if z_float and not self.root.exact:
                slack = slack + FLUSHED  # a GPU may flush f32 subnormals to zero
            starts = [k * t for k, t in zip(index, self.tile, strict=True)]
            sl = tuple(
                slice(s, min(s + t, n))
                for s, t, n in zip(starts, self.tile, self.shape, strict=True)
            )
            inner = tuple(slice(0, s.stop - s.start) for s in sl)
            out[sl] = stored[inner]
            atol[sl] = slack[inner] if z_float else 0.0
        return out, atol


def input_array(rng: np.random.Generator, shape: tuple[int, ...], dt: str) -> Array:
    """Inputs every dtype holds exactly: floats k/8 in [-4, 4], integers in [-20, 20]."""
    if dt == "bool":
        return rng.random(shape) < 0.5
    if dt in INTS:
        return rng.integers(-20, 21, size=shape).astype(NP[dt])
    return (rng.integers(-32, 33, size=shape) / 8.0).astype(NP[dt])


def generate(c: Chooser, label: str, max_depth: int = 4) -> Program:
    rank = c.int(1, 2)
    if rank == 1:
        tile: tuple[int, ...] = (pow2(c, 1, 6),)
    else:
        tile = (pow2(c, 1, 5), pow2(c, 1, 5))
    grid = tuple(c.int(1, 3) for _ in tile)
    shape = tuple(
        g * t - (c.int(1, t - 1) if t > 1 and c.chance(0.25) else 0)
        for g, t in zip(grid, tile, strict=True)
    )
    z_dtype = c.pick(DTYPES)
    palette = [z_dtype, *[c.pick(DTYPES) for _ in range(2)]]
    n_inputs = c.int(1, 3)
    inputs = [
        (f"x{k}", palette[k % len(palette)] if k else c.pick(palette)) for k in range(n_inputs)
    ]
    bounds = {n: INPUT_BOUND[d] for n, d in [*inputs, ("z", z_dtype)]}
    ctx = Context(rank, tile, z_dtype, inputs, bounds)
    gen = Gen(c, ctx)
    root_dt = z_dtype if c.chance(0.8) else c.pick(palette)
    exact = (z_dtype in (*INTS, "bool") and root_dt in FLOATS) or z_dtype == "bool"
    root = gen.tree(tile, root_dt, c.int(2, max_depth), exact=exact)
    for _ in range(4):  # a bare load or constant tests little: another draw
        if not root.leaf:
            break
        root = gen.tree(tile, root_dt, max_depth, exact=exact)
    if root.shape != tile:  # a 0-d or broadcastable root: stored through broadcast_to
        from tests.support.differential import ops

        root = ops.broadcast_to(root, tile)
    atol = 0.0
    if is_float(z_dtype):
        atol = 2.0 * root.err
        if not root.exact:
            atol += 2.0 * unit(z_dtype) * root.bound
        elif root.dtype in INTS and root.bound >= 2.0 ** {"f32": 24, "f16": 11, "bf16": 8}[z_dtype]:
            atol += 2.0 * unit(z_dtype) * root.bound
    seed = c.int(0, 2**31 - 1)
    rng = np.random.default_rng(seed)
    arrays = {n: input_array(rng, shape, d) for n, d in inputs}
    z_init = input_array(rng, shape, z_dtype)
    name = f"diff_{label}".replace("-", "_")
    source = module_source(ctx, root, "diff_kernel", label)
    kinds = node_kinds(root)
    meta = {"depth": root_depth(root), "kinds": sorted(kinds), "refused": REFUSED_PAIR in kinds}
    return Program(
        label, name, source, tile, shape, z_dtype, z_init, arrays, ctx.params, root, atol, meta
    )


def root_depth(node: Node) -> int:
    return 1 + max((root_depth(c) for c in node.children), default=0)


def node_kinds(node: Node) -> set[str]:
    kinds = {node.kind}
    if node.block is not None and node.block.body is not None:
        kinds |= node_kinds(node.block.body)
    for c in node.children:
        kinds |= node_kinds(c)
    return kinds


# -- files and launches ---------------------------------------------------------------------------
def load_module(program: Program, folder: Path) -> Any:
    """The program's module, written to ``folder`` and imported (decorating its kernel: a
    refusal raises here)."""
    path = folder / f"{program.name}.py"
    path.write_text(program.source)
    module_name = f"tilert_differential_{program.name}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(module_name, None)
    return module


def launch(program: Program, module: Any) -> Array:
    """Run the kernel on the current backend; the output tensor's values."""
    import tilert as tr

    z = tr.from_numpy(program.z_init.copy())
    args: list[Any] = [z.partition(program.tile)]
    args += [tr.from_numpy(a) for a in program.inputs.values()]
    args += [p.value for p in program.params]
    getattr(module, program.kernel)(*args).sync()
    return z.to_numpy()


def compare(program: Program, expect: Array, got: Array, atol: Array | None = None) -> str | None:
    """None when ``got`` agrees with ``expect`` (bit for bit for integers and bools, within
    ``atol`` elementwise for floats: the program's first-order error bound), else what
    differs."""
    if got.dtype != expect.dtype or got.shape != expect.shape:
        return f"dtype/shape {got.dtype}{got.shape} != {expect.dtype}{expect.shape}"
    if program.z_dtype not in FLOATS:
        bad = np.argwhere(got != expect)
        if bad.size == 0:
            return None
        k = tuple(int(x) for x in bad[0])
        return f"{len(bad)} elements differ, first at {k}: got {got[k]!r}, expected {expect[k]!r}"
    tol = np.zeros(expect.shape) if atol is None else atol
    e = expect.astype(np.float64)
    g = got.astype(np.float64)
    nan = np.isnan(e) | np.isnan(g)
    diff = np.where(nan, np.where(np.isnan(e) & np.isnan(g), 0.0, np.inf), np.abs(g - e))
    over = diff > tol
    if not over.any():
        return None
    k = tuple(int(x) for x in np.unravel_index(int(np.argmax(diff - tol)), diff.shape))
    return (
        f"{int(over.sum())} elements beyond tolerance, worst at {k}: got {g[k]!r}, "
        f"expected {e[k]!r} (|diff| {diff[k]:.3g} > atol {tol[k]:.3g})"
    )
