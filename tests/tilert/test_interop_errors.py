"""Interop errors are errors. A consumer that refuses a tilert capsule (numpy given a CUDA or
bf16 one) gets its own exception to the caller, with the C release hooks and with the Python
alone, and the export is still freed; every other DLPack failure is a BufferError (or a
TypeError for the wrong kind of object) that names the reason; and another framework's array
given to a kernel says how to wrap it, by type, shape and dtype, never by its values."""

from __future__ import annotations

import ctypes
import gc
import sys
import threading
import weakref
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, _accel, f32, interop
from tilert._dlpack import abi as dlpack

pytestmark = pytest.mark.usefixtures("interpreter")


def _c_hooks() -> tuple[int, int] | None:
    """The C release hooks of this build (also under TILERT_PURE_PYTHON=1), None if unbuilt."""
    hooks = getattr(_accel._fast, "dlpack_hooks", None)
    return None if hooks is None else hooks(dlpack.release_export)


@pytest.fixture(params=["c", "ctypes"])
def release(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """New capsules get the C release hooks, or the ctypes ones (the Python alone)."""
    hooks = _c_hooks() if request.param == "c" else dlpack._CTYPES_HOOKS
    if hooks is None:
        pytest.skip("the C extension is not built here")
    monkeypatch.setattr(dlpack, "_hooks", hooks)
    yield request.param
    dlpack.live_exports()  # (the Python alone: lets go of what this test left held)


@pytest.fixture
def unraisable(monkeypatch: pytest.MonkeyPatch) -> list[BaseException | None]:
    """What reaches sys.unraisablehook (a lost exception would)."""
    reported: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: reported.append(u.exc_value))
    return reported


class Owner:
    """Stands for what keeps exported memory alive; weakly referenced to see it freed."""


class CudaClaimer:
    """The issue's producer: a tilert capsule that says CUDA, which numpy refuses."""

    def __init__(self) -> None:
        self.array = np.arange(4, dtype=np.float32)
        self.owners: list[weakref.ref[Owner]] = []

    def __dlpack__(self, **kwargs: Any) -> Any:
        owner = Owner()
        self.owners.append(weakref.ref(owner))
        versioned = kwargs.get("max_version") is not None
        data, shape = self.array.ctypes.data, self.array.shape
        device = (dlpack.KDL_CUDA, 0)
        return dlpack.make_capsule(
            data, shape, self.array.dtype, device, owner, versioned=versioned
        )

    def __dlpack_device__(self) -> tuple[int, int]:
        return (dlpack.KDL_CUDA, 0)


# -- a consumer's exception reaches the caller -------------------------------------------------
def test_a_build_of_these_sources_releases_in_c() -> None:
    """The C release hooks come with the C launch path (both left out by TILERT_PURE_PYTHON=1);
    a build without them is from older sources: reinstall tilert to rebuild it."""
    assert dlpack.releases_in_c() == _accel.active()


def test_numpy_refusing_a_cuda_capsule_raises_its_own_error(
    release: str, unraisable: list[BaseException | None]
) -> None:
    before = dlpack.live_exports()
    producer = CudaClaimer()
    with pytest.raises((RuntimeError, BufferError), match="Unsupported device in DLTensor"):
        np.from_dlpack(producer)
    assert unraisable == []
    assert dlpack.live_exports() == before
    assert producer.owners and all(ref() is None for ref in producer.owners)


class Given:
    """Hands its capsule over once, keeping no reference: the consumer holds the only one."""

    def __init__(self, capsule: Any) -> None:
        self.capsule = capsule

    def __dlpack__(self, **kwargs: Any) -> Any:
        capsule, self.capsule = self.capsule, None
        return capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return (dlpack.KDL_CPU, 0)


