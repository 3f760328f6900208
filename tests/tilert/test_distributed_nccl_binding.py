"""The ctypes binding of NCCL's C API (``tilert.distributed._nccl``) without NCCL: a small C
library with nccl.h's prototypes, compiled here, records what each call receives (so
pointers, 64-bit counts, enum codes, the unique id passed by value and the stream arrive as
the binding passes them) and fails where told, so NCCL's error string and last error reach
the exception; and where ``load`` looks for libnccl, and what it says when nothing loads."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tilert.distributed import _nccl

# nccl.h's prototypes (src/nccl.h.in), each recording its arguments in `seen`; a count of 13
# fails as NCCL fails an invalid argument
FAKE_NCCL = r"""
#include <stddef.h>
#include <stdint.h>
typedef struct { char internal[128]; } ncclUniqueId;
typedef int ncclResult_t;
uint64_t seen[8];
int groups;
static void keep(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e, uint64_t f,
                 uint64_t g) {
  seen[0] = a; seen[1] = b; seen[2] = c; seen[3] = d; seen[4] = e; seen[5] = f; seen[6] = g;
}
ncclResult_t ncclGetVersion(int *version) { *version = 22703; return 0; }
ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  for (int i = 0; i < 128; i++) id->internal[i] = (char)(i == 5 ? 0 : 200 - i);
  return 0;
}
ncclResult_t ncclCommInitRank(void **comm, int nranks, ncclUniqueId id, int rank) {
  uint64_t sum = 0;
  for (int i = 0; i < 128; i++) sum += (uint64_t)(unsigned char)id.internal[i] * (i + 1);
  keep(nranks, rank, sum, 0, 0, 0, 0);
  *comm = (void *)0xC0FFEE00;
  return nranks < 1 ? 4 : 0;
}
ncclResult_t ncclCommDestroy(void *comm) { keep((uint64_t)comm, 0, 0, 0, 0, 0, 0); return 0; }
ncclResult_t ncclCommAbort(void *comm) { keep((uint64_t)comm, 1, 0, 0, 0, 0, 0); return 0; }
ncclResult_t ncclAllReduce(const void *s, void *r, size_t n, int dt, int op, void *comm,
                           void *stream) {
  keep((uint64_t)s, (uint64_t)r, n, dt, op, (uint64_t)comm, (uint64_t)stream);
  return n == 13 ? 4 : 0;
}
ncclResult_t ncclAllGather(const void *s, void *r, size_t n, int dt, void *comm, void *stream) {
  keep((uint64_t)s, (uint64_t)r, n, dt, (uint64_t)comm, (uint64_t)stream, 0);
  return 0;
}
ncclResult_t ncclReduceScatter(const void *s, void *r, size_t n, int dt, int op, void *comm,
                               void *stream) {
  keep((uint64_t)s, (uint64_t)r, n, dt, op, (uint64_t)comm, (uint64_t)stream);
  return 0;
}
ncclResult_t ncclBroadcast(const void *s, void *r, size_t n, int dt, int root, void *comm,
                           void *stream) {
  keep((uint64_t)s, (uint64_t)r, n, dt, root, (uint64_t)comm, (uint64_t)stream);
  return 0;
}
ncclResult_t ncclSend(const void *s, size_t n, int dt, int peer, void *comm, void *stream) {
  keep((uint64_t)s, n, dt, peer, (uint64_t)comm, (uint64_t)stream, 0);
  return 0;
}
ncclResult_t ncclRecv(void *r, size_t n, int dt, int peer, void *comm, void *stream) {
  keep((uint64_t)r, n, dt, peer, (uint64_t)comm, (uint64_t)stream, 1);
  return 0;
}
ncclResult_t ncclGroupStart(void) { groups += 1; return 0; }
ncclResult_t ncclGroupEnd(void) { groups -= 1; return groups < 0 ? 5 : 0; }
const char *ncclGetErrorString(ncclResult_t r) {
  return r == 4 ? "invalid argument (run with NCCL_DEBUG=WARN for details)" : "other";
}
const char *ncclGetLastError(void *comm) { return comm ? "Invalid count 13" : ""; }
ncclResult_t ncclMemAlloc(void **ptr, size_t size) {
  keep(size, 0, 0, 0, 0, 0, 2);
  *ptr = (void *)(0x7F0000000000ULL + size);
  return size == 13 ? 4 : 0;
}
ncclResult_t ncclMemFree(void *ptr) { keep((uint64_t)ptr, 0, 0, 0, 0, 0, 3); return 0; }
ncclResult_t ncclCommWindowRegister(void *comm, void *buff, size_t size, void **win,
                                    int flags) {
  keep((uint64_t)comm, (uint64_t)buff, size, flags, 0, 0, 4);
  *win = (void *)0x5EED0000;
  return 0;
}
ncclResult_t ncclCommWindowDeregister(void *comm, void *win) {
  keep((uint64_t)comm, (uint64_t)win, 0, 0, 0, 0, 5);
  return 0;
}
"""


@pytest.fixture(scope="module")
def fake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None or not sys.platform.startswith("linux"):
        pytest.skip("no C compiler here to build the stand-in libnccl")
    where = tmp_path_factory.mktemp("fake_nccl")
    (where / "nccl.c").write_text(FAKE_NCCL)
    so = where / "libnccl.so.2"
    subprocess.run(
        [cc, "-shared", "-fPIC", "-O0", "-o", str(so), str(where / "nccl.c")],
        check=True,
        capture_output=True,
    )
    return so


def seen(so: Path) -> list[int]:
    return list((ctypes.c_uint64 * 8).in_dll(ctypes.CDLL(str(so)), "seen"))[:7]


BIG = 0x7F00_1234_5678  # pointers and handles past 32 bits
COUNT = (1 << 33) + 3  # a count past 32 bits: size_t


def test_the_version_and_unique_id(fake: Path) -> None:
    lib = _nccl.Nccl(str(fake))
    assert lib.version == 22703 and _nccl.version_text(lib.version) == "2.27.3"
    uid = lib.get_unique_id()
    assert len(uid) == 128 and uid[5] == 0 and uid[6] == 194  # every byte, NULs too
    comm = lib.comm_init_rank(4, uid, 3)
    expected = sum(b * (i + 1) for i, b in enumerate(uid))
    assert comm == 0xC0FFEE00 and seen(fake)[:3] == [4, 3, expected]  # the id by value


def test_each_collective_passes_pointers_counts_codes_and_the_stream(fake: Path) -> None:
    lib = _nccl.Nccl(str(fake))
    comm, stream = BIG + 1, BIG + 2
    lib.all_reduce(BIG, BIG + 8, COUNT, 9, 4, comm, stream)
    assert seen(fake) == [BIG, BIG + 8, COUNT, 9, 4, comm, stream]
    lib.all_gather(BIG, BIG + 8, COUNT, 7, comm, stream)
    assert seen(fake)[:6] == [BIG, BIG + 8, COUNT, 7, comm, stream]
    lib.reduce_scatter(BIG, BIG + 8, 5, 2, 3, comm, stream)
    assert seen(fake) == [BIG, BIG + 8, 5, 2, 3, comm, stream]
    lib.broadcast(BIG, BIG, 5, 4, 1, comm, stream)
    assert seen(fake) == [BIG, BIG, 5, 4, 1, comm, stream]
    lib.group_start()
    lib.send(BIG, COUNT, 1, 1, comm, stream)
    assert seen(fake) == [BIG, COUNT, 1, 1, comm, stream, 0]
    lib.recv(BIG, COUNT, 1, 0, comm, stream)
    assert seen(fake) == [BIG, COUNT, 1, 0, comm, stream, 1]
    lib.group_end()
    lib.comm_destroy(comm)
    assert seen(fake)[:2] == [comm, 0]
    lib.comm_abort(comm)
    assert seen(fake)[:2] == [comm, 1]


def test_an_error_names_the_call_and_gives_nccls_words(fake: Path) -> None:
    lib = _nccl.Nccl(str(fake))
    with pytest.raises(_nccl.NcclError) as caught:
        lib.all_reduce(BIG, BIG, 13, 7, 0, BIG + 1, 0)
    error = caught.value
    assert error.call == "ncclAllReduce" and error.code == 4
    assert str(error).startswith(
        "ncclAllReduce returned ncclInvalidArgument (4): invalid argument (run with "
        "NCCL_DEBUG=WARN for details); NCCL's last error: Invalid count 13 (NCCL 2.27.3 from "
    )
    with pytest.raises(_nccl.NcclError, match=r"ncclGroupEnd returned ncclInvalidUsage \(5\)"):
        lib.group_end()  # (one more end than starts)
    with pytest.raises(_nccl.NcclError, match="ncclCommInitRank returned ncclInvalidArgument"):
        lib.comm_init_rank(0, bytes(128), 0)
    with pytest.raises(ValueError, match="an ncclUniqueId is 128 bytes, got 4"):
        lib.comm_init_rank(2, b"abcd", 0)


def test_every_function_is_declared_as_nccl_h_declares_it(fake: Path) -> None:
    lib = _nccl.Nccl(str(fake))
    init = lib._fns["ncclCommInitRank"]
    assert init.argtypes[2] is _nccl.UniqueId and ctypes.sizeof(_nccl.UniqueId) == 128
    assert lib._fns["ncclAllReduce"].argtypes[2] is ctypes.c_size_t
    assert lib._fns["ncclGetErrorString"].restype is ctypes.c_char_p
    assert all(
        fn.restype is ctypes.c_int
        for name, fn in lib._fns.items()
        if name not in ("ncclGetErrorString", "ncclGetLastError")
    )
    assert lib._fns["ncclMemAlloc"].argtypes[1] is ctypes.c_size_t
    assert lib._fns["ncclCommWindowRegister"].argtypes[4] is ctypes.c_int


def test_windows_pass_sizes_pointers_and_flags(fake: Path) -> None:
    """ncclMemAlloc(void**, size_t), ncclMemFree(void*), ncclCommWindowRegister(comm, buff,
    size_t, ncclWindow_t*, int) and ncclCommWindowDeregister(comm, win), as nccl.h.in (2.27+)
    declares them; NCCL_WIN_COLL_SYMMETRIC is 0x01 there."""
    lib = _nccl.Nccl(str(fake))
    assert lib.windows_missing is None and _nccl.WIN_COLL_SYMMETRIC == 1
    ptr = lib.mem_alloc(COUNT)
    assert ptr == 0x7F00_0000_0000 + COUNT and seen(fake)[0] == COUNT
    win = lib.window_register(BIG, ptr, COUNT, _nccl.WIN_COLL_SYMMETRIC)
    assert win == 0x5EED0000 and seen(fake) == [BIG, ptr, COUNT, 1, 0, 0, 4]
    lib.window_deregister(BIG, win)
    assert seen(fake) == [BIG, win, 0, 0, 0, 0, 5]
    lib.mem_free(ptr)
    assert seen(fake) == [ptr, 0, 0, 0, 0, 0, 3]
    with pytest.raises(_nccl.NcclError, match=r"ncclMemAlloc returned ncclInvalidArgument"):
        lib.mem_alloc(13)


def test_a_library_without_windows_loads_and_says_why_they_are_off() -> None:
    lib = _nccl.Nccl("/old/libnccl.so.2", cdll=_Lacking("ncclMemAlloc", "ncclMemFree"))
    assert lib.windows_missing == (
        "/old/libnccl.so.2 has no ncclMemAlloc, ncclMemFree (symmetric windows need NCCL 2.27 "
        "or later)"
    )
    with pytest.raises(OSError, match="has no ncclMemAlloc, ncclMemFree"):
        lib.mem_alloc(4096)


class _Lacking:
    """A library with some of NCCL's functions: ``getattr`` fails for the rest."""

    def __init__(self, *missing: str) -> None:
        self.missing = missing

    def __getattr__(self, name: str) -> Any:
        if name in self.missing:
            raise AttributeError(name)
        fn: Any = lambda *a: 0  # noqa: E731
        return fn


