"""Running one launch over its grid.

The kernel body runs once per chunk of blocks with batched values (``BatchedRun``); when it
meets a decision it cannot vectorize, the attempt is dropped (it wrote nothing) and the launch
runs block by block, the same code with a batch of one. Either way the writes reach the
tensors only when every block has finished."""

from __future__ import annotations

import itertools
import math
import os
from typing import Any, Literal, cast

import numpy as np

from tilert.dtypes import DType, bool_, f32, i32
from tilert.errors import KernelError
from tilert.interpret import context
from tilert.interpret.context import BlockContext, NeedsSerial
from tilert.interpret.dtype_rules import python_scalar, scalar_array
from tilert.interpret.locate import located
from tilert.interpret.mapping import MappedTiles
from tilert.interpret.protocols import KernelLike, PartitionLike, TensorLike
from tilert.interpret.race import RaceTracker
from tilert.interpret.state import RunState
from tilert.interpret.tiles import Tile
from tilert.interpret.views import MutableView, SharedView
from tilert.signature import Param, ParamKind

Mode = Literal["auto", "batched", "serial"]
MODE_VARIABLE = "TILERT_INTERPRET_MODE"
CHUNK_ELEMENTS = 1 << 22  # elements of one Mutable tile times blocks per batched chunk
CHUNK_BLOCKS_WITHOUT_PARTITIONS = 4096
IntArray = np.ndarray[Any, np.dtype[np.int64]]


class _MutableArg:
    def __init__(self, param: Param, partition: PartitionLike, grid: tuple[int, ...]) -> None:
        self.name = param.name
        self.tensor: TensorLike = partition.tensor
        self.tile = tuple(int(d) for d in partition.tile_shape)
        mapping = partition.mapping
        self.mapped: MappedTiles | None = None
        if mapping is None:
            if tuple(partition.grid) != grid:
                raise ValueError(
                    f"parameter `{self.name}`: partition grid {tuple(partition.grid)} differs "
                    f"from the launch grid {grid}"
                )
        else:
            if (int(mapping.blocks),) != grid:
                raise ValueError(
                    f"parameter `{self.name}`: mapped over {mapping.blocks} blocks but the "
                    f"launch grid is {grid}"
                )
            order = mapping.order
            self.mapped = MappedTiles.build(
                tuple(partition.grid), int(mapping.blocks), order.kind, int(order.group)
            )


# how the GPU types a scalar argument: ``ct.launch`` makes a Python int an int32, a float a
# float32, a bool a bool_ (measured by benchmarks/gpu_probe_scalars.py on the H100)
_GPU_SCALAR_TYPES: dict[object, type[DType]] = {int: i32, float: f32, bool: bool_}


def _scalar_arg(param: Param, value: object) -> object:
    """A scalar parameter's value inside the kernel, typed as on the GPU: an ``int`` parameter
    is an i32 0-d tile, ``float`` f32, ``bool`` bool_; a dtype-annotated one a 0-d tile of its
    dtype (a float crosses the launch as f32 first, as on the GPU). A value the GPU cannot
    carry (an ``int`` past 32 bits) is refused here as there. A ``Const`` parameter is the
    Python value itself (the GPU compiles it in)."""
    if param.kind is ParamKind.CONST:
        return cast(Any, param.py_type)(value) if param.py_type in (int, float, bool) else value
    dt = param.dtype if param.dtype is not None else _GPU_SCALAR_TYPES.get(param.py_type)
    if dt is None:
        return value
    scalar = python_scalar(value)
    if dt.kind == "f" and dt is not f32:
        scalar = float(np.float32(scalar))
    try:
        if isinstance(scalar, int) and not -(2**63) <= scalar < 2**63:
            raise ValueError  # past ct.launch's widest integer, int64
        data = scalar_array(scalar, dt.np_dtype).reshape(1)
    except ValueError:
        wider = "tl.i64" if param.dtype is None else "a wider dtype"
        raise ValueError(
            f"scalar parameter `{param.name}` = {value!r} does not fit {dt} (how the GPU "
            f"passes it): annotate it with {wider}"
        ) from None
    return Tile(data, dt)