@pytest.mark.parametrize("versioned", [False, True], ids=["classic", "versioned"])
def test_numpy_refusing_a_bf16_export_raises_its_own_error(
    release: str, unraisable: list[BaseException | None], versioned: bool
) -> None:
    t = tr.arange(4, dtype=tr.bf16)
    before = dlpack.live_exports()
    given = Given(t.__dlpack__(max_version=(1, 0) if versioned else None))
    with pytest.raises((RuntimeError, BufferError), match="Unsupported dtype in DLTensor"):
        np.from_dlpack(given)
    with pytest.raises((RuntimeError, BufferError), match="Unsupported dtype in DLTensor"):
        np.from_dlpack(t)  # numpy asks the tensor itself
    assert unraisable == []
    assert dlpack.live_exports() == before


@pytest.mark.parametrize("versioned", [False, True], ids=["classic", "versioned"])
def test_an_unconsumed_capsule_is_freed(release: str, versioned: bool) -> None:
    owner = Owner()
    ref = weakref.ref(owner)
    before = dlpack.live_exports()
    array = np.zeros(3, np.float32)
    capsule = dlpack.make_capsule(
        array.ctypes.data, (3,), array.dtype, (1, 0), owner, versioned=versioned
    )
    del owner
    assert dlpack.live_exports() == before + 1
    del capsule
    if release == "c":
        assert ref() is None  # at once: its C destructor ran
    else:
        gc.collect()  # the Python alone lets go of it after a collection (or the next export)
        assert ref() is None
    assert dlpack.live_exports() == before


def test_the_python_alone_lets_go_at_the_next_export(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dlpack, "_hooks", dlpack._CTYPES_HOOKS)
    t = tr.arange(4, dtype=tr.f32)
    capsule = t.__dlpack__()
    address = next(reversed(dlpack._exports))
    del capsule
    assert address in dlpack._exports  # held: no consumer could drop it while raising
    dlpack.parse_capsule(t.__dlpack__())  # the next export lets go of it
    assert address not in dlpack._exports


def test_a_consumed_capsule_is_freed_by_its_deleter_from_any_thread(release: str) -> None:
    t = tr.arange(4, dtype=tr.f32)
    before = dlpack.live_exports()
    imported = dlpack.parse_capsule(t.__dlpack__(max_version=(1, 0)))
    assert dlpack.live_exports() == before + 1
    worker = threading.Thread(target=imported.owner.release)  # a consumer's thread
    worker.start()
    worker.join()
    assert dlpack.live_exports() == before


def test_a_deleter_called_while_an_exception_is_pending_keeps_it(
    unraisable: list[BaseException | None],
) -> None:
    """numpy drops a capsule whose destructor is the C deleter while it raises: the deleter
    runs with numpy's exception pending, frees what it is given, and keeps the exception (a
    ctypes deleter cannot: the Python alone reports it as unraisable, a documented limit)."""
    freed: list[int] = []
    module = _accel._fast
    if getattr(module, "dlpack_hooks", None) is None:
        pytest.skip("the C extension is not built here")

    def release(address: int) -> None:  # (what other tests free meanwhile is still freed)
        freed.append(address)
        dlpack.release_export(address)

    _, deleter = module.dlpack_hooks(release)
    try:
        array = np.zeros(4, np.float32)
        shape = (ctypes.c_int64 * 1)(4)
        managed = dlpack.DLManagedTensor(
            dl_tensor=dlpack.DLTensor(
                data=array.ctypes.data,
                device=dlpack.DLDevice(dlpack.KDL_CUDA, 0),
                ndim=1,
                dtype=dlpack.DLDataType(dlpack.KDL_FLOAT, 32, 1),
                shape=ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64)),
            )
        )
        made: list[int] = []

        class Producer:
            def __dlpack__(self, **kwargs: Any) -> Any:
                name = ctypes.addressof(dlpack._NAME)
                capsule = dlpack._capsule_new(ctypes.addressof(managed), name, deleter)
                made.append(id(capsule))
                return capsule

            def __dlpack_device__(self) -> tuple[int, int]:
                return (dlpack.KDL_CUDA, 0)

        with pytest.raises((RuntimeError, BufferError), match="Unsupported device"):
            np.from_dlpack(Producer())
        assert freed == made and unraisable == []
    finally:
        module.dlpack_hooks(dlpack.release_export)