def test_a_library_without_ncclsend_is_not_taken_for_nccl() -> None:
    with pytest.raises(OSError, match=r"/x/libfoo.so has no ncclSend: is it NCCL 2.x"):
        _nccl.Nccl("/x/libfoo.so", cdll=_Lacking("ncclSend"))


def test_a_library_without_ncclgetlasterror_still_reports_errors() -> None:
    class _Old(_Lacking):
        def __getattr__(self, name: str) -> Any:
            if name == "ncclGetErrorString":
                return lambda code: b"unhandled cuda error"
            if name == "ncclAllReduce":
                return lambda *a: 1
            return super().__getattr__(name)

    lib = _nccl.Nccl("/old/libnccl.so.2", cdll=_Old("ncclGetLastError"))
    with pytest.raises(_nccl.NcclError, match=r"ncclUnhandledCudaError \(1\): unhandled cuda "):
        lib.all_reduce(1, 1, 1, 7, 0, 1, 0)


# -- finding it ----------------------------------------------------------------------------------
def test_where_load_looks_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wheel = tmp_path / "site" / "nvidia" / "nccl" / "lib"
    wheel.mkdir(parents=True)
    (wheel / "libnccl.so.2").write_bytes(b"")
    bundled = tmp_path / "site" / "torch" / "lib"
    bundled.mkdir(parents=True)
    (bundled / "libnccl.so.2").write_bytes(b"")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "site")])
    monkeypatch.setattr(_nccl, "_mapped", lambda: iter(["/torch/loaded/libnccl.so.2"]))
    found = list(_nccl.candidates({_nccl.ENV: "/chosen/libnccl.so.2"}))
    assert found[:4] == [
        "/chosen/libnccl.so.2",  # TILERT_NCCL_LIBRARY
        "/torch/loaded/libnccl.so.2",  # the copy this process has mapped (torch's)
        str(wheel / "libnccl.so.2"),  # nvidia-nccl-cu12/cu13
        str(bundled / "libnccl.so.2"),  # torch/lib
    ]
    assert found[-1] == _nccl.SONAME


def test_nothing_loading_lists_every_place_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_nccl, "candidates", lambda environ: iter(["/no/a.so", "/no/b.so"]))
    with pytest.raises(OSError, match=r"tried /no/a.so: .*; /no/b.so: .*TILERT_NCCL_LIBRARY"):
        _nccl.load({})


def test_the_chosen_library_is_loaded(fake: Path) -> None:
    lib = _nccl.load({_nccl.ENV: str(fake)})
    assert lib.path == str(fake) and lib.version == 22703
