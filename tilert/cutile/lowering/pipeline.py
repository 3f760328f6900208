"""The entry point: runs the passes over one kernel in order (source -> aliases resolved ->
ranks inferred -> body rewritten and emitted -> helpers lowered) and assembles the module,
with the ``@ct.kernel`` signature that carries each Mutable's tile shape as constants."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from tilert.cutile.lowering.aliases import resolve_mutable_aliases
from tilert.cutile.lowering.constness import run_time_locals
from tilert.cutile.lowering.context import Context, fail
from tilert.cutile.lowering.coords import TILE_COORDS
from tilert.cutile.lowering.emit import Emitter
from tilert.cutile.lowering.helpers import lower_helpers
from tilert.cutile.lowering.names import CT_DTYPES, Resolver
from tilert.cutile.lowering.nodes import local_names
from tilert.cutile.lowering.ranks import guess_rank
from tilert.cutile.lowering.rewrite import Rewriter
from tilert.cutile.lowering.source import function_ast
from tilert.cutile.lowering.specs import Coercion, Lowered, MutableSpec, tile_params
from tilert.signature import Param, ParamKind


class LowerableKernel(Protocol):
    """What the lowering reads of a ``tilert.kernel.Kernel`` (without importing it)."""

    @property
    def fn(self) -> Callable[..., Any]: ...
    @property
    def name(self) -> str: ...
    @property
    def params(self) -> Sequence[Param]: ...
    @property
    def options(self) -> Mapping[str, Any]: ...


def lower_kernel(
    kernel: LowerableKernel,
    mutables: Mapping[str, MutableSpec] | None = None,
    coercions: Mapping[tuple[str, int], Coercion] | None = None,
    dependent_launch: bool | None = None,
) -> Lowered:
    """cuTile Python source for ``kernel`` with the given Mutable ranks (default: inferred
    from the body, else 1) and mapping, and the bindings to convert (``coercions.py``).
    ``dependent_launch`` (default: the kernel's option of that name): the kernel is launched
    as a programmatic dependent launch (PDL): it first waits for the kernel before it on the
    stream to complete (its writes visible), and lets the one after it be scheduled at once,
    so that its launch overlaps the tail of the kernel before instead of following it."""
    fdef, path, offset = function_ast(kernel.fn, f"kernel `{kernel.name}`")
    params = {p.name: p for p in kernel.params}
    fdef = resolve_mutable_aliases(
        fdef,
        [p.name for p in kernel.params if p.kind is ParamKind.MUTABLE],
        lambda node, message: fail(path, getattr(node, "lineno", 1) + offset, message),
    )
    specs = dict(mutables or {})
    for p in kernel.params:
        if p.kind is ParamKind.MUTABLE and p.name not in specs:
            specs[p.name] = MutableSpec(guess_rank(fdef, p.name))
    cx = Context(path, offset, params, specs, Resolver(kernel.fn.__globals__))
    cx.local_names = local_names(fdef)
    cx.run_time_locals = run_time_locals(fdef, params)
    cx.coercions = dict(coercions or {})
    rw = Rewriter(cx)
    em = Emitter(cx, rw)
    em.emit("import cuda.tile as ct", 0)
    body = Emitter(cx, rw)
    sig: list[str] = []
    for p in kernel.params:
        sig.append(_ct_param(p))
        if p.kind is ParamKind.MUTABLE:
            sig.extend(f"{t}: ct.Constant[int]" for t in tile_params(p.name, specs[p.name].rank))
            if specs[p.name].mapped:
                sig.append(f"{p.name}__group: ct.Constant[int]")
    body.emit("@ct.kernel" + _kernel_options(kernel.options), 0, offset + fdef.lineno)
    body.emit(f"def {kernel.name}({', '.join(sig)}):", 0, offset + fdef.lineno)
    for line in _scalar_conversions(kernel.params):
        body.emit(line, 1, offset + fdef.lineno)
    if dependent_launch is None:
        dependent_launch = bool(kernel.options.get("dependent_launch"))
    if dependent_launch:  # before any load or store: what the kernel before wrote is visible
        body.emit("ct.grid_dependency_control_wait()", 1, offset + fdef.lineno)
        body.emit("ct.grid_dependency_control_launch_dependents()", 1, offset + fdef.lineno)
    body.body(fdef.body, 1)
    helper_blocks = lower_helpers(cx)
    out = list(em.lines)
    line_map: dict[int, int] = {}
    if any(s.mapped for s in specs.values()):
        out.extend(TILE_COORDS.split("\n"))
    for block_lines, block_map in [*helper_blocks, (body.lines, body.line_map)]:
        out.extend(["", ""])
        base = len(out)
        out.extend(block_lines)
        line_map.update({base + k: v for k, v in block_map.items()})
    return Lowered(
        "\n".join(out) + "\n",
        kernel.name,
        path,
        line_map,
        tuple(sorted(cx.helpers)),
        dict(cx.coercions),
    )


# how a dtype-annotated scalar crosses ct.launch: a Python int is an int32 unless the parameter
# says ScalarInt64, a float a float32; the kernel converts it to its dtype first thing
_NATIVE_SCALARS = frozenset({"i32", "f32", "bool_"})


def _ct_param(p: Param) -> str:
    if p.kind is ParamKind.CONST:
        inner = p.py_type.__name__ if isinstance(p.py_type, type) else "int"
        return f"{p.name}: ct.Constant[{inner}]"
    if p.kind is ParamKind.SCALAR and p.dtype is not None and p.dtype.kind in "iu":
        if p.dtype.name != "i32":
            return f"{p.name}: ct.ScalarInt64"
    return p.name


def _scalar_conversions(params: Sequence[Param]) -> list[str]:
    """The first lines of the kernel: each dtype-annotated scalar converted to its dtype."""
    return [
        f"{p.name} = ct.astype({p.name}, ct.{CT_DTYPES[p.dtype.name]})"
        for p in params
        if p.kind is ParamKind.SCALAR
        and p.dtype is not None
        and p.dtype.name not in _NATIVE_SCALARS | {"i64"}
    ]


# the ``ct.kernel`` options a kernel's options pass on (``num_worker_warps``: the warps of a
# warp-specialized kernel's compute groups, which cuTile says to tune for normalization-style
# kernels with large tiles; 4 or 8 with tileiras 13.3-13.4)
_CT_OPTIONS = ("occupancy", "num_ctas", "num_worker_warps")


def _kernel_options(options: Mapping[str, Any]) -> str:
    picked = {k: v for k, v in options.items() if k in _CT_OPTIONS and v is not None}
    if not picked:
        return ""
    return "(" + ", ".join(f"{k}={v!r}" for k, v in picked.items()) + ")"
