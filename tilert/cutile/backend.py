"""The ``cutile`` backend: tensors in device memory, tile kernels lowered and compiled with
cuda.tile once per (kernel, specialization) and launched with ``ct.launch`` on the running
stream, ``tr.cuda_kernel``s through NVRTC, CUDA events and CUDA graphs."""

from __future__ import annotations

import functools
import os
import shutil
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np

from tilert._core import extras, nvtx
from tilert._core.log import logger
from tilert.cuda import context, nvrtc
from tilert.cuda import streams as cuda_streams
from tilert.cuda.events import CudaEvent
from tilert.cuda.graphs import CapturedGraph, capture
from tilert.cuda.memory import ArrayView, DeviceStorage, DLPackArrayView, launch_view
from tilert.cutile import direct
from tilert.cutile.coercions import compile_converting
from tilert.cutile.compiled import Compiled, user_error
from tilert.cutile.lowering import Coercion, MutableSpec, lower_kernel
from tilert.signature import ParamKind
from tilert.streams import Stream

MUTABLE, SHARED = ParamKind.MUTABLE, ParamKind.SHARED


def dependent_launches(ct: Any) -> str:
    """Which kernels run as programmatic dependent launches (docs/decisions.md, "Dependent
    launches"): ``TILERT_DEPENDENT_LAUNCH`` ``1`` all, ``0`` none, unset those compiled with
    the option ``dependent_launch=True``; none where this cuda.tile lacks the operations."""
    if not hasattr(ct, "grid_dependency_control_wait"):
        return "none"
    return {"1": "all", "0": "none"}.get(os.environ.get("TILERT_DEPENDENT_LAUNCH", ""), "marked")


@cache
def unavailable_reason() -> str | None:
    """None when the cutile backend can run here, else why not."""
    try:
        import cuda.tile  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return f"cuda.tile is not installed ({extras.install_command('gpu')}, with a GPU)"
    try:
        from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return f"cuda.core is not installed ({extras.install_command('gpu')})"
    try:
        Device().set_current()
    except Exception as exc:  # no driver, no GPU
        return f"no usable GPU: {exc}"
    if shutil.which("tileiras") is None:
        return "tileiras (the Tile IR compiler, pip install 'cuda-tile[tileiras]') is not on PATH"
    return None


