"""Tensors in NCCL symmetric windows (``comm.empty``/``comm.zeros``, ``tilert.distributed.
windows``) on the CPU, over ``RecordingNccl`` (NCCL's calls recorded; its ``ncclMemAlloc``
gives host bytes, so a window tensor is a host tensor over them): the allocation's size, the
registration's flags, collectives issued on the window's pointer, deregistration on every rank
at shutdown in the order made, the memory freed when the tensor is dropped (before or after
that), an NCCL without windows, and the refusals (in a capture, after shutdown, a failing
registration). The stand-in and torch's transport give ordinary tensors."""

from __future__ import annotations

import gc
import logging
from typing import Any

import numpy as np
import pytest

import tilert as tr
from tilert.distributed import Communicator, windows
from tilert.distributed import nccl_transport as nt
from tilert.distributed._nccl import DATA_TYPES, RED_OPS, WIN_COLL_SYMMETRIC, NcclError
from tilert.distributed.testing import RecordingNccl, RecordingTorch, run_ranks
from tilert.distributed.torch_transport import TorchTransport

UID = bytes(range(128))
COMM = 0x1000  # RecordingNccl's first communicator
STREAM = 0x5151


def address(t: tr.Tensor[Any]) -> int:
    return int(t._host_array.ctypes.data)  # type: ignore[attr-defined,unused-ignore]


def communicator(lib: RecordingNccl) -> tuple[Communicator, nt.NcclTransport]:
    t = nt.NcclTransport(lib, 0, 2, UID, address=address, handle=lambda s: STREAM, wrap=lib.tensor)
    return Communicator(t), t


def names(lib: RecordingNccl) -> list[str]:
    return [name for name, _ in lib.calls if name != "ncclCommInitRank"]


def test_a_window_tensor_is_its_own_allocation_registered_symmetric() -> None:
    lib = RecordingNccl()
    comm, _ = communicator(lib)
    x = comm.zeros((1000,), tr.bf16, name="x")  # 2000 bytes: one 4096-byte window
    y = comm.empty(5000)  # f32, 20000 bytes: rounded up to 5 x 4096
    (alloc_x, (nx,)), (register_x, args_x), (alloc_y, (ny,)), (_, args_y) = lib.calls[1:]
    assert (alloc_x, register_x, alloc_y) == (
        "ncclMemAlloc",
        "ncclCommWindowRegister",
        "ncclMemAlloc",
    )
    assert (nx, ny) == (4096, 20480)
    assert args_x == (COMM, address(x), 4096, WIN_COLL_SYMMETRIC)
    assert args_y == (COMM, address(y), 20480, WIN_COLL_SYMMETRIC)
    assert address(x) in lib.memory and address(y) in lib.memory  # its memory is NCCL's
    assert (x.shape, x.dtype, y.shape, y.dtype) == ((1000,), tr.bf16, (5000,), tr.f32)
    np.testing.assert_array_equal(x.to_numpy(), np.zeros(1000, np.float32))


def test_collectives_on_window_tensors_go_to_nccl_on_the_windows_pointers() -> None:
    lib = RecordingNccl()
    comm, _ = communicator(lib)
    x = comm.zeros((2048,), tr.bf16)
    part, whole = comm.zeros((64,), tr.f32), comm.zeros((128,), tr.f32)
    del lib.calls[:]
    comm.all_reduce(x).sync()
    comm.all_gather(whole, part).sync()
    bf16, f32, sum_ = DATA_TYPES["bf16"], DATA_TYPES["f32"], RED_OPS["sum"]
    assert lib.calls == [
        ("ncclAllReduce", (address(x), address(x), 2048, bf16, sum_, COMM, STREAM)),
        ("ncclAllGather", (address(part), address(whole), 64, f32, COMM, STREAM)),
    ]
    with pytest.raises(tr.BorrowError, match="written by op `all_reduce`"):
        pending = comm.all_reduce(x).submit()
        try:
            x.to_numpy()
        finally:
            pending.wait()


def test_windows_are_deregistered_at_shutdown_in_order_and_freed_with_their_tensors() -> None:
    """Dropping a tensor calls nothing (deregistration is collective: not at a rank's
    collector's whim); shutdown deregisters every window in the order made, frees those
    dropped, then destroys the communicator; a tensor alive then keeps its memory until it,
    and every view of it, is dropped."""
    lib = RecordingNccl()
    comm, t = communicator(lib)
    a, b = comm.empty(16), comm.empty(16)
    pa, pb = address(a), address(b)
    wins = [args[0] for name, args in lib.calls if name == "ncclCommWindowRegister"]
    assert len(wins) == 2
    handles = [0xA000, 0xA001]
    del a
    gc.collect()
    assert names(lib)[-1] == "ncclCommWindowRegister" and t.windows is not None
    assert t.windows.live == 2  # (a's memory stays mapped by its window until shutdown)
    del lib.calls[:]
    comm.close()
    assert lib.calls == [
        ("ncclCommWindowDeregister", (COMM, handles[0])),
        ("ncclMemFree", (pa,)),
        ("ncclCommWindowDeregister", (COMM, handles[1])),
        ("ncclCommDestroy", (COMM,)),
    ]
    view = b[4:8]
    del b
    gc.collect()
    assert t.windows.live == 1 and pb in lib.memory  # the view holds it
    del view
    gc.collect()
    assert lib.calls[-1] == ("ncclMemFree", (pb,)) and t.windows.live == 0
    assert pb not in lib.memory


