"""Compile and launch ``tr.cuda_kernel``s through cuda.core: NVRTC for CUDA C++, the driver for
PTX and cubins, once per kernel object; a launch passes the C arguments as given (pointers as
uint64, scalars as their C type) on a CUDA stream."""

from __future__ import annotations

import threading
from typing import Any

from tilert.cuda.context import ensure_current
from tilert.errors import KernelError

_lock = threading.Lock()
_streams: dict[int, Any] = {}  # CUstream handle -> cuda.core Stream (see _core_stream)


def _core_stream(handle: int) -> Any:
    """A cuda.core ``Stream`` for the CUDA stream ``handle`` (not owning it), made once."""
    found = _streams.get(handle)
    if found is None:
        from cuda.core import Stream  # type: ignore[import-not-found,import-untyped,unused-ignore]

        found = _streams[handle] = Stream.from_handle(handle)
    return found


def compiled(kernel: Any) -> Any:
    """The kernel's loaded cuda.core ``Kernel``, compiled on first use."""
    found = kernel._compiled
    if found is None:
        with _lock:
            if kernel._compiled is None:
                kernel._compiled = _load(kernel)
            found = kernel._compiled
    return found


def _load(kernel: Any) -> Any:
    from cuda.core import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
        ObjectCode,
        Program,
        ProgramOptions,
    )

    device = ensure_current()
    kind = kernel.code_type
    try:
        if kind == "cubin":
            code = ObjectCode.from_cubin(kernel.source)
        elif kind == "ptx":  # (a str would be read as a file name)
            source = kernel.source
            code = ObjectCode.from_ptx(source.encode() if isinstance(source, str) else source)
        else:
            options = ProgramOptions(arch=f"sm_{device.arch}")
            code = Program(kernel.source, code_type="c++", options=options).compile("cubin")
        return code.get_kernel(kernel.name)
    except Exception as exc:
        what = "NVRTC rejected the CUDA C++" if kind == "c++" else f"loading the {kind} failed"
        raise KernelError(
            f"{kernel.defined_at}: cuda kernel `{kernel.name}`: {what}: {exc}"
        ) from exc


def launch(kernel: Any, args: list[object], grid: tuple[int, ...], stream_handle: int) -> None:
    """Launch ``kernel`` (a ``tr.cuda_kernel``) over ``grid`` with its C arguments."""
    from cuda.core import LaunchConfig  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from cuda.core import launch as cuda_launch

    config = LaunchConfig(grid=grid, block=kernel.block)
    cuda_launch(_core_stream(stream_handle), config, compiled(kernel), *args)
