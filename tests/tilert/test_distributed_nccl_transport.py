"""The NCCL transport on the CPU, over ``RecordingNccl`` (NCCL's C API recorded, nothing
moved): which NCCL call each collective makes with what (the tensors' addresses, counts in
elements, nccl.h's dtype and reduction codes, the communicator, the op's stream handle), the
group around a send or a receive, NCCL's errors turned into exceptions naming the collective,
closing, the unique id's exchange through torch's store, the symmetric-memory path beside it,
the choice of transport, and ops through it keeping the borrow rules. The binding itself is
held to nccl.h's prototypes in tests/tilert/test_distributed_nccl_binding.py; the GPU runs the
real thing (tests/gpu/test_distributed_nccl.py)."""

from __future__ import annotations

import itertools
import warnings
from functools import reduce
from typing import Any

import numpy as np
import pytest

import tilert as tr
from tilert.distributed import Communicator, selection
from tilert.distributed import _nccl as nccl_library
from tilert.distributed import nccl_transport as nt
from tilert.distributed._nccl import DATA_TYPES, RED_OPS, NcclError
from tilert.distributed.collective import Collective
from tilert.distributed.symmetric import SmallAllReduce
from tilert.distributed.testing import RecordingNccl, RecordingTorch
from tilert.distributed.torch_transport import TorchTransport

UID = bytes(range(128))
COMM = 0x1000  # RecordingNccl's first communicator
STREAM = 0x5151  # the op's CUDA stream in these tests


def address(t: tr.Tensor[Any]) -> int:
    """A host tensor's first element (what the GPU's device pointer is there)."""
    return int(t._host_array.ctypes.data)


def transport(lib: RecordingNccl, rank: int = 0, size: int = 2, **kw: Any) -> nt.NcclTransport:
    return nt.NcclTransport(lib, rank, size, UID, address=address, handle=lambda s: STREAM, **kw)


def issued(lib: RecordingNccl) -> list[tuple[str, tuple[object, ...]]]:
    """The calls after the communicator's making."""
    return [call for call in lib.calls if call[0] != "ncclCommInitRank"]


def test_the_communicator_is_made_from_the_unique_id_for_this_rank() -> None:
    lib = RecordingNccl()
    t = transport(lib, rank=1, size=4)
    assert lib.calls == [("ncclCommInitRank", (4, UID, 1))]
    assert (t.rank, t.size, t.comm) == (1, 4, COMM) and not t.needs_eager_first


def test_each_collective_makes_its_nccl_call_with_pointers_counts_and_codes() -> None:
    lib = RecordingNccl()
    t = transport(lib)
    f32, sum_, max_ = DATA_TYPES["f32"], RED_OPS["sum"], RED_OPS["max"]
    out, inp = tr.zeros((2, 4)), tr.zeros((4,))
    for c in (
        Collective("all_reduce", out, op="sum"),
        Collective("all_gather", out, inp),
        Collective("reduce_scatter", inp, out, op="max"),
        Collective("broadcast", out, peer=1),
    ):
        t.run(c, tr.Stream())
    o, i = address(out), address(inp)
    assert issued(lib) == [
        ("ncclAllReduce", (o, o, 8, f32, sum_, COMM, STREAM)),  # in place
        ("ncclAllGather", (i, o, 4, f32, COMM, STREAM)),  # sendcount: the input's elements
        ("ncclReduceScatter", (o, i, 4, f32, max_, COMM, STREAM)),  # recvcount: the output's
        ("ncclBroadcast", (o, o, 8, f32, 1, COMM, STREAM)),  # root: the peer
    ]


def test_a_send_and_a_receive_are_each_inside_a_group() -> None:
    lib = RecordingNccl()
    t = transport(lib)
    x = tr.zeros((6,), dtype=tr.i64)
    t.run(Collective("send", None, x, peer=1), tr.Stream())
    t.run(Collective("recv", x, peer=1), tr.Stream())
    i64, a = DATA_TYPES["i64"], address(x)
    assert issued(lib) == [
        ("ncclGroupStart", ()),
        ("ncclSend", (a, 6, i64, 1, COMM, STREAM)),
        ("ncclGroupEnd", ()),
        ("ncclGroupStart", ()),
        ("ncclRecv", (a, 6, i64, 1, COMM, STREAM)),
        ("ncclGroupEnd", ()),
    ]


