"""Direct launches: the launch fast path of the cutile backend.

``ct.launch`` inspects every argument on every launch (its ``__cuda_array_interface__``, the
divisibility of its shape, strides and address) to find the compiled specialization, then packs
the kernel's parameters. A tilert tensor's memory, shape and dtype never change, so that work is
done once per distinct set of arguments here: the specialization is the one ``ct.launch`` would
compile (``KernelSignature.from_kernel_args``), compiled through cuTile's export path (whose disk
cache it shares) and launched with ``cuLaunchKernel`` on parameter words packed once, in the
documented ``cutile_python_v2`` calling convention. Anything this path does not know how to pack
falls back to ``ct.launch`` for that kernel; ``TILERT_DIRECT_LAUNCH=0`` turns it off."""

from __future__ import annotations

import ctypes
import io
import os
import struct
from collections.abc import Sequence
from typing import Any

from tilert.cutile.device import ArrayView, driver, ensure_current

_MAX_PLANS = 256  # parameter blocks kept per kernel (one per distinct set of arguments)


def enabled() -> bool:
    return os.environ.get("TILERT_DIRECT_LAUNCH", "1").strip() not in ("0", "false", "no")


class Unsupported(Exception):
    """A kernel or argument this path cannot pack: the kernel goes through ``ct.launch``."""


class _Plan:
    """One launch's packed parameters: ``words`` (one 8-byte word per kernel parameter) and
    ``params`` (the ``void**`` cuLaunchKernel reads, pointing into ``words``)."""

    __slots__ = ("function", "params", "words")

    def __init__(self, function: int, words: Sequence[bytes]) -> None:
        self.function = function
        self.words = (ctypes.c_uint64 * max(len(words), 1))()
        ctypes.memmove(self.words, b"".join(words), 8 * len(words))
        base = ctypes.addressof(self.words)
        self.params = (ctypes.c_void_p * max(len(words), 1))(
            *[base + 8 * i for i in range(len(words))]
        )


class DirectLauncher:
    """Launches one lowered ``ct.kernel`` without ``ct.launch``."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self._plans: dict[tuple[Any, ...], _Plan] = {}
        self._functions: dict[str, int] = {}  # mangled symbol -> loaded CUfunction
        self._modules: list[Any] = []  # loaded CUmodules (kept: their functions are in use)

    def launch(self, args: tuple[object, ...], grid: tuple[int, ...], stream: int) -> None:
        """Launch on ``stream`` (a CUstream handle); compiles and packs on first sight of
        these arguments. Raises Unsupported before launching anything it cannot pack."""
        key = tuple([a.key if a.__class__ is ArrayView else _scalar_key(a) for a in args])
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plan(key, args)
        ensure_current()
        gx, gy, gz = (*grid, 1, 1)[:3]
        err = (_cu_launch or _launch_kernel())(
            plan.function, gx, gy, gz, 1, 1, 1, 0, stream, plan.params, None
        )
        if err:
            raise RuntimeError(f"cuLaunchKernel failed: {_error_name(err)}")

    def _plan(self, key: tuple[Any, ...], args: tuple[object, ...]) -> _Plan:
        from cuda.tile.compilation import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            CallingConvention,
            KernelSignature,
        )

        signature = KernelSignature.from_kernel_args(
            self.kernel, args, CallingConvention.cutile_python_v2()
        )
        function = self._functions.get(signature.symbol)
        if function is None:
            function = self._functions[signature.symbol] = self._load(signature)
        words = [w for c, a in zip(signature.parameters, args, strict=True) for w in _pack(c, a)]
        plan = _Plan(function, words)
        if len(self._plans) >= _MAX_PLANS:
            self._plans.clear()
        self._plans[key] = plan
        return plan

    def _load(self, signature: Any) -> int:
        """Compile ``signature`` (or find it in cuTile's disk cache) and load its function."""
        from cuda.tile.compilation import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            export_kernel,
        )

        dev = ensure_current()
        major, minor = dev.compute_capability
        cubin = io.BytesIO()
        export_kernel(
            self.kernel, [signature], cubin, gpu_code=f"sm_{major}{minor}", output_format="cubin"
        )
        drv = driver()
        err, module = drv.cuModuleLoadData(cubin.getvalue())
        _check(err, "cuModuleLoadData")
        self._modules.append(module)
        err, function = drv.cuModuleGetFunction(module, signature.symbol.encode())
        _check(err, "cuModuleGetFunction")
        return int(function)


def _scalar_key(value: object) -> object:
    """A scalar's part of a launch's key: 1, 1.0 and True specialize differently."""
    return value if value.__class__ is int else (value.__class__, value)


def _pack(constraint: Any, value: object) -> list[bytes]:
    """The parameter words of one argument (``cutile_python_v2``): an array is its address,
    shape and strides (in elements); a scalar its value; a constant nothing."""
    from cuda.tile.compilation import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
        ArrayConstraint,
        ConstantConstraint,
        ScalarConstraint,
    )

    if isinstance(constraint, ConstantConstraint):
        return []
    if isinstance(constraint, ArrayConstraint) and isinstance(value, ArrayView):
        ptr, shape, _ = value.key
        strides = [1] * len(shape)
        for i in range(len(shape) - 2, -1, -1):
            strides[i] = strides[i + 1] * shape[i + 1]
        return [_word("Q", ptr)] + [_word("q", int(v)) for v in (*shape, *strides)]
    if isinstance(constraint, ScalarConstraint):
        name = str(constraint.dtype.name)
        if name.startswith(("int", "uint", "bool")):
            return [_word("q", int(value))]  # type: ignore[call-overload]
        if name == "float32":
            return [_word("f", float(value))]  # type: ignore[arg-type]
        if name == "float64":
            return [_word("d", float(value))]  # type: ignore[arg-type]
    raise Unsupported(f"cannot pack {constraint!r} for {value!r}")


def _word(fmt: str, value: int | float) -> bytes:
    return struct.pack("<" + fmt, value).ljust(8, b"\0")


_cu_launch: Any = None


def _launch_kernel() -> Any:
    """``cuLaunchKernel`` of the driver library, through ctypes (cheaper per call than the
    Python bindings, whose results are enum objects)."""
    global _cu_launch
    fn = ctypes.CDLL("libcuda.so.1").cuLaunchKernel
    u, p = ctypes.c_uint, ctypes.c_void_p
    fn.argtypes = [p, u, u, u, u, u, u, u, p, p, p]
    fn.restype = ctypes.c_int
    _cu_launch = fn
    return fn


def _error_name(err: int) -> str:
    drv = driver()
    try:
        _, name = drv.cuGetErrorName(drv.CUresult(err))
        return f"{name.decode()} ({err})"
    except Exception:  # an error code the bindings do not know
        return f"CUDA error {err}"


def _check(err: Any, what: str) -> None:
    if int(err) != 0:
        raise RuntimeError(f"{what} failed: {_error_name(int(err))}")