# -- export: a wrong argument is named ---------------------------------------------------------
def test_export_arguments_of_the_wrong_kind_are_type_errors() -> None:
    t = tr.arange(4, dtype=tr.f32)
    with pytest.raises(TypeError, match=r"max_version must be None or a pair of ints, got 1"):
        t.__dlpack__(max_version=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"dl_device must be None or a pair of ints, got 'cpu'"):
        t.__dlpack__(dl_device="cpu")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"copy must be None, True or False, got 'yes'"):
        t.__dlpack__(copy="yes")  # type: ignore[arg-type]
    with pytest.raises(BufferError, match="to DLPack device"):
        t.__dlpack__(dl_device=(7, 0))
    before = dlpack.live_exports()
    capsule = t.__dlpack__(max_version=(1, 2), dl_device=(1, 0), copy=np.False_)  # type: ignore[arg-type]
    dlpack.parse_capsule(capsule)  # (a later minor version and numpy's bool are fine)
    assert dlpack.live_exports() == before


# -- import: every failure is a BufferError (or TypeError) naming the reason ------------------
class Producer:
    """A host producer whose ``__dlpack__`` and ``__dlpack_device__`` answer what it is told."""

    def __init__(self, capsule: Any = None, device: Any = (dlpack.KDL_CPU, 0)) -> None:
        self.array = np.arange(6, dtype=np.float32)
        self.capsule = capsule
        self.device = device
        self.owners: list[weakref.ref[Owner]] = []

    def __dlpack__(self, **kwargs: Any) -> Any:
        if self.capsule is not None:
            return self.capsule
        owner = Owner()
        self.owners.append(weakref.ref(owner))
        data, shape = self.array.ctypes.data, self.array.shape
        return dlpack.make_capsule(data, shape, self.array.dtype, (1, 0), owner, versioned=True)

    def __dlpack_device__(self) -> Any:
        return self.device


def _edited(edit: str) -> tuple[Any, Producer]:
    """A capsule of a Producer's array with one field of its DLTensor made wrong."""
    producer = Producer()
    capsule = producer.__dlpack__()
    address = dlpack._capsule_get_pointer(capsule, dlpack._NAME_VERSIONED.value)
    tensor = dlpack.DLManagedTensorVersioned.from_address(address).dl_tensor
    if edit == "dtype":
        tensor.dtype = dlpack.DLDataType(dlpack.KDL_FLOAT, 8, 1)
    elif edit == "lanes":
        tensor.dtype = dlpack.DLDataType(dlpack.KDL_FLOAT, 32, 4)
    elif edit == "no data":
        tensor.data = None
    elif edit == "no shape":
        tensor.shape = None
    elif edit == "negative size":
        tensor.shape[0] = -6
    elif edit == "device":
        tensor.device = dlpack.DLDevice(dlpack.KDL_CUDA, 0)
    return capsule, producer


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        ("dtype", r"DLPack dtype \(code 2, 8 bits, 1 lanes\) is not supported"),
        ("lanes", r"DLPack dtype \(code 2, 32 bits, 4 lanes\) is not supported"),
        ("no data", r"malformed DLPack tensor: shape \(6,\) and no data"),
        ("no shape", r"malformed DLPack tensor: ndim 1 with no shape"),
        ("negative size", r"malformed DLPack tensor: shape \(-6,\)"),
        ("device", r"said it is on DLPack device \(1, 0\) but its capsule is on \(2, 0\)"),
    ],
)
def test_a_capsule_tilert_cannot_read_is_a_buffer_error(edit: str, reason: str) -> None:
    before = dlpack.live_exports()
    capsule, producer = _edited(edit)
    with pytest.raises(BufferError, match=rf"tr\.from_dlpack: .*{reason}"):
        tr.from_dlpack(Producer(capsule))
    del capsule
    gc.collect()  # the export is freed, whether the import consumed the capsule or not
    assert dlpack.live_exports() == before
    assert all(ref() is None for ref in producer.owners)


