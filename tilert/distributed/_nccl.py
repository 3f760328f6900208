"""A thin ctypes binding of NCCL's C API (``nccl.h``): the calls ``NcclTransport`` makes, each
checked, so a collective costs NCCL's own host time (a few microseconds) and not a process
group's per-call bookkeeping. The library is the ``libnccl.so.2`` torch loaded where it did
(``load``: the process's own copy first), so tilert and torch share one NCCL.

``Library`` is what the transport asks of it: ``Nccl`` is the real one, and the CPU tests pass
a recording stand-in (``tilert.distributed.testing.RecordingNccl``). Every call that returns
an ``ncclResult_t`` other than ``ncclSuccess`` raises ``NcclError`` naming the call, NCCL's
name and string for the code and, where the library has it, ``ncclGetLastError``'s message."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

ENV = "TILERT_NCCL_LIBRARY"  # a path to load instead of searching
SONAME = "libnccl.so.2"
UNIQUE_ID_BYTES = 128  # NCCL_UNIQUE_ID_BYTES

# ncclResult_t
RESULTS = (
    "ncclSuccess",
    "ncclUnhandledCudaError",
    "ncclSystemError",
    "ncclInternalError",
    "ncclInvalidArgument",
    "ncclInvalidUsage",
    "ncclRemoteError",
    "ncclInProgress",
    "ncclTimeout",
)
# ncclRedOp_t, by tilert's names of the reductions
RED_OPS = {"sum": 0, "prod": 1, "max": 2, "min": 3, "avg": 4}
# ncclDataType_t, by tilert's dtype names (ncclFloat8e4m3 is CUDA's __nv_fp8_e4m3: e4m3fn)
DATA_TYPES = {
    "i8": 0,
    "u8": 1,
    "i32": 2,
    "u32": 3,
    "i64": 4,
    "u64": 5,
    "f16": 6,
    "f32": 7,
    "f64": 8,
    "bf16": 9,
    "f8e4m3fn": 10,
    "f8e5m2": 11,
}
UINT8 = DATA_TYPES["u8"]
# window registration (nccl.h, NCCL 2.27 and later): ncclCommWindowRegister's winFlags
WIN_DEFAULT = 0x00
WIN_COLL_SYMMETRIC = 0x01  # every rank registers a buffer of the same size: symmetric kernels
WIN_ALIGNMENT = 4096  # NCCL_WIN_REQUIRED_ALIGNMENT (newer headers): sizes are rounded up to it


class NcclError(RuntimeError):
    """An NCCL call returned an error: ``call`` (``ncclAllReduce``), ``code`` (its
    ``ncclResult_t``), and NCCL's words in the message."""

    def __init__(self, call: str, code: int, message: str) -> None:
        super().__init__(message)
        self.call, self.code = call, code


def describe(code: int) -> str:
    """``ncclInvalidArgument (4)``."""
    name = RESULTS[code] if 0 <= code < len(RESULTS) else "an ncclResult_t this binding lacks"
    return f"{name} ({code})"


def version_text(code: int) -> str:
    """NCCL_VERSION_CODE as ``2.27.3`` (``X*10000 + Y*100 + Z`` since 2.9, ``X*1000 + ...``
    before)."""
    if code >= 10000:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"


class Library(Protocol):
    """NCCL as the transport calls it: pointers, streams and communicators as ints, counts in
    elements of ``dtype`` (an ``ncclDataType_t``), ``op`` an ``ncclRedOp_t``; each call raises
    ``NcclError`` on failure."""

    path: str
    version: int  # NCCL_VERSION_CODE

    def get_unique_id(self) -> bytes: ...
    def comm_init_rank(self, nranks: int, unique_id: bytes, rank: int) -> int: ...
    def comm_destroy(self, comm: int) -> None: ...
    def comm_abort(self, comm: int) -> None: ...
    def all_reduce(
        self, send: int, recv: int, count: int, dtype: int, op: int, comm: int, stream: int
    ) -> None: ...
    def all_gather(
        self, send: int, recv: int, sendcount: int, dtype: int, comm: int, stream: int
    ) -> None: ...
    def reduce_scatter(
        self, send: int, recv: int, recvcount: int, dtype: int, op: int, comm: int, stream: int
    ) -> None: ...
    def broadcast(
        self, send: int, recv: int, count: int, dtype: int, root: int, comm: int, stream: int
    ) -> None: ...
    def send(self, buf: int, count: int, dtype: int, peer: int, comm: int, stream: int) -> None: ...
    def recv(self, buf: int, count: int, dtype: int, peer: int, comm: int, stream: int) -> None: ...
    def group_start(self) -> None: ...
    def group_end(self) -> None: ...

    # symmetric windows (NCCL 2.27+): ``windows_missing`` says why not where the library lacks
    # them (None: it has them)
    windows_missing: str | None

    def mem_alloc(self, size: int) -> int: ...
    def mem_free(self, ptr: int) -> None: ...
    def window_register(self, comm: int, ptr: int, size: int, flags: int) -> int: ...
    def window_deregister(self, comm: int, win: int) -> None: ...


