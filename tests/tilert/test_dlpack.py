"""DLPack on the CPU: tilert's capsules round-trip through numpy (classic and versioned), are
freed when never consumed, other producers' capsules are read and released, and a CUDA
producer under the interpreter is refused with the way out."""

from __future__ import annotations

import gc
import sys
import weakref
from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32
from tilert._dlpack import abi as dlpack
from tilert.dtypes import ALL_DTYPES

pytestmark = pytest.mark.usefixtures("interpreter")


class Owner:
    """Stands for what keeps exported memory alive; weakly referenced to see it freed."""

    def __init__(self, array: np.ndarray[Any, Any]) -> None:
        self.array = array


class Producer:
    """A host producer whose capsules come from ``dlpack.make_capsule``."""

    def __init__(self, array: np.ndarray[Any, Any]) -> None:
        self.array = array
        self.owners: list[weakref.ref[Owner]] = []
        self.asked: dict[str, Any] = {}

    def __dlpack__(self, **kwargs: Any) -> Any:
        self.asked = kwargs
        owner = Owner(self.array)
        self.owners.append(weakref.ref(owner))
        max_version = kwargs.get("max_version")
        return dlpack.make_capsule(
            self.array.ctypes.data,
            self.array.shape,
            self.array.dtype,
            (dlpack.KDL_CPU, 0),
            owner,
            versioned=max_version is not None and max_version[0] >= 1,
        )

    def __dlpack_device__(self) -> tuple[int, int]:
        return (dlpack.KDL_CPU, 0)