def test_a_failing_send_still_ends_its_group() -> None:
    lib = RecordingNccl(fail={"ncclSend": 6})
    t = transport(lib)
    with pytest.raises(NcclError, match=r"ncclSend returned ncclRemoteError \(6\)"):
        t.run(Collective("send", None, tr.zeros((4,)), peer=1), tr.Stream())
    assert [name for name, _ in issued(lib)] == ["ncclGroupStart", "ncclSend", "ncclGroupEnd"]


@pytest.mark.parametrize(
    ("dtype", "code"),
    [
        *[(tr.f16, 6), (tr.bf16, 9), (tr.f32, 7), (tr.f64, 8), (tr.i8, 0), (tr.u8, 1)],
        *[(tr.i32, 2), (tr.u32, 3), (tr.i64, 4), (tr.u64, 5), (tr.f8e4m3fn, 10), (tr.f8e5m2, 11)],
    ],
)
def test_dtypes_reduce_as_nccl_h_numbers_them(dtype: type[tr.DType], code: int) -> None:
    lib = RecordingNccl()
    x = tr.zeros((4,), dtype=dtype)
    for op in ("sum", "prod", "max", "min", "avg"):
        transport(lib).run(Collective("all_reduce", x, op=op), tr.Stream())
    assert [args[3:5] for _, args in issued(lib)] == [(code, n) for n in range(5)]


@pytest.mark.parametrize(
    ("dtype", "code", "per"),
    [
        *[(tr.f32, 7, 1), (tr.bf16, 9, 1), (tr.i16, 1, 2), (tr.u16, 1, 2), (tr.bool_, 1, 1)],
        *[(tr.f8e4m3fn, 1, 1), (tr.f8e8m0fnu, 1, 1)],  # (NCCL's 8-bit float types are new)
    ],
)
def test_what_only_moves_goes_as_bytes_where_nccl_lacks_the_type(
    dtype: type[tr.DType], code: int, per: int
) -> None:
    lib = RecordingNccl()
    t = transport(lib)
    x, out = tr.zeros((5,), dtype=dtype), tr.zeros((10,), dtype=dtype)
    t.run(Collective("all_gather", out, x), tr.Stream())
    t.run(Collective("broadcast", x, peer=1), tr.Stream())
    (_, gather), (_, bcast) = issued(lib)
    assert gather[2:4] == (5 * per, code) and bcast[2:4] == (5 * per, code)


def test_bool_reduces_as_bytes_and_other_dtypes_nccl_cannot_reduce_are_refused() -> None:
    lib = RecordingNccl()
    t = transport(lib)
    flags = tr.zeros((4,), dtype=tr.bool_)
    for op in ("sum", "prod", "max", "min"):
        t.run(Collective("all_reduce", flags, op=op), tr.Stream())
    max_, min_ = RED_OPS["max"], RED_OPS["min"]
    assert [args[3:5] for _, args in issued(lib)] == [(1, max_), (1, min_), (1, max_), (1, min_)]
    with pytest.raises(TypeError, match=r"NCCL cannot reduce i16 by sum.*t\.astype"):
        t.run(Collective("all_reduce", tr.zeros((4,), dtype=tr.i16), op="sum"), tr.Stream())
    with pytest.raises(TypeError, match="NCCL cannot reduce bool_ by avg"):
        t.run(Collective("all_reduce", flags, op="avg"), tr.Stream())


def test_an_nccl_error_names_the_collective_its_line_and_the_rank() -> None:
    lib = RecordingNccl(fail={"ncclAllReduce": 4})
    t = transport(lib, rank=1)
    c = Collective("all_reduce", tr.zeros((4,)), op="sum", where="app.py:7")
    with pytest.raises(NcclError) as caught:
        t.run(c, tr.Stream())
    assert caught.value.call == "ncclAllReduce" and caught.value.code == 4
    assert str(caught.value).startswith(
        "tr.distributed: all_reduce(sum) of (4,) f32 (at app.py:7) on rank 1 of 2: "
        "ncclAllReduce returned ncclInvalidArgument (4)"
    )


def test_a_communicator_that_cannot_be_made_says_what_every_rank_must_do() -> None:
    with pytest.raises(NcclError, match=r"rank 0 of 2 could not make its NCCL communicator.*"):
        transport(RecordingNccl(fail={"ncclCommInitRank": 2}))


def test_closing_destroys_the_communicator_then_runs_on_close_once() -> None:
    lib = RecordingNccl()
    ended: list[str] = []
    t = transport(lib, on_close=lambda: ended.append("group"))
    t.close()
    t.close()
    assert issued(lib) == [("ncclCommDestroy", (COMM,))] and ended == ["group"]
    with pytest.raises(RuntimeError, match=r"after this rank's NCCL communicator was closed"):
        t.run(Collective("all_reduce", tr.zeros((4,)), op="sum"), tr.Stream())


