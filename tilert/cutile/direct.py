"""Direct launches of the C launch path: a compiled specialization launched with the driver's
``cuLaunchKernel`` from C, without ``ct.launch`` (docs/decisions.md, "Direct launches").

``ct.launch`` reads every argument on every launch (its ``__cuda_array_interface__``), derives
the constraints cuTile specializes on (dtype, rank, divisibility of the address, shapes and
strides, aliasing) to find the compiled function, then packs the parameters. A tilert tensor's
launch view never changes, so that is done once per view here, and by cuTile itself:

* the kernel is loaded as a ``ct.kernel`` whose ``_compile`` hook keeps what cuTile's JIT
  compiled (the signature it chose for the first launch's arguments, and the cubin): no second
  compile;
* that first launch runs under cuTile's launch spy, which reports the configuration it launched
  with (block and shared memory);
* a view is launched directly at a parameter only once cuTile's own
  ``get_parameter_constraints_from_pyargs`` gave it the same constraint there as the compiled
  signature's (:meth:`Direct.verify`, once per view and parameter); its parameter words
  (address, shape and strides in elements, as the convention cuTile's JIT compiles with,
  ``cutile_python_v1``, passes them) are kept on the view.

Anything else (another signature, a scalar of another type, a constant of another value, a view
not verified or refused, a dependent launch, a kernel with cluster options or library
providers, a driver error) goes through ``ct.launch`` as before. ``TILERT_DIRECT_LAUNCH=0`` turns
this off."""

from __future__ import annotations

import os
import struct
from typing import Any

import numpy as np

from tilert._dlpack.abi import c_strides
from tilert.cuda import context
from tilert.cuda.memory import ArrayView

# what the C reads of a parameter (Direct.layout): its kind and one value
ARRAY, INT32, FLOAT32, CONSTANT, INT64 = 0, 1, 2, 3, 4


def enabled() -> bool:
    return os.environ.get("TILERT_DIRECT_LAUNCH", "1").strip().lower() not in ("0", "false", "no")


_recording: dict[type, type] = {}


def recording(kernel: Any) -> Any:
    """``kernel`` (a ``ct.kernel``) again, as one whose JIT compiles are kept in its
    ``compiled`` list: (signature, cubin, symbol, library providers) each."""
    base = type(kernel)
    cls = _recording.get(base)
    if cls is None:

        class Recording(base):  # type: ignore[misc,valid-type]
            def _compile(self, signature: Any, ctx: Any, compute_capability: Any = None) -> Any:
                result = super()._compile(signature, ctx, compute_capability)
                made = (signature, result[0], result[1], result[3])
                self.__dict__.setdefault("compiled", []).append(made)
                return result

        cls = _recording[base] = Recording
    options = kernel._compiler_options
    return cls(
        kernel._pyfunc,
        num_ctas=options.num_ctas,
        occupancy=options.occupancy,
        opt_level=options.opt_level,
        num_worker_warps=options.num_worker_warps,
    )


def spied(launch: Any, handle: int, grid: tuple[int, ...], kernel: Any, args: Any) -> list[Any]:
    """``launch(handle, grid, kernel, args)`` under cuTile's launch spy: the launches the
    driver was asked for meanwhile, (function, grid x y z, block x y z, shared memory, stream)
    each; [] where the spy is busy (another thread's) or missing."""
    try:
        from cuda.tile._cext import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            _spy_on_cuLaunchKernel_begin,
            _spy_on_cuLaunchKernel_end,
        )
    except ImportError:
        launch(handle, grid, kernel, args)
        return []
    seen: list[Any] = []
    try:
        _spy_on_cuLaunchKernel_begin(lambda *call: seen.append(call))
    except RuntimeError:
        launch(handle, grid, kernel, args)
        return []
    try:
        launch(handle, grid, kernel, args)
    finally:
        _spy_on_cuLaunchKernel_end()
    return seen