def _sample(dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    return (np.arange(24).reshape(2, 3, 4) % 5 + 1).astype(dtype)  # no 0: f8e8m0fnu has none


# numpy's own dtypes: bf16 and the 8-bit floats are ml_dtypes', which np.from_dlpack refuses
NUMPY_DTYPES = [d.np_dtype for d in ALL_DTYPES if d is not tr.bf16 and d.arithmetic]


@pytest.mark.parametrize("dtype", NUMPY_DTYPES, ids=str)
@pytest.mark.parametrize("versioned", [False, True], ids=["classic", "versioned"])
def test_capsule_round_trips_through_numpy(dtype: np.dtype[Any], versioned: bool) -> None:
    array = _sample(dtype)
    producer = Producer(array)
    if versioned:
        capsule = producer.__dlpack__(max_version=(1, 0))
        view = dlpack.host_array(dlpack.parse_capsule(capsule))
    else:
        view = np.from_dlpack(producer)  # numpy asks for DLPack 1.0; the producer answers
        producer_owner = producer.owners[-1]
        assert producer_owner() is not None  # numpy holds the tensor
    assert view.dtype == dtype and view.shape == array.shape
    np.testing.assert_array_equal(view, array)
    assert np.shares_memory(view, array)
    del view
    gc.collect()
    assert all(ref() is None for ref in producer.owners)  # the consumer called the deleter


class Given:
    """Hands numpy one given capsule, whatever it asks for."""

    def __init__(self, capsule: Any) -> None:
        self.capsule = capsule

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


@pytest.mark.parametrize("versioned", [False, True], ids=["classic", "versioned"])
def test_numpy_consumes_either_capsule(versioned: bool) -> None:
    array = np.arange(5, dtype=np.float32)
    before = dlpack.live_exports()
    capsule = dlpack.make_capsule(
        array.ctypes.data, (5,), array.dtype, (1, 0), array, versioned=versioned
    )
    out = np.from_dlpack(Given(capsule))
    del capsule
    np.testing.assert_array_equal(out, array)
    assert np.shares_memory(out, array)
    # numpy marks what a classic capsule gives read-only: only DLPack 1.0 carries the flag
    assert out.flags.writeable == versioned
    assert dlpack.live_exports() == before + 1  # numpy holds it
    del out
    gc.collect()
    assert dlpack.live_exports() == before


@pytest.mark.parametrize("versioned", [False, True], ids=["classic", "versioned"])
def test_bf16_capsule_fields(versioned: bool) -> None:
    array = np.linspace(-2, 2, 8).astype(ml_dtypes.bfloat16)
    capsule = dlpack.make_capsule(
        array.ctypes.data, (2, 4), array.dtype, (1, 0), array, versioned=versioned
    )
    imported = dlpack.parse_capsule(capsule)
    assert dlpack.dl_dtype(array.dtype) == (dlpack.KDL_BFLOAT, 16)
    assert imported.dtype == tr.bf16.np_dtype and imported.shape == (2, 4)
    assert imported.strides == (4, 1) and imported.device == (1, 0) and imported.c_contiguous
    view = dlpack.host_array(imported)
    np.testing.assert_array_equal(view, array.reshape(2, 4))
    assert np.shares_memory(view, array)


def test_dtype_codes() -> None:
    assert dlpack.dl_dtype(np.dtype(np.bool_)) == (dlpack.KDL_BOOL, 8)
    assert dlpack.dl_dtype(np.dtype(np.float16)) == (dlpack.KDL_FLOAT, 16)
    assert dlpack.dl_dtype(np.dtype(np.int64)) == (dlpack.KDL_INT, 64)
    assert dlpack.dl_dtype(np.dtype(np.uint8)) == (dlpack.KDL_UINT, 8)
    for d in NUMPY_DTYPES:
        assert dlpack.numpy_dtype(*dlpack.dl_dtype(d), 1) == d
    with pytest.raises(BufferError, match="4 lanes"):
        dlpack.numpy_dtype(dlpack.KDL_FLOAT, 32, 4)
    with pytest.raises(BufferError, match="no DLPack type code"):
        dlpack.dl_dtype(np.dtype("U3"))


@pytest.mark.parametrize("versioned", [False, True], ids=["classic", "versioned"])
def test_unconsumed_capsule_is_freed(versioned: bool) -> None:
    owner = Owner(np.zeros(3, np.float32))
    ref = weakref.ref(owner)
    before = dlpack.live_exports()
    capsule = dlpack.make_capsule(
        owner.array.ctypes.data, (3,), owner.array.dtype, (1, 0), owner, versioned=versioned
    )
    del owner
    assert ref() is not None and dlpack.live_exports() == before + 1
    del capsule  # never consumed: its destructor frees the export
    # (the Python alone holds the capsule until it is the only holder: live_exports lets go)
    assert dlpack.live_exports() == before and ref() is None


def test_parse_numpy_capsules_and_release() -> None:
    base = np.arange(12, dtype=np.int32).reshape(3, 4)
    ref = weakref.ref(base)
    imported = dlpack.parse_capsule(base.__dlpack__())
    assert imported.shape == (3, 4) and imported.strides == (4, 1)
    assert imported.dtype == np.int32 and imported.device == (1, 0)
    assert imported.data == base.ctypes.data and not imported.readonly
    del base
    gc.collect()
    assert ref() is not None  # numpy's tensor holds it until we call its deleter
    del imported
    gc.collect()
    assert ref() is None

    strided = np.arange(12, dtype=np.float64).reshape(3, 4)[:, ::2]
    imported = dlpack.parse_capsule(strided.__dlpack__(max_version=(1, 0)))
    assert imported.strides == (4, 2) and not imported.c_contiguous
    np.testing.assert_array_equal(dlpack.host_array(imported), strided)

    frozen = np.arange(3.0)
    frozen.flags.writeable = False
    imported = dlpack.parse_capsule(frozen.__dlpack__(max_version=(1, 0)))
    assert imported.readonly and not dlpack.host_array(imported).flags.writeable


def test_a_capsule_is_consumed_once() -> None:
    capsule = np.arange(3.0).__dlpack__()
    dlpack.parse_capsule(capsule)
    with pytest.raises(BufferError, match="already consumed"):
        dlpack.parse_capsule(capsule)
    with pytest.raises(TypeError, match="not a DLPack capsule"):
        dlpack.parse_capsule(object())


def test_consumer_error_while_dropping_a_capsule_still_frees_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """numpy refuses bf16 and drops our capsule while raising: its error reaches the caller as
    it is, and the export is freed (more in test_interop_errors.py)."""
    reported: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: reported.append(u.exc_value))
    array = np.zeros(4, dtype=ml_dtypes.bfloat16)
    producer = Producer(array)
    with pytest.raises((RuntimeError, BufferError), match="dtype"):
        np.from_dlpack(producer)
    gc.collect()
    assert all(ref() is None for ref in producer.owners)
    assert reported == []