class UniqueId(ctypes.Structure):
    """``ncclUniqueId``: 128 opaque bytes, passed by value to ``ncclCommInitRank``."""

    _fields_ = [("internal", ctypes.c_char * UNIQUE_ID_BYTES)]


_P, _I, _SIZE = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
# name -> (argtypes, restype): nccl.h's prototypes (ncclComm_t and cudaStream_t are pointers)
_PROTOTYPES: dict[str, tuple[list[Any], Any]] = {
    "ncclGetVersion": ([ctypes.POINTER(_I)], _I),
    "ncclGetUniqueId": ([ctypes.POINTER(UniqueId)], _I),
    "ncclCommInitRank": ([ctypes.POINTER(_P), _I, UniqueId, _I], _I),
    "ncclCommDestroy": ([_P], _I),
    "ncclCommAbort": ([_P], _I),
    "ncclAllReduce": ([_P, _P, _SIZE, _I, _I, _P, _P], _I),
    "ncclAllGather": ([_P, _P, _SIZE, _I, _P, _P], _I),
    "ncclReduceScatter": ([_P, _P, _SIZE, _I, _I, _P, _P], _I),
    "ncclBroadcast": ([_P, _P, _SIZE, _I, _I, _P, _P], _I),
    "ncclSend": ([_P, _SIZE, _I, _I, _P, _P], _I),
    "ncclRecv": ([_P, _SIZE, _I, _I, _P, _P], _I),
    "ncclGroupStart": ([], _I),
    "ncclGroupEnd": ([], _I),
    "ncclGetErrorString": ([_I], ctypes.c_char_p),
}
_OPTIONAL = {"ncclGetLastError": ([_P], ctypes.c_char_p)}  # NCCL 2.13 and later
# NCCL 2.27 and later: VMM (cuMem) memory and symmetric windows over it (ncclWindow_t: a pointer)
_WINDOWS: dict[str, tuple[list[Any], Any]] = {
    "ncclMemAlloc": ([ctypes.POINTER(_P), _SIZE], _I),
    "ncclMemFree": ([_P], _I),
    "ncclCommWindowRegister": ([_P, _P, _SIZE, ctypes.POINTER(_P), _I], _I),
    "ncclCommWindowDeregister": ([_P, _P], _I),
}