def test_a_producer_that_breaks_the_protocol_is_named() -> None:
    with pytest.raises(TypeError, match=r"__dlpack__\(\) of the .*Producer returned a list"):
        tr.from_dlpack(Producer(capsule=[1.0, 2.0]))
    used = np.arange(3.0).__dlpack__()
    dlpack.parse_capsule(used)
    with pytest.raises(BufferError, match=r"capsule of the .*Producer: .*already consumed"):
        tr.from_dlpack(Producer(capsule=used))
    for device in ("cpu", (1,), (1, 0, 0), (1.5, 0)):
        with pytest.raises(
            BufferError, match=r"__dlpack_device__\(\) of the .*Producer returned .*, not a"
        ):
            tr.from_dlpack(Producer(device=device))
    with pytest.raises(BufferError, match=r"DLPack device type 7 of the .*Producer"):
        tr.from_dlpack(Producer(device=(7, 0)))
    with pytest.raises(TypeError, match=r"not a DLPack capsule: pass the array itself"):
        tr.from_dlpack(np.arange(3.0).__dlpack__())


def test_a_producer_s_own_errors_go_through_as_they_are() -> None:
    class Refusing(Producer):
        def __dlpack__(self, **kwargs: Any) -> Any:
            raise BufferError("this producer cannot export")

    with pytest.raises(BufferError, match=r"^this producer cannot export$"):
        tr.from_dlpack(Refusing())


class CaiProducer:
    """A ``__cuda_array_interface__`` producer that hands over a given dict."""

    def __init__(self, cai: Any) -> None:
        self.cai = cai

    @property
    def __cuda_array_interface__(self) -> Any:
        return self.cai


GOOD_CAI = {"shape": (4,), "typestr": "<f4", "data": (1 << 20, False), "version": 3}


@pytest.mark.parametrize(
    ("cai", "error", "reason"),
    [
        ({**GOOD_CAI, "shape": None}, BufferError, r"is malformed \(TypeError"),
        ({**GOOD_CAI, "typestr": "<x9"}, BufferError, r"is malformed \(TypeError"),
        ({**GOOD_CAI, "data": 7}, BufferError, r"is malformed \(TypeError"),
        ({**GOOD_CAI, "strides": ("a",)}, BufferError, r"is malformed \(TypeError"),
        ({**GOOD_CAI, "stream": "s"}, BufferError, r"is malformed \(TypeError"),
        ({"typestr": "<f4", "data": (0, False)}, BufferError, r"malformed \(KeyError: 'shape'\)"),
        ([1, 2], BufferError, r"is malformed \(AttributeError"),
        ({**GOOD_CAI, "mask": object()}, BufferError, r"masked __cuda_array_interface__"),
        ({**GOOD_CAI, "strides": (6,)}, BufferError, r"byte strides \(6,\) of a float32 array"),
        ({**GOOD_CAI, "typestr": "<c8"}, TypeError, r"no tilert dtype"),
    ],
    ids=[
        "shape",
        "typestr",
        "data",
        "strides",
        "stream",
        "no-shape",
        "not-a-dict",
        "mask",
        "uneven-strides",
        "dtype",
    ],
)
def test_a_malformed_cuda_array_interface_is_named(
    monkeypatch: pytest.MonkeyPatch, cai: Any, error: type[Exception], reason: str
) -> None:
    """(Checked before any device work, so the CPU runs it with the backend check set aside.)"""
    monkeypatch.setattr(interop, "_require_device_memory", lambda obj, device: None)
    with pytest.raises(error, match=reason):
        tr.from_dlpack(CaiProducer(cai))


