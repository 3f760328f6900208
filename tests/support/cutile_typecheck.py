"""Parity without a GPU: every interpreter launch also compiles the kernel's lowering through
cuTile's front end (``cuda.tile``'s ``compile_tile`` up to its final IR: typing, shapes,
constants; no Tile IR compiler, no device), so a kernel the interpreter runs but cuTile would
refuse fails the test that launched it.

Enabled by ``TILERT_CUTILE_TYPECHECK=1`` where ``cuda.tile`` imports (a developer machine with
the wheel; CI has none): ``TILERT_CUTILE_TYPECHECK=1 pytest tests/tilert``. With
``TILERT_CUTILE_TYPECHECK_ARCH=sm_90`` (and ``tileiras`` on PATH) each kernel is compiled all
the way to the H100's cubin. A refusal raises KernelError, as the GPU backend's first launch
would."""

from __future__ import annotations

import inspect
import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert.cutile.backend import MUTABLE, launch_arguments
from tilert.cutile.coercions import compile_converting
from tilert.cutile.compiled import Compiled
from tilert.cutile.lowering import MutableSpec, lower_kernel
from tilert.cutile.lowering.names import CT_DTYPES
from tilert.dtypes import as_dtype

_compiled: dict[tuple[int, tuple[tuple[int, bool], ...]], Compiled] = {}
_checked: set[tuple[int, tuple[Any, ...]]] = set()


def _arguments(kernel: Any, args: Sequence[object]) -> tuple[list[Any], tuple[Any, ...]]:
    """The generated kernel's arguments, as the GPU launch orders them (arrays as
    ``("array", dtype, ndim)``), and the specialization key."""
    values, spec, _ = launch_arguments(kernel, args, lambda t: ("array", t.dtype, len(t.shape)))
    return list(values), spec


def _signature(ct: Any, pyfunc: Any, values: list[Any]) -> Any:
    from cuda.tile.compilation import (
        ArrayConstraint,
        CallingConvention,
        ConstantConstraint,
        KernelSignature,
        ScalarConstraint,
    )

    constraints: list[Any] = []
    params = list(inspect.signature(pyfunc).parameters.values())
    for param, value in zip(params, values, strict=True):
        constant = "Constant" in str(param.annotation)
        if isinstance(value, tuple) and value and value[0] == "array":
            dtype = getattr(ct, CT_DTYPES[as_dtype(value[1]).name])
            constraints.append(
                ArrayConstraint(
                    dtype,
                    value[2],
                    index_dtype=ct.int32,
                    stride_lower_bound_incl=0,
                    alias_groups=(),
                    may_alias_internally=False,
                )
            )
        elif constant:
            constraints.append(ConstantConstraint(value))
        elif isinstance(value, bool):
            constraints.append(ScalarConstraint(ct.bool_))
        elif isinstance(value, (int, np.integer)):  # as ct.launch: int32 unless ScalarInt64
            wide = "int64" in str(param.annotation) or "ScalarInt64" in str(param.annotation)
            constraints.append(ScalarConstraint(ct.int64 if wide else ct.int32))
        elif isinstance(value, float):
            constraints.append(ScalarConstraint(ct.float32))
        else:  # a dtype or other constant
            constraints.append(ConstantConstraint(value))
    return KernelSignature(constraints, CallingConvention.cutile_python_v1())


def typecheck(kernel: Any, args: Sequence[object]) -> None:
    """Compile ``kernel``'s lowering for these arguments through cuTile's front end."""
    import cuda.tile as ct
    from cuda.tile._compile import compile_tile

    values, spec = _arguments(kernel, args)
    key = (id(kernel), spec)
    compiled = _compiled.get(key) or _lowered(kernel, spec, {})
    shape_key = (id(kernel), tuple(repr(v) for v in values))
    if shape_key in _checked:
        return

    def attempt(c: Compiled) -> None:
        function = c.kernel._annotated_function
        signature = _signature(ct, function.pyfunc, values)
        arch = os.environ.get("TILERT_CUTILE_TYPECHECK_ARCH")  # e.g. sm_90: all the way to a cubin
        compile_tile(
            function, [signature], sm_arch=arch, return_bytecode=not arch, return_cubin=bool(arch)
        )

    try:
        attempt(compiled)
    except ct.TileError as exc:
        compiled = compile_converting(
            kernel,
            compiled,
            exc,
            attempt,
            lambda coercions: _lowered(kernel, spec, coercions),
            ct.TileError,
        )
    _compiled[key] = compiled
    _checked.add(shape_key)


def _lowered(kernel: Any, spec: tuple[Any, ...], coercions: Any) -> Compiled:
    mutables = [p.name for p in kernel.params if p.kind is MUTABLE]
    specs = {n: MutableSpec(r, m) for n, (r, m) in zip(mutables, spec, strict=True)}
    compiled = Compiled(lower_kernel(kernel, specs, coercions))
    compiled.owner = kernel
    return compiled