def test_a_failing_destroy_aborts_the_communicator_and_says_so() -> None:
    lib = RecordingNccl(fail={"ncclCommDestroy": 3})
    ended: list[str] = []
    t = transport(lib, on_close=lambda: ended.append("group"))
    with pytest.raises(NcclError, match="ncclCommDestroy"):
        t.close()
    assert [name for name, _ in issued(lib)] == ["ncclCommDestroy", "ncclCommAbort"]
    assert ended == ["group"]


# -- the unique id -------------------------------------------------------------------------------
class _Store:
    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    def set(self, key: str, value: bytes) -> None:
        self.data[key] = value

    def get(self, key: str) -> bytes:
        return self.data[key]


def _torch_with(store: _Store | None) -> Any:
    rec = RecordingTorch()
    td = rec.distributed
    if store is not None:
        td.__dict__["distributed_c10d"] = type("c10d", (), {"_get_default_store": lambda: store})
    sent: list[list[Any]] = []
    td.__dict__["broadcast_object_list"] = lambda box, src: sent.append([*box, src])
    td.__dict__["sent"] = sent
    return td


def test_rank_0s_unique_id_reaches_the_others_through_the_groups_store(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = _Store()
    td = _torch_with(store)
    monkeypatch.setattr(nt, "_generation", itertools.count())
    made = nt.shared_unique_id(td, 0, lambda: b"u" * 128)
    monkeypatch.setattr(nt, "_generation", itertools.count())  # rank 1's process: its own count
    assert nt.shared_unique_id(td, 1, lambda: pytest.fail("only rank 0 makes the id")) == made
    assert store.data == {"tilert/nccl-unique-id/0": b"u" * 128}
    nt.shared_unique_id(td, 0, lambda: b"x" * 128)  # a communicator made again: its own key
    assert list(store.data) == ["tilert/nccl-unique-id/0", "tilert/nccl-unique-id/1"]


def test_without_the_store_the_id_is_broadcast_over_the_default_group() -> None:
    td = _torch_with(None)
    assert nt.shared_unique_id(td, 0, lambda: b"w" * 128) == b"w" * 128
    assert td.sent == [[b"w" * 128, 0]]


# -- symmetric memory beside it ------------------------------------------------------------------
def test_small_sums_take_torchs_symmetric_memory_and_the_rest_nccl() -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    symm = TorchTransport.over(rec, rec.distributed, True, 0, SmallAllReduce("symm"))
    lib = RecordingNccl()
    t = transport(lib, symmetric=symm)
    assert t.needs_eager_first and t.small is symm.small

    class _CudaStream:
        _launched, _capturing = 1, False

        def cuda_handle(self) -> int:
            return STREAM

    small, large = tr.zeros((4096,), dtype=tr.bf16), tr.zeros((1 << 20,), dtype=tr.bf16)
    t.run(Collective("all_reduce", small, op="sum"), _CudaStream())  # type: ignore[arg-type]
    t.run(Collective("all_reduce", large, op="sum"), _CudaStream())  # type: ignore[arg-type]
    t.run(Collective("all_reduce", small, op="max"), _CudaStream())  # type: ignore[arg-type]
    assert [name for name, _, _ in rec.calls][-1] == "symm_mem.one_shot_all_reduce_out"
    assert [(name, args[2]) for name, args in issued(lib)] == [
        ("ncclAllReduce", 1 << 20),
        ("ncclAllReduce", 4096),
    ]


# -- ops through it ------------------------------------------------------------------------------
def test_ops_through_it_borrow_as_any_collective_and_go_on_their_stream() -> None:
    lib = RecordingNccl()
    comm = Communicator(nt.NcclTransport(lib, 0, 2, UID, address=address, handle=lambda s: id(s)))
    x = tr.from_numpy(np.ones(16, np.float32))
    with tr.Stream() as stream:
        chain = reduce(lambda op, _: op.then(comm.all_reduce), range(9), comm.all_reduce(x))
        pending = chain.submit()
        with pytest.raises(tr.BorrowError, match=r"op `all_reduce`"):
            x.to_numpy()
        with pytest.raises(tr.BorrowError, match=r"op `all_reduce`"):
            comm.all_reduce(x)
        pending.wait()
    calls = issued(lib)
    assert len(calls) == 10 and all(args[-1] == id(stream) for _, args in calls)
    assert all(args[:3] == (address(x), address(x), 16) for _, args in calls)
    np.testing.assert_array_equal(x.to_numpy(), np.ones(16, np.float32))  # (nothing moved)
    assert not x._borrows


def test_a_graph_records_collectives_through_it() -> None:
    lib = RecordingNccl()
    comm = Communicator(nt.NcclTransport(lib, 0, 2, UID, address=address, handle=lambda s: 9))
    x, out = tr.zeros((8,)), tr.zeros((16,))
    with tr.graph() as g:
        g.record(comm.all_reduce(x))
        g.record(comm.all_gather(out, x))
    pending = g.launch()
    with pytest.raises(tr.BorrowError):
        x.to_numpy()  # (the graph holds it until closed)
    pending.wait()
    g.close()
    assert [name for name, _ in issued(lib)] == ["ncclAllReduce", "ncclAllGather"]


def test_an_error_inside_an_op_releases_its_borrows() -> None:
    lib = RecordingNccl(fail={"ncclAllReduce": 1})
    comm = Communicator(transport(lib))
    x = tr.zeros((8,))
    with pytest.raises(NcclError, match="ncclUnhandledCudaError"):
        comm.all_reduce(x).sync()
    x.to_numpy()  # (not borrowed any more)


# -- which transport ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argument", "environ", "chosen"),
    [
        (None, {}, None),
        (None, {selection.ENV: "nccl"}, "nccl"),
        (None, {selection.ENV: " Torch "}, "torch"),
        ("torch", {selection.ENV: "nccl"}, "torch"),  # the argument first
        (None, {selection.ENV: ""}, None),
    ],
)
def test_the_transport_is_the_arguments_else_the_variables(
    argument: str | None, environ: dict[str, str], chosen: str | None
) -> None:
    assert selection.choose(argument, environ) == chosen