# -- another framework's array given to a kernel -----------------------------------------------
@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + 1.0)


@tr.kernel
def scaled(z: Mutable[Tensor[f32]], k: float) -> None:
    z.store(z.load() * k)


class FakeCudaTensor:
    """Looks like a torch CUDA tensor: DLPack on device (2, 0), a shape and a dtype."""

    shape = (1024,)
    dtype = "torch.float32"

    def __dlpack__(self, **kwargs: Any) -> Any:
        raise AssertionError("a launch must not export it")

    def __dlpack_device__(self) -> tuple[int, int]:
        return (dlpack.KDL_CUDA, 0)

    def __array__(self) -> Any:
        raise TypeError("can't convert cuda:0 device type tensor to numpy")


def test_a_numpy_array_for_a_shared_parameter_is_shared_for_the_launch() -> None:
    x = np.zeros(1024, np.float32)
    z = tr.zeros(1024)
    add(z.partition((128,)), x).sync()  # what tr.from_dlpack(x) would give, made for the launch
    np.testing.assert_array_equal(z.to_numpy(), np.ones(1024, np.float32))
    pending = add(tr.zeros(1024).partition((128,)), x).submit()
    with pytest.raises(tr.BorrowError):  # its memory is borrowed as a tilert tensor's is
        tr.from_dlpack(x).copy_from(np.ones(1024, np.float32))
    pending.wait()


def test_a_numpy_array_for_a_mutable_parameter_says_how_to_partition_it() -> None:
    z = np.zeros(1024, np.float32)
    with pytest.raises(TypeError) as caught:
        add(z, tr.ones(1024))  # tilecheck: ignore[TC106]
    assert str(caught.value) == (
        "parameter `z` of kernel `add` is Mutable: expected a Partition, got a numpy.ndarray "
        "of shape (1024,) and dtype float32; pass a partition of a tilert tensor: "
        "tr.from_dlpack(z).partition(tile_shape)"
    )
    add(tr.from_dlpack(z).partition((128,)), tr.ones(1024)).sync()  # as it says
    np.testing.assert_array_equal(z, np.full(1024, 2.0, np.float32))


def test_a_device_array_the_backend_cannot_share_is_described_not_printed() -> None:
    with pytest.raises(TypeError) as caught:
        add(tr.zeros(1024).partition((128,)), FakeCudaTensor())  # tilecheck: ignore[TC105]
    message = str(caught.value)
    kind = f"{FakeCudaTensor.__module__}.FakeCudaTensor"
    assert message.startswith(f"parameter `x` of kernel `add` is Shared: a {kind} of shape")
    assert "cannot be shared with tilert" in message


def test_a_large_array_is_never_printed() -> None:
    big = np.arange(1 << 16, dtype=np.float32) + 12345.0
    with pytest.raises(TypeError) as caught:
        add(big, tr.zeros(1 << 16))  # tilecheck: ignore[TC105]
    assert "12345" not in str(caught.value) and len(str(caught.value)) < 300


def test_other_arguments_keep_their_messages() -> None:
    z = tr.zeros(1024)
    with pytest.raises(TypeError, match=r"is Shared: expected a Tensor, got \[1\.0\]$"):
        add(z.partition((128,)), [1.0])  # tilecheck: ignore[TC105]
    with pytest.raises(TypeError, match=r"is Mutable: expected a Partition, got 'z'$"):
        add("z", tr.ones(1024))  # tilecheck: ignore[TC105]


def test_an_array_for_a_scalar_parameter_is_described_not_printed() -> None:
    big = np.arange(1 << 16, dtype=np.float32) + 12345.0
    with pytest.raises(TypeError) as caught:
        scaled(tr.zeros(1024).partition((128,)), big)  # tilecheck: ignore[TC105]
    assert str(caught.value) == (
        "parameter `k` of kernel `scaled` is a scalar (float), got a numpy.ndarray of shape "
        "(65536,) and dtype float32"
    )