def test_an_nccl_without_windows_gives_ordinary_tensors_said_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkey = pytest.MonkeyPatch()
    monkey.setattr(nt, "_said_no_windows", False)
    try:
        lib = RecordingNccl(windows=False)
        comm, t = communicator(lib)
        with caplog.at_level(logging.WARNING, logger="tilert.distributed"):
            x, y = comm.zeros((8,), tr.i32), comm.empty((2, 3))
        assert t.windows is None and names(lib) == []
        assert (x.shape, y.shape) == ((8,), (2, 3)) and not x.to_numpy().any()
        said = [r.getMessage() for r in caplog.records]
        assert said == [
            "tilert.distributed: comm.empty gives ordinary tensors (no NCCL window): "
            "<RecordingNccl> has no ncclMemAlloc"
        ]
        comm.close()
        assert names(lib) == ["ncclCommDestroy"]
    finally:
        monkey.undo()


def test_refused_inside_a_capture_and_after_shutdown_with_nothing_called() -> None:
    lib = RecordingNccl()
    comm, _ = communicator(lib)
    x = comm.zeros((4,))
    with pytest.raises(
        RuntimeError, match=r"cannot make a tensor in an NCCL window .* while capturing"
    ):
        with tr.graph() as g:
            g.record(comm.all_reduce(x))
            comm.empty(4)
    g.close()
    assert "ncclMemAlloc" not in [name for name, _ in lib.calls[3:]]
    comm.close()
    with pytest.raises(
        RuntimeError, match=r"comm\.empty after this rank's NCCL communicator was closed"
    ):
        comm.empty(4)


def test_a_failing_registration_frees_its_memory_and_says_so() -> None:
    lib = RecordingNccl(fail={"ncclCommWindowRegister": 5})
    comm, t = communicator(lib)
    with pytest.raises(NcclError, match=r"ncclCommWindowRegister returned ncclInvalidUsage \(5\)"):
        comm.empty(4)
    alloc = [args[0] for name, args in lib.calls if name == "ncclMemAlloc"]
    assert names(lib)[-1] == "ncclMemFree" and not lib.memory and len(alloc) == 1
    assert t.windows is not None and t.windows.live == 0


def test_a_failing_deregistration_still_destroys_the_communicator_then_raises() -> None:
    lib = RecordingNccl(fail={"ncclCommWindowDeregister": 3})
    comm, _ = communicator(lib)
    keep = [comm.empty(4), comm.empty(4)]
    with pytest.raises(NcclError, match="ncclCommWindowDeregister returned ncclInternalError"):
        comm.close()
    assert names(lib)[-3:] == [
        "ncclCommWindowDeregister",
        "ncclCommWindowDeregister",  # (every window tried)
        "ncclCommDestroy",
    ]
    assert len(keep) == 2


def test_the_stand_in_and_torchs_transport_give_ordinary_tensors() -> None:
    def rank(comm: Communicator) -> tuple[tuple[int, ...], list[float]]:
        x = comm.zeros((3,), tr.f32) if comm.rank else comm.empty(3)
        x.copy_from(np.full(3, comm.rank + 1, np.float32))
        comm.all_reduce(x).sync()
        return x.shape, x.to_numpy().tolist()

    assert run_ranks(2, rank) == [((3,), [3.0, 3.0, 3.0])] * 2
    rec = RecordingTorch(0, 2)
    torch_comm = Communicator(TorchTransport.over(rec, rec.distributed, False, 0))
    y = torch_comm.zeros((2, 2), tr.f16)
    assert (y.shape, y.dtype) == ((2, 2), tr.f16) and rec.calls == []


def test_device_window_memory_is_imported_as_unsigned_then_viewed() -> None:
    """``__cuda_array_interface__`` names bf16 and the 8-bit floats ``V2``/``V1`` (no tilert
    dtype): the GPU's window tensor is imported as unsigned integers of the element's size."""
    for itemsize in (1, 2, 4, 8):
        found = windows._DeviceArray(0x7F00_0000, (3, 4), itemsize, None)
        cai = found.__cuda_array_interface__
        assert cai["typestr"] == np.dtype(f"u{itemsize}").str and cai["data"] == (
            0x7F00_0000,
            False,
        )
        assert cai["shape"] == (3, 4) and cai["strides"] is None