def test_an_unknown_transport_names_the_accepted_ones() -> None:
    with pytest.raises(ValueError, match=r"TILERT_DISTRIBUTED_TRANSPORT='mpi'.*nccl, torch"):
        selection.choose(None, {selection.ENV: "mpi"})
    with pytest.raises(ValueError, match=r"transport='gloo'"):
        selection.choose("gloo", {})


def test_nccl_asked_for_off_the_gpu_is_refused() -> None:
    from tilert.distributed.env import Environment

    with pytest.raises(ValueError, match=r"NCCL's C API moves GPU memory.*cpu"):
        selection.start(Environment(0, 2), "cpu", SmallAllReduce(), "nccl")


class _Started:
    """What ``selection.start`` made, in place of torch and the transports."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, loads: bool) -> None:
        import tilert.distributed.torch_transport as tt

        self.made: list[str] = []
        monkeypatch.setattr(tt, "start_group", lambda env, on_gpu, **kw: self.made.append("group"))
        monkeypatch.setattr(tt, "TorchTransport", lambda *a: self.made.append("torch") or "torch")
        monkeypatch.setattr(
            nt.NcclTransport,
            "start",
            classmethod(lambda cls, *a: self.made.append("nccl") or "nccl"),
        )

        def load() -> Any:
            if not loads:
                raise OSError("no NCCL library loads; tried libnccl.so.2: not found")
            return RecordingNccl()

        monkeypatch.setattr(nccl_library, "load", load)
        monkeypatch.setattr(selection, "_warned", False)


@pytest.mark.parametrize(
    ("device", "choice", "loads", "made"),
    [
        ("cuda", None, True, ["group", "nccl"]),
        ("cuda", "nccl", True, ["group", "nccl"]),
        ("cuda", "torch", True, ["torch"]),
        ("cpu", None, True, ["torch"]),  # gloo
    ],
)
def test_which_transport_starts(
    monkeypatch: pytest.MonkeyPatch,
    device: str,
    choice: str | None,
    loads: bool,
    made: list[str],
) -> None:
    from tilert.distributed.env import Environment

    started = _Started(monkeypatch, loads)
    selection.start(Environment(0, 2), device, SmallAllReduce(), choice)
    assert started.made == made


def test_without_a_library_the_default_falls_back_to_torch_warned_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tilert.distributed.env import Environment

    started = _Started(monkeypatch, loads=False)
    with pytest.warns(RuntimeWarning, match=r"torch.distributed's process group.*not found"):
        assert selection.start(Environment(0, 2), "cuda", SmallAllReduce(), None) == "torch"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        selection.start(Environment(0, 2), "cuda", SmallAllReduce(), None)  # (said once)
    assert started.made == ["group", "torch", "group", "torch"]
    with pytest.raises(OSError, match="no NCCL library loads"):  # asked for: an error
        selection.start(Environment(0, 2), "cuda", SmallAllReduce(), "nccl")