class Nccl:
    """The library at ``path`` (``load`` finds it), its functions declared once. The calls
    release the GIL (ctypes' CDLL), as a blocking NCCL call (a first connection to a peer)
    may wait for the other ranks."""

    def __init__(self, path: str, cdll: Any = None) -> None:
        self.path = path
        lib = ctypes.CDLL(path) if cdll is None else cdll
        self._fns: dict[str, Any] = {}
        for name, (argtypes, restype) in _PROTOTYPES.items():
            try:
                fn = getattr(lib, name)
            except AttributeError:
                raise OSError(f"{path} has no {name}: is it NCCL 2.x (libnccl.so.2)?") from None
            fn.argtypes, fn.restype = argtypes, restype
            self._fns[name] = fn
        for name, (argtypes, restype) in {**_OPTIONAL, **_WINDOWS}.items():
            fn = getattr(lib, name, None)
            if fn is not None:
                fn.argtypes, fn.restype = argtypes, restype
            self._fns[name] = fn
        absent = [name for name in _WINDOWS if self._fns[name] is None]
        self.windows_missing = (
            f"{path} has no {', '.join(absent)} (symmetric windows need NCCL 2.27 or later)"
            if absent
            else None
        )
        f = self._fns
        self._all_reduce, self._all_gather = f["ncclAllReduce"], f["ncclAllGather"]
        self._reduce_scatter, self._broadcast = f["ncclReduceScatter"], f["ncclBroadcast"]
        self._send, self._recv = f["ncclSend"], f["ncclRecv"]
        self._group_start, self._group_end = f["ncclGroupStart"], f["ncclGroupEnd"]
        found = _I()
        self._check("ncclGetVersion", f["ncclGetVersion"](ctypes.byref(found)))
        self.version = found.value

    # -- errors --------------------------------------------------------------------------------
    def _check(self, call: str, code: int, comm: int | None = None) -> None:
        if code:
            raise self.error(call, code, comm)

    def error(self, call: str, code: int, comm: int | None = None) -> NcclError:
        """The NcclError of ``call`` returning ``code``: NCCL's string for the code and its
        last error (of ``comm``, or the last one of any)."""
        text = self._fns["ncclGetErrorString"](code)
        words = text.decode(errors="replace") if text else "no description"
        message = f"{call} returned {describe(code)}: {words}"
        last_error = self._fns["ncclGetLastError"]
        if last_error is not None:
            last = last_error(comm)
            if last:
                message += f"; NCCL's last error: {last.decode(errors='replace').strip()}"
        message += (
            f" (NCCL {version_text(self.version)} from {self.path}; run with NCCL_DEBUG=WARN, "
            "or INFO, for NCCL's own log)"
        )
        return NcclError(call, code, message)

    # -- communicators -------------------------------------------------------------------------
    def get_unique_id(self) -> bytes:
        found = UniqueId()
        self._check("ncclGetUniqueId", self._fns["ncclGetUniqueId"](ctypes.byref(found)))
        return bytes(found)  # (all 128 bytes: the id holds NULs)

    def comm_init_rank(self, nranks: int, unique_id: bytes, rank: int) -> int:
        if len(unique_id) != UNIQUE_ID_BYTES:
            raise ValueError(
                f"an ncclUniqueId is {UNIQUE_ID_BYTES} bytes, got {len(unique_id)}: not what "
                "rank 0's ncclGetUniqueId made"
            )
        comm = _P()
        uid = UniqueId.from_buffer_copy(unique_id)
        code = self._fns["ncclCommInitRank"](ctypes.byref(comm), nranks, uid, rank)
        self._check("ncclCommInitRank", code)
        return int(comm.value or 0)

    def comm_destroy(self, comm: int) -> None:
        self._check("ncclCommDestroy", self._fns["ncclCommDestroy"](comm), comm)

    def comm_abort(self, comm: int) -> None:
        self._check("ncclCommAbort", self._fns["ncclCommAbort"](comm))

    # -- collectives ---------------------------------------------------------------------------
    def all_reduce(
        self, send: int, recv: int, count: int, dtype: int, op: int, comm: int, stream: int
    ) -> None:
        code = self._all_reduce(send, recv, count, dtype, op, comm, stream)
        if code:
            raise self.error("ncclAllReduce", code, comm)

    def all_gather(
        self, send: int, recv: int, sendcount: int, dtype: int, comm: int, stream: int
    ) -> None:
        code = self._all_gather(send, recv, sendcount, dtype, comm, stream)
        if code:
            raise self.error("ncclAllGather", code, comm)

    def reduce_scatter(
        self, send: int, recv: int, recvcount: int, dtype: int, op: int, comm: int, stream: int
    ) -> None:
        code = self._reduce_scatter(send, recv, recvcount, dtype, op, comm, stream)
        if code:
            raise self.error("ncclReduceScatter", code, comm)

    def broadcast(
        self, send: int, recv: int, count: int, dtype: int, root: int, comm: int, stream: int
    ) -> None:
        code = self._broadcast(send, recv, count, dtype, root, comm, stream)
        if code:
            raise self.error("ncclBroadcast", code, comm)

    def send(self, buf: int, count: int, dtype: int, peer: int, comm: int, stream: int) -> None:
        code = self._send(buf, count, dtype, peer, comm, stream)
        if code:
            raise self.error("ncclSend", code, comm)

    def recv(self, buf: int, count: int, dtype: int, peer: int, comm: int, stream: int) -> None:
        code = self._recv(buf, count, dtype, peer, comm, stream)
        if code:
            raise self.error("ncclRecv", code, comm)

    def group_start(self) -> None:
        self._check("ncclGroupStart", self._group_start())

    # -- symmetric windows ---------------------------------------------------------------------
    def _window_fn(self, name: str) -> Any:
        fn = self._fns[name]
        if fn is None:
            raise OSError(f"tr.distributed: {self.windows_missing}")
        return fn

    def mem_alloc(self, size: int) -> int:
        """``ncclMemAlloc``: ``size`` bytes of VMM (cuMem) memory, what a window needs."""
        found = _P()
        self._check("ncclMemAlloc", self._window_fn("ncclMemAlloc")(ctypes.byref(found), size))
        return int(found.value or 0)

    def mem_free(self, ptr: int) -> None:
        self._check("ncclMemFree", self._window_fn("ncclMemFree")(ptr))

    def window_register(self, comm: int, ptr: int, size: int, flags: int) -> int:
        """``ncclCommWindowRegister``, a collective call: the window's ``ncclWindow_t``."""
        win = _P()
        fn = self._window_fn("ncclCommWindowRegister")
        self._check("ncclCommWindowRegister", fn(comm, ptr, size, ctypes.byref(win), flags), comm)
        return int(win.value or 0)

    def window_deregister(self, comm: int, win: int) -> None:
        fn = self._window_fn("ncclCommWindowDeregister")
        self._check("ncclCommWindowDeregister", fn(comm, win), comm)

    def group_end(self) -> None:
        self._check("ncclGroupEnd", self._group_end())