# -- Tensor.__dlpack__ and tr.from_dlpack on the host ------------------------------------------
@pytest.mark.parametrize("versioned", [False, True], ids=["classic", "versioned"])
def test_host_tensor_exports_shared_memory(versioned: bool) -> None:
    t = tr.arange(6, dtype=tr.f32)
    capsule = t.__dlpack__(max_version=(1, 0) if versioned else None)
    view = dlpack.host_array(dlpack.parse_capsule(capsule))
    view[2] = 40.0
    np.testing.assert_array_equal(t.to_numpy(), [0, 1, 40, 3, 4, 5])
    np.testing.assert_array_equal(np.from_dlpack(t), t.to_numpy())


def test_host_tensor_export_options() -> None:
    t = tr.arange(4, dtype=tr.bf16)
    copied = dlpack.host_array(dlpack.parse_capsule(t.__dlpack__(copy=True)))
    copied[0] = 9
    assert t.to_numpy()[0] == 0 and copied.dtype == tr.bf16.np_dtype
    assert t.__dlpack_device__() == (1, 0)
    with pytest.raises(BufferError, match="stream must be None"):
        t.__dlpack__(stream=7)
    with pytest.raises(BufferError, match="to DLPack device"):
        t.__dlpack__(dl_device=(2, 0))
    dlpack.parse_capsule(t.__dlpack__(dl_device=(1, 0), copy=False))


def test_export_needs_the_tensor_free() -> None:
    t = tr.zeros((8,), dtype=tr.f32)
    part = t.partition((4,))
    with pytest.raises(tr.BorrowError, match="export"):
        t.__dlpack__()  # tilecheck: ignore[TC104]
    del part
    t.__dlpack__()


@pytest.mark.parametrize("dtype", [d.np_dtype for d in ALL_DTYPES], ids=str)
def test_from_dlpack_shares_host_memory(dtype: np.dtype[Any]) -> None:
    array = _sample(dtype)
    producer = Producer(array)
    t = tr.from_dlpack(producer)
    assert t.dtype.np_dtype == dtype and t.shape == array.shape
    assert producer.asked.get("max_version") == dlpack.DLPACK_VERSION
    np.testing.assert_array_equal(t.to_numpy(), array)
    t.copy_from(np.ones(array.shape, dtype))
    np.testing.assert_array_equal(array, np.ones(array.shape, dtype))  # shared
    del t
    gc.collect()
    assert all(ref() is None for ref in producer.owners)


def test_from_dlpack_host_producers_as_before() -> None:
    a = np.arange(6, dtype=np.float32)
    t = tr.from_dlpack(a)
    t.copy_from(np.full(6, 2.0, np.float32))
    assert (a == 2.0).all()
    strided = np.arange(12, dtype=np.float32).reshape(3, 4)[:, ::2]
    s = tr.from_dlpack(strided)  # copied to C order
    np.testing.assert_array_equal(s.to_numpy(), strided)
    assert s.strides == (2, 1)
    assert tr.from_dlpack(t) is t
    with pytest.raises(TypeError, match="no tilert dtype"):
        tr.from_dlpack(np.zeros(3, np.complex64))
    with pytest.raises(TypeError, match="needs an object with __dlpack__"):
        tr.from_dlpack([1.0, 2.0])