class CudaMark:
    """A CUDA event after every launch on ``stream`` so far."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream
        self.seq = stream._launched  # the stream's launches it follows
        self.event = CudaEvent(stream.cuda_handle())

    def done(self) -> bool:
        return self.event.query()

    def synchronize(self) -> None:
        self.event.synchronize()
        if self.seq > self.stream._completed:
            self.stream._completed = self.seq

    def elapsed_ms(self, end: Any) -> float:
        return self.event.elapsed_ms(end.event)

    def order(self, waiter: Stream) -> None:
        self.event.make_wait(waiter.cuda_handle())


class StreamGraph:
    """A captured CUDA graph, replayed on tilert streams."""

    def __init__(self, graph: CapturedGraph) -> None:
        self.graph = graph

    def launch(self, stream: Stream) -> None:
        self.graph.launch(stream.cuda_handle())

    def close(self) -> None:
        self.graph.close()


class CutileBackend:
    """Runs kernels on the GPU through cuda.tile."""

    name = "cutile"
    device_kind = "cuda"
    launches_at_once = True

    def __init__(self) -> None:
        import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self._ct = ct
        self._launch = ct.launch
        # programmatic dependent launch (docs/decisions.md, "Dependent launches"): a kernel that
        # waits for the one before it in its first line, launched to overlap that one's tail
        self.dependent_launches = dependent_launches(ct)
        self._dependent_launch = functools.partial(ct.launch, programmatic_dependent_launch=True)
        # (id(kernel), (rank, mapped) of each Mutable parameter) -> compiled kernel
        self._cache: dict[tuple[int, tuple[tuple[int, bool], ...]], Compiled] = {}
        self._lock = threading.Lock()
        # the C launch path's capability (tilert/_fast.pyi): this cache and the launch function;
        # none with NVTX ranges on, which the Python launch opens around each kernel
        self.fast_launch = None if nvtx.ENABLED else (self._cache, self._launch)

    def allocate(self, array: np.ndarray[Any, Any]) -> DeviceStorage:
        storage = DeviceStorage(array.nbytes)
        storage.write(array)
        return storage

    def compiled(
        self,
        kernel: Any,
        spec_key: tuple[tuple[int, bool], ...],
        coercions: Mapping[tuple[str, int], Coercion] | None = None,
    ) -> Compiled:
        """The kernel lowered for ``spec_key`` (with ``coercions``: lowered again)."""
        key = (id(kernel), spec_key)
        found = self._cache.get(key)
        if found is None or coercions is not None:
            with self._lock:
                found = self._cache.get(key)
                if found is None or coercions is not None:
                    mutables = [p.name for p in kernel.params if p.kind is MUTABLE]
                    specs = {
                        n: MutableSpec(rank, mapped)
                        for n, (rank, mapped) in zip(mutables, spec_key, strict=True)
                    }
                    start = time.perf_counter()
                    dependent = self._dependent(kernel)
                    found = Compiled(lower_kernel(kernel, specs, coercions, dependent))
                    if dependent:  # (the C path launches with it too)
                        found.launch = self._dependent_launch
                    logger.info(
                        "lowered kernel `%s` for cuTile in %.0f ms (%s)",
                        kernel.name,
                        (time.perf_counter() - start) * 1e3,
                        found.path,
                    )
                    # the entry keeps its kernel alive: else a later kernel could get the same
                    # id() and launch this one's code (seen: a test module's kernels, collected)
                    found.owner = kernel
                    self._cache[key] = found
        return found

    def _dependent(self, kernel: Any) -> bool:
        """Whether ``kernel`` runs as a programmatic dependent launch."""
        if self.dependent_launches == "marked":
            return bool(kernel.options.get("dependent_launch"))
        return self.dependent_launches == "all"

    def launch(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Stream
    ) -> None:
        """Lower and compile on first use, then one ``ct.launch`` on the stream. This is the
        per-launch hot path: one pass over the arguments, one dict lookup."""
        kernel_args, spec_key, written = launch_arguments(kernel, args)
        compiled = self._cache.get((id(kernel), spec_key)) or self.compiled(kernel, spec_key)
        handle = stream._handle or stream.cuda_handle()
        launch = compiled.launch or self._launch
        try:
            if compiled.direct_tried:
                launch(handle, grid, compiled.kernel, kernel_args)
            else:  # its first launch: what the C path needs to launch it directly
                compiled.direct_tried = True
                calls = direct.spied(launch, handle, grid, compiled.kernel, kernel_args)
                compiled.direct = direct.make(compiled, calls, grid)
        except OverflowError as exc:  # a Python int ct.launch cannot pass
            raise _scalar_overflow(kernel, exc) from exc
        except self._ct.TileError as exc:
            compile_converting(
                kernel,
                compiled,
                exc,
                lambda c: (c.launch or self._launch)(handle, grid, c.kernel, kernel_args),
                lambda coercions: self.compiled(kernel, spec_key, coercions),
                self._ct.TileError,
            )
        writer = (stream, stream._launched)
        for t in written:
            t._writer = writer

    def launch_error(self, kernel: Any, compiled: Compiled, exc: BaseException) -> BaseException:
        """What a failed ``ct.launch`` of the C fast path raises, as ``launch`` would: cuTile's
        rejection located at the user's line (caused by cuTile's error), else the error itself."""
        if isinstance(exc, OverflowError):
            return _scalar_overflow(kernel, exc)
        if not isinstance(exc, self._ct.TileError):
            return exc
        error = user_error(kernel, compiled, exc)
        error.__cause__ = exc
        return error

    def launch_cuda(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Stream
    ) -> None:
        nvrtc.launch(kernel, list(args), grid, stream.cuda_handle())

    def order_after(self, waiter: Stream, writer: Stream, seq: int) -> None:
        # an event recorded now follows every launch of ``writer`` so far, ``seq`` included
        cuda_streams.order_after(waiter.cuda_handle(), writer.cuda_handle())

    def record_event(self, stream: Stream) -> CudaMark:
        return CudaMark(stream)

    def capture(self, stream: Stream, body: Callable[[], None]) -> StreamGraph:
        return StreamGraph(capture(stream.cuda_handle(), body))

    def device_properties(self, index: int) -> tuple[str, int, tuple[int, int] | None]:
        return context.device_properties(index)


def _scalar_overflow(kernel: Any, exc: BaseException) -> ValueError:
    """ct.launch passes an ``int`` parameter as an int32 (a ``tl.i64``-annotated one as an
    int64): a value past that is the interpreter's error too."""
    error = ValueError(
        f"kernel `{kernel.name}`: a scalar argument does not fit how the GPU passes it ({exc}): "
        "an `int` parameter is an int32; annotate a wider one with tl.i64"
    )
    error.__cause__ = exc
    return error


def launch_arguments(
    kernel: Any, args: Sequence[object], view: Callable[[Any], object] | None = None
) -> tuple[tuple[object, ...], tuple[tuple[int, bool], ...], list[Any]]:
    """The ct.launch argument tuple of one launch (in the generated kernel's parameter order),
    the key of its compiled specialization, and the tensors it writes. ``view`` stands for
    each tensor (default: what ``ct.launch`` receives for it)."""
    view = view or _view
    out: list[object] = []
    spec: list[tuple[int, bool]] = []
    written: list[Any] = []
    for p, v in zip(kernel.params, args, strict=True):
        kind = p.kind
        if kind is MUTABLE:
            t = v.tensor  # type: ignore[attr-defined]
            out.append(t._launch_view or view(t))
            tile_shape = v.tile_shape  # type: ignore[attr-defined]
            out.extend(tile_shape)
            mapping = v.mapping  # type: ignore[attr-defined]
            if mapping is None:
                spec.append((len(tile_shape), False))
            else:
                order = mapping.order
                out.append(order.group if order.kind == "grouped" else 0)
                spec.append((len(tile_shape), True))
            written.append(t)
        elif kind is SHARED:
            out.append(v._launch_view or view(v))  # type: ignore[attr-defined]
        else:
            out.append(v.item() if hasattr(v, "item") else v)
    return tuple(out), tuple(spec), written


def _view(t: Any) -> ArrayView | DLPackArrayView:
    """What ``ct.launch`` receives for ``t``: its storage from its first element on, with a
    view's strides. Kept for the next launch only outside a family (a tensor with views, or
    one): the C launch path takes an op only when each tensor has it kept, so a family's ops
    stay with the Python, which orders them after overlapping tensors' last writers."""
    if t._view is None:
        view = launch_view(t._device_storage(), t.shape, t._np_dtype)
    else:
        strides = None if t.is_contiguous() else t._region().strides
        view = launch_view(t._device_storage(), t.shape, t._np_dtype, t._device_pointer(), strides)
    if t._family is None:
        t._launch_view = view
    return view