# -- finding the library -----------------------------------------------------------------------
def candidates(environ: dict[str, str] | None = None) -> Iterator[str]:
    """Where ``load`` looks, in order: ``TILERT_NCCL_LIBRARY``; a libnccl this process has
    mapped already (torch's, once torch is imported); the ``nvidia.nccl`` wheels' lib
    directories on ``sys.path`` (nvidia-nccl-cu12/cu13, as torch's own loader finds them);
    torch/lib; then the system's (``ctypes.util.find_library``, the bare soname)."""
    env = os.environ if environ is None else environ
    chosen = env.get(ENV)
    if chosen:
        yield chosen
    yield from _mapped()
    for entry in sys.path:
        for sub in ("nccl", "cu13", "cu12"):
            lib = Path(entry or ".") / "nvidia" / sub / "lib"
            if lib.is_dir():
                yield from (str(p) for p in sorted(lib.glob("libnccl.so*")))
    for entry in sys.path:
        lib = Path(entry or ".") / "torch" / "lib"
        if lib.is_dir():
            yield from (str(p) for p in sorted(lib.glob("libnccl.so*")))
    found = ctypes.util.find_library("nccl")
    if found:
        yield found
    yield SONAME


def _mapped() -> Iterator[str]:
    """The libnccl files this process has mapped (Linux's /proc/self/maps)."""
    try:
        text = Path("/proc/self/maps").read_text()
    except OSError:
        return
    seen: set[str] = set()
    for line in text.splitlines():
        parts = line.split(maxsplit=5)
        path = parts[5].strip() if len(parts) == 6 else ""
        if "/libnccl.so" in path and path not in seen:
            seen.add(path)
            yield path


def load(environ: dict[str, str] | None = None) -> Nccl:
    """The first NCCL of ``candidates`` that loads; an OSError listing each place tried and
    why it failed (set TILERT_NCCL_LIBRARY to choose one)."""
    tried: list[str] = []
    for path in dict.fromkeys(candidates(environ)):  # (each once, in order)
        try:
            return Nccl(path)
        except OSError as exc:
            tried.append(f"{path}: {exc}")
    raise OSError(
        "tr.distributed: no NCCL library loads; tried " + "; ".join(tried) + f". Install "
        f"torch with CUDA (it brings NCCL) or set {ENV} to a libnccl.so.2"
    )