class Direct:
    """One compiled signature, launchable from C: its function, block and shared memory, what
    each launch argument is (``layout``: (kind, value) per argument, in ``ct.launch``'s order)
    and the per-view verification (:meth:`verify`)."""

    __slots__ = (
        "arrays",
        "block",
        "cconv",
        "function",
        "kernel",
        "layout",
        "module",
        "params",
        "smem",
    )

    def __init__(self, kernel: Any, signature: Any, cubin: bytes, symbol: str, call: Any) -> None:
        import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from cuda.tile.compilation import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            ArrayConstraint,
            ConstantConstraint,
            ScalarConstraint,
        )

        scalars = ((ct.int32, INT32), (ct.int64, INT64), (ct.float32, FLOAT32))
        layout: list[tuple[int, int]] = []
        arrays = 0
        for c in signature.parameters:
            if isinstance(c, ArrayConstraint) and all(v is None for v in c.shape_constant or ()):
                layout.append((ARRAY, arrays))
                arrays += 1
            elif isinstance(c, ConstantConstraint) and type(c.value) is int:
                layout.append((CONSTANT, c.value))
            elif isinstance(c, ScalarConstraint) and any(c.dtype is d for d, _ in scalars):
                layout.append((next(k for d, k in scalars if c.dtype is d), 0))
            else:
                raise ValueError(f"no direct launch for a parameter {c!r}")
        drv = context.driver()
        err, module = drv.cuModuleLoadData(cubin)
        context.check(err, "cuModuleLoadData")
        err, function = drv.cuModuleGetFunction(module, symbol.encode())
        context.check(err, "cuModuleGetFunction")
        self.kernel = kernel
        self.cconv = signature.calling_convention
        self.module = module  # (kept loaded while its function may launch)
        self.function = int(function)
        self.block = tuple(int(b) for b in call[4:7])
        self.smem = int(call[7])
        self.layout = tuple(layout)
        self.arrays = arrays
        self.params = tuple(signature.parameters)

    def verify(self, args: tuple[object, ...]) -> None:
        """Mark each array argument of this launch as launchable directly at its parameter
        (its parameter words kept on the view) or not (None): cuTile's own constraints for
        these arguments, parameter by parameter, against the compiled signature's. The C asks
        once per view and parameter."""
        from cuda.tile._cext import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            get_parameter_constraints_from_pyargs,
        )

        computed = get_parameter_constraints_from_pyargs(self.kernel, tuple(args), self.cconv)
        for (kind, at), have, want, view in zip(
            self.layout, computed, self.params, args, strict=True
        ):
            if kind != ARRAY:
                continue
            table = getattr(view, "_direct", None)
            if table is None:
                table = {}
                try:
                    view._direct = table  # type: ignore[attr-defined]
                except AttributeError:
                    continue
            entry: list[bytes | bool | None] = list(table.get(self) or (False,) * self.arrays)
            entry[at] = _words(view) if have == want else None
            table[self] = tuple(entry)


def _words(view: object) -> bytes | None:
    """A view's parameter words (``cutile_python_v2``): address, shape, strides in elements,
    8 bytes each; None for what cannot be said so."""
    if type(view) is not ArrayView:
        return None
    cai = view.__cuda_array_interface__
    shape = tuple(cai["shape"])
    itemsize = np.dtype(cai["typestr"]).itemsize
    if cai["strides"] is None:
        strides = c_strides(shape)
    elif any(s % itemsize for s in cai["strides"]):
        return None
    else:
        strides = tuple(s // itemsize for s in cai["strides"])
    return struct.pack(f"<Q{2 * len(shape)}q", cai["data"][0], *shape, *strides)


def make(compiled: Any, calls: list[Any], grid: tuple[int, ...]) -> Direct | None:
    """The direct launch of ``compiled`` after its first ``ct.launch`` (``calls``: what the spy
    saw of it), or None where that launch is not one this path can repeat: not exactly one
    compile and one driver launch of this grid, a cluster option, library providers."""
    kernel = compiled.kernel
    made = kernel.__dict__.get("compiled", [])
    if len(made) != 1 or len(calls) != 1 or compiled.launch is not None:
        return None
    signature, cubin, symbol, providers = made[0]
    options = kernel._compiler_options
    call = calls[0]
    if providers or options.num_ctas not in (None, 1) or tuple(call[1:4]) != (*grid, 1, 1)[:3]:
        return None
    # the words packed are these conventions' (address, shape, strides: checked on the H100,
    # benchmarks/gpu_probe_direct_launch.py); cuTile's JIT compiles with v1
    if not any(f"'cutile_python_{v}'" in repr(signature.calling_convention) for v in ("v1", "v2")):
        return None
    try:
        return Direct(kernel, signature, cubin, symbol, call)
    except Exception:  # (a parameter this path cannot pack, or a driver failure)
        return None