class OldProducer:
    """A producer from before DLPack 1.0: ``__dlpack__`` takes only ``stream``."""

    def __init__(self, array: np.ndarray[Any, Any]) -> None:
        self.array = array

    def __dlpack__(self, stream: Any = None) -> Any:
        return self.array.__dlpack__(stream=stream)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


def test_from_dlpack_old_producer() -> None:
    a = np.arange(4, dtype=np.int32)
    np.testing.assert_array_equal(tr.from_dlpack(OldProducer(a)).to_numpy(), a)


class FakeCudaProducer:
    def __dlpack__(self, **kwargs: Any) -> Any:
        raise AssertionError("must not be asked for a capsule under the interpreter")

    def __dlpack_device__(self) -> tuple[int, int]:
        return (2, 0)


class FakeCaiProducer:
    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        return {"shape": (4,), "typestr": "<f4", "data": (1 << 20, False), "version": 3}


@pytest.mark.parametrize("producer", [FakeCudaProducer(), FakeCaiProducer()], ids=["dlpack", "cai"])
def test_cuda_producer_under_interpreter_is_refused(producer: Any) -> None:
    with pytest.raises(TypeError, match=r"TILERT_BACKEND=cutile.*copy it to the host"):
        tr.from_dlpack(producer)


def test_contiguity() -> None:
    assert dlpack.c_strides((2, 3, 4)) == (12, 4, 1)
    assert dlpack.c_strides(()) == ()
    assert dlpack.is_c_contiguous((2, 3), (3, 1))
    assert dlpack.is_c_contiguous((1, 3), (99, 1))  # a size-1 dimension's stride is free
    assert dlpack.is_c_contiguous((0, 3), (7, 7))
    assert not dlpack.is_c_contiguous((3, 2), (1, 3))
    assert not dlpack.is_c_contiguous((3,), (-1,))


# -- read-only host producers are copied -------------------------------------------------------
@tr.kernel
def add_one(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + 1.0)


def _read_only_sources() -> list[np.ndarray[Any, Any]]:
    frozen = np.ones(8, np.float32)
    frozen.flags.writeable = False
    from_bytes = np.frombuffer(np.ones(8, np.float32).tobytes(), dtype=np.float32)
    return [frozen, from_bytes]


@pytest.mark.parametrize("source", _read_only_sources(), ids=["frozen", "frombuffer"])
def test_read_only_host_producer_is_copied(source: np.ndarray[Any, Any]) -> None:
    assert not source.flags.writeable
    t = tr.from_dlpack(source)
    add_one(t.partition((4,)), tr.full(8, 4.0)).sync()  # a kernel writes it: no late error
    np.testing.assert_array_equal(t.to_numpy(), np.full(8, 5.0, np.float32))
    np.testing.assert_array_equal(source, np.ones(8, np.float32))  # the source is untouched
    t.copy_from(np.zeros(8, np.float32))
    np.testing.assert_array_equal(source, np.ones(8, np.float32))
    assert tr.from_dlpack(source) is not t  # a copy aliases nothing: each import is its own


def test_writable_host_producer_is_shared() -> None:
    source = np.ones(8, np.float32)
    t = tr.from_dlpack(source)
    add_one(t.partition((4,)), tr.full(8, 4.0)).sync()
    np.testing.assert_array_equal(source, np.full(8, 5.0, np.float32))  # the kernel's write
    source[0] = -1.0
    assert t.to_numpy()[0] == -1.0  # and the source's


def test_from_numpy_of_a_read_only_array_copies() -> None:
    (frozen, _) = _read_only_sources()
    t = tr.from_numpy(frozen)
    t.copy_from(np.zeros(8, np.float32))
    np.testing.assert_array_equal(frozen, np.ones(8, np.float32))