class LaunchPlan:
    """A launch's arguments bound to its parameters, and how to split its blocks."""

    def __init__(self, kernel: KernelLike, args: list[object], grid: tuple[int, ...]) -> None:
        if len(args) != len(kernel.params):
            raise TypeError(
                f"kernel `{kernel.name}` takes {len(kernel.params)} arguments, got {len(args)}"
            )
        self.kernel = kernel
        self.grid = grid
        self.num_blocks = math.prod(grid)
        code = getattr(kernel.fn, "__code__", None)
        self.def_site = (code.co_filename, code.co_firstlineno) if code else ("<kernel>", 0)
        self._bound: list[tuple[ParamKind, object]] = []
        self.mutables: list[_MutableArg] = []
        for p, a in zip(kernel.params, args, strict=True):
            if p.dtype is not None and p.dtype.not_in_kernels:
                raise TypeError(
                    f"kernel `{kernel.name}`, parameter `{p.name}`: {p.dtype.not_in_kernels}"
                )
            if p.kind is ParamKind.MUTABLE:
                m = _MutableArg(p, cast(PartitionLike, a), grid)
                self.mutables.append(m)
                self._bound.append((p.kind, m))
            elif p.kind is ParamKind.SHARED:
                self._bound.append((p.kind, (p.name, cast(TensorLike, a))))
            else:
                self._bound.append((p.kind, _scalar_arg(p, a)))

    def arguments(self, ctx: BlockContext) -> list[object]:
        out: list[object] = []
        for kind, bound in self._bound:
            if kind is ParamKind.MUTABLE:
                m = cast(_MutableArg, bound)
                out.append(MutableView(ctx, m.name, m.tensor, m.tile, m.mapped))
            elif kind is ParamKind.SHARED:
                name, tensor = cast(tuple[str, TensorLike], bound)
                out.append(SharedView(ctx, name, tensor))
            else:
                out.append(bound)
        return out

    def chunks(self) -> list[IntArray]:
        """Batches of linear block ids: bounded in size, and split wherever the number of
        tiles a block owns in a mapped partition changes (so each batch agrees on it)."""
        ids = np.arange(self.num_blocks, dtype=np.int64)
        cuts: set[int] = set()
        for m in self.mutables:
            if m.mapped is not None:
                counts = m.mapped.counts(ids)
                cuts.update(int(i) + 1 for i in np.flatnonzero(np.diff(counts)))
        tile_sizes = [math.prod(m.tile) for m in self.mutables]
        step = (
            max(1, CHUNK_ELEMENTS // max(tile_sizes))
            if tile_sizes
            else CHUNK_BLOCKS_WITHOUT_PARTITIONS
        )
        bounds = sorted(cuts | set(range(0, self.num_blocks, step)) | {self.num_blocks})
        return [ids[a:b] for a, b in itertools.pairwise(bounds) if b > a]

    def new_state(self) -> RunState:
        races = RaceTracker(self.kernel.name, self.grid) if self.kernel.unsafe else None
        return RunState(races)

    def run(self, state: RunState, blocks: IntArray) -> None:
        """Execute the kernel body once for ``blocks``."""
        coords = tuple(c.astype(np.int64) for c in np.unravel_index(blocks, self.grid))
        ctx = BlockContext(
            kernel_name=self.kernel.name,
            unsafe=bool(self.kernel.unsafe),
            grid=self.grid,
            linear=blocks,
            coords=coords,
            state=state,
        )
        arguments = self.arguments(ctx)
        with context.entered(ctx):
            try:
                self.kernel.fn(*arguments)
            except Exception as exc:
                block = ctx.block_label(int(blocks[0])) if len(blocks) == 1 else None
                raise located(exc, self.kernel.name, self.def_site, block) from exc


def _mode(requested: Mode) -> Mode:
    if requested != "auto":
        return requested
    chosen = os.environ.get(MODE_VARIABLE, "auto").strip().lower() or "auto"
    if chosen not in ("auto", "batched", "serial"):
        raise RuntimeError(f"{MODE_VARIABLE}={chosen!r}: expected auto, batched or serial")
    return cast(Mode, chosen)


def execute(
    kernel: KernelLike, args: list[object], grid: tuple[int, ...], mode: Mode = "auto"
) -> str:
    """Run the launch; returns how it ran: "batched", "serial" or "empty" (no blocks).

    A KernelError in a batched attempt is raised again by a serial rerun, whose message names
    the failing block.

    ``mode="batched"`` refuses to fall back (a RuntimeError says why it could not batch);
    ``"serial"`` runs block by block from the start (also ``TILERT_INTERPRET_MODE=serial``,
    handy with a debugger or print)."""
    plan = LaunchPlan(kernel, list(args), tuple(int(g) for g in grid))
    if plan.num_blocks == 0:
        return "empty"
    chosen = _mode(mode)
    with np.errstate(all="ignore"):
        if chosen != "serial":
            state = plan.new_state()
            try:
                for blocks in plan.chunks():
                    plan.run(state, blocks)
            except NeedsSerial as signal:
                if chosen == "batched":
                    raise RuntimeError(
                        f"kernel `{kernel.name}` cannot run batched: {signal.reason}"
                    ) from None
            except KernelError:
                if chosen == "batched":
                    raise
                # rerun block by block: the same error, now naming the block that raised it
            else:
                state.commit()
                return "batched"
        state = plan.new_state()
        for b in range(plan.num_blocks):
            plan.run(state, np.array([b], dtype=np.int64))
        state.commit()
        return "serial"
