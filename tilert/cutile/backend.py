"""The cutile backend: compile a kernel's lowered source with cuda.tile once per (source,
specialization, device), then ``ct.launch`` it on the running stream.

The generated module is written to a file (cuTile reads kernel source through ``inspect``), one
per distinct source, under ``$TILERT_CACHE_DIR`` (default ``~/.cache/tilert/cutile``); cuTile's
own on-disk cache keeps compiled binaries across processes."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tilert.cutile.device import ArrayView, DeviceStorage
from tilert.cutile.lower import Lowered, MutableSpec, lower_kernel
from tilert.errors import KernelError
from tilert.signature import ParamKind
from tilert.streams import Stream, current_stream

MUTABLE, SHARED = ParamKind.MUTABLE, ParamKind.SHARED


def cache_dir() -> Path:
    root = os.environ.get("TILERT_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "tilert"
    )
    path = Path(root) / "cutile"
    path.mkdir(parents=True, exist_ok=True)
    return path


class Compiled:
    """One lowered kernel loaded as a ``ct.kernel``."""

    def __init__(self, lowered: Lowered) -> None:
        self.lowered = lowered
        digest = hashlib.sha256(lowered.source.encode()).hexdigest()[:16]
        self.path = cache_dir() / f"{lowered.entry}_{digest}.py"
        if not self.path.exists() or self.path.read_text() != lowered.source:
            tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(lowered.source)
            tmp.replace(self.path)
        spec = importlib.util.spec_from_file_location(f"tilert_cutile_{digest}", self.path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.kernel = getattr(module, lowered.entry)
        self.owner: Any = None  # the tilert kernel it was lowered from (see compiled())


class CutileBackend:
    """Runs kernels on the GPU through cuda.tile."""

    name = "cutile"

    def __init__(self) -> None:
        import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self._ct = ct
        self._launch = ct.launch
        # (id(kernel), (rank, mapped) of each Mutable parameter) -> compiled kernel
        self._cache: dict[tuple[int, tuple[tuple[int, bool], ...]], Compiled] = {}
        self._lock = threading.Lock()

    def compiled(self, kernel: Any, spec_key: tuple[tuple[int, bool], ...]) -> Compiled:
        key = (id(kernel), spec_key)
        found = self._cache.get(key)
        if found is None:
            with self._lock:
                found = self._cache.get(key)
                if found is None:
                    mutables = [p.name for p in kernel.params if p.kind is MUTABLE]
                    specs = {
                        n: MutableSpec(rank, mapped)
                        for n, (rank, mapped) in zip(mutables, spec_key, strict=True)
                    }
                    found = Compiled(lower_kernel(kernel, specs))
                    # the entry keeps its kernel alive: else a later kernel could get the same
                    # id() and launch this one's code (seen: a test module's kernels, collected)
                    found.owner = kernel
                    self._cache[key] = found
        return found

    def launch(
        self,
        kernel: Any,
        args: Sequence[object],
        grid: tuple[int, ...],
        stream: Stream | None = None,
    ) -> None:
        """Lower and compile on first use, then one ``ct.launch`` on the stream. This is the
        per-launch hot path: one pass over the arguments, one dict lookup."""
        s = current_stream() if stream is None else stream
        kernel_args, spec_key, written = launch_arguments(kernel, args, s)
        compiled = self._cache.get((id(kernel), spec_key)) or self.compiled(kernel, spec_key)
        try:
            self._launch(s._handle or s.cuda_handle(), grid, compiled.kernel, kernel_args)
        except self._ct.TileError as exc:
            raise user_error(kernel, compiled, exc) from exc
        writer = (s, s._launched)
        for t in written:
            t._writer = writer

    def launch_error(self, kernel: Any, compiled: Compiled, exc: BaseException) -> BaseException:
        """What a failed ``ct.launch`` of the C fast path raises, as ``launch`` would: cuTile's
        rejection located at the user's line (caused by cuTile's error), else the error itself."""
        if not isinstance(exc, self._ct.TileError):
            return exc
        error = user_error(kernel, compiled, exc)
        error.__cause__ = exc
        return error


def launch_arguments(
    kernel: Any, args: Sequence[object], stream: Stream
) -> tuple[tuple[object, ...], tuple[tuple[int, bool], ...], list[Any]]:
    """The ct.launch argument tuple of one launch (in the generated kernel's parameter order),
    the key of its compiled specialization, and the tensors it writes. A tensor last written
    by a launch on another stream makes ``stream`` wait for that launch first."""
    out: list[object] = []
    spec: list[tuple[int, bool]] = []
    written: list[Any] = []
    for p, v in zip(kernel.params, args, strict=True):
        kind = p.kind
        if kind is MUTABLE:
            t = v.tensor  # type: ignore[attr-defined]
            writer = t._writer
            if writer is not None and writer[0] is not stream:
                stream.wait_for_launch(*writer)
            out.append(t._launch_view or _view(t))
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
            writer = v._writer  # type: ignore[attr-defined]
            if writer is not None and writer[0] is not stream:
                stream.wait_for_launch(*writer)
            out.append(v._launch_view or _view(v))  # type: ignore[attr-defined]
        else:
            out.append(v.item() if hasattr(v, "item") else v)
    return tuple(out), tuple(spec), written


def _view(t: Any) -> ArrayView:
    view = t._launch_view = ArrayView(device_storage(t), t.shape, t._meta.dtype)
    return view


def device_storage(t: Any) -> DeviceStorage:
    """The GPU memory of tensor ``t``; an error naming it when it lives on the host."""
    if t._device is None:
        raise RuntimeError(
            f"{t.describe()} lives on the host but the cutile backend runs on the GPU: create "
            "tensors after choosing the backend (TILERT_BACKEND=cutile), or copy it with "
            "tr.from_numpy(t.to_numpy())"
        )
    storage: DeviceStorage = t._device
    return storage


def user_error(kernel: Any, compiled: Compiled, exc: Exception) -> KernelError:
    """cuTile's error, located at the user's line (not the generated file's)."""
    loc = getattr(exc, "loc", None)
    message = getattr(exc, "message", str(exc))
    line = None
    if loc is not None and str(getattr(loc, "filename", "")) == str(compiled.path):
        line = compiled.lowered.user_line(int(loc.line))
    where = f"{compiled.lowered.path}:{line}" if line else f"{compiled.lowered.path}"
    return KernelError(
        f"{where}: cuTile rejected kernel `{kernel.name}`: {message} "
        f"(generated source: {compiled.path})"
    )