# -- one tensor per memory ---------------------------------------------------------------------
def test_importing_the_same_memory_twice_gives_the_same_tensor() -> None:
    source = np.zeros(8, np.float32)
    t = tr.from_dlpack(source)
    t2 = tr.from_dlpack(source)
    assert t2 is t
    assert tr.from_dlpack(Producer(source)) is t  # another producer of the same memory
    with pytest.raises(tr.BorrowError):  # one borrow table: the alias is caught
        add_one(t.partition((4,)), t2)  # tilecheck: ignore[TC105]
    add_one(t.partition((4,)), tr.ones(8)).sync()
    np.testing.assert_array_equal(source, np.full(8, 2.0, np.float32))


def test_round_trip_through_numpy_gives_the_same_tensor() -> None:
    u = tr.zeros(8, name="u")
    view = np.from_dlpack(u)
    assert tr.from_dlpack(view) is u
    part = u.partition((4,))
    with pytest.raises(tr.BorrowError, match="partitioned"):  # u's borrows, through the view
        tr.from_dlpack(view).to_numpy()
    del part
    gc.collect()
    assert tr.from_dlpack(view).to_numpy().tolist() == [0.0] * 8


@pytest.mark.parametrize(
    "view",
    [
        lambda a: a[2:6],
        lambda a: a[1:],
        lambda a: a.view(np.int32),
        lambda a: a.reshape(2, 4),
        lambda a: a[:1],
    ],
    ids=["slice", "tail", "other-dtype", "other-shape", "first-element"],
)
def test_importing_overlapping_memory_is_refused(view: Callable[[Any], Any]) -> None:
    source = np.zeros(8, np.float32)
    t = tr.from_dlpack(source, name="weights")
    with pytest.raises(
        ValueError,
        match=r"overlaps the memory of tensor `weights` \(f32\[8\]\), created at .*"
        r"test_dlpack\.py:\d+.*import the memory once and use that tensor",
    ):
        tr.from_dlpack(view(source))
    assert tr.from_dlpack(source) is t


def test_overlapping_an_exported_tensor_is_refused() -> None:
    u = tr.zeros(8)
    view = np.from_dlpack(u)
    with pytest.raises(ValueError, match=r"overlaps the memory of tensor f32\[8\] \(created at"):
        tr.from_dlpack(view[4:])
    assert tr.from_dlpack(view) is u


def test_a_copying_import_of_an_alias_is_checked_as_a_read() -> None:
    source = np.arange(8, dtype=np.float32)
    t = tr.from_dlpack(source)
    strided = tr.from_dlpack(source[::2])  # non-contiguous: a copy, not an alias
    np.testing.assert_array_equal(strided.to_numpy(), [0, 2, 4, 6])
    strided.copy_from(np.zeros(4, np.float32))
    np.testing.assert_array_equal(source, np.arange(8, dtype=np.float32))
    part = t.partition((4,))
    with pytest.raises(tr.BorrowError, match=r"copy \(tr.from_dlpack of a view of its memory\)"):
        tr.from_dlpack(source[::2])
    del part
    gc.collect()
    tr.from_dlpack(source[::-1])


def test_the_table_keeps_no_tensor_alive() -> None:
    source = np.zeros(8, np.float32)
    t = tr.from_dlpack(source)
    ref = weakref.ref(t)
    u = tr.zeros(4)
    np_view = np.from_dlpack(u)
    uref = weakref.ref(u)
    del t, u
    gc.collect()
    assert ref() is None and uref() is None
    part = tr.from_dlpack(source[2:6])  # the first tensor is gone: a new import works
    part.copy_from(np.ones(4, np.float32))
    np.testing.assert_array_equal(source, [0, 0, 1, 1, 1, 1, 0, 0])
    again = tr.from_dlpack(np_view)  # the exported memory outlives u: a new tensor over it
    assert again.shape == (4,) and again is tr.from_dlpack(np_view)


def test_zero_size_imports_alias_nothing() -> None:
    empty = np.zeros(0, np.float32)
    assert tr.from_dlpack(empty).shape == (0,)
    assert tr.from_dlpack(empty).shape == (0,)
