"""The DLPack ABI in pure ctypes: capsules for memory tilert owns (``Tensor.__dlpack__``) and
the reading of capsules other frameworks make (``tr.from_dlpack``).

A capsule named ``"dltensor"`` (DLPack < 1.0) or ``"dltensor_versioned"`` (>= 1.0) holds a
``DLManagedTensor[Versioned]``. The consumer renames it ``"used_dltensor[_versioned]"`` and calls
the tensor's deleter when it is done with the memory; a capsule nobody consumed is freed by its
destructor. Exported tensors live in ``_exports`` until one of the two happens, which keeps the
memory's owner (and the ctypes structs) alive.

Both may run while an exception is pending: a consumer that refuses a capsule (numpy given a
bf16 or CUDA one) drops it while raising, and a consumer may call a deleter while unwinding.
That exception must reach the caller as it is, and a ctypes callback cannot keep it: it must
return with no exception set (ctypes raises one set through the C API at once, inside the
callback), so the caller would see a SystemError. Hence:

* with the C extension, tilert/_accel.py hands this module C release hooks
  (``tilert._fast.dlpack_hooks``): they save the pending exception, call ``release_export`` and
  put it back;
* the Python alone (no extension, or ``TILERT_PURE_PYTHON=1``) gives capsules ctypes callbacks
  and holds a reference to each capsule it makes until nothing else does (checked at the next
  export, after each garbage collection and by ``live_exports``): the capsule then dies there,
  with no exception pending, never in a consumer's error path. What it cannot mend: a consumer
  calling the deleter while an exception is pending (numpy does not; it saves it) still loses
  that exception to ``sys.unraisablehook``."""

from __future__ import annotations

import atexit
import ctypes
import gc
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tilert.dtypes import bf16, f8e4m3fn, f8e5m2, f8e8m0fnu

# DLDeviceType
KDL_CPU = 1
KDL_CUDA = 2
KDL_CUDA_HOST = 3  # pinned host memory
KDL_CUDA_MANAGED = 13  # unified memory
HOST_ACCESSIBLE = (KDL_CPU, KDL_CUDA_HOST, KDL_CUDA_MANAGED)  # the ones numpy reads, too

# DLDataTypeCode
KDL_INT, KDL_UINT, KDL_FLOAT, KDL_BFLOAT, KDL_COMPLEX, KDL_BOOL = 0, 1, 2, 4, 5, 6
# the 8-bit floats' own codes (DLPack 1.1: kDLFloat8_e4m3fn, kDLFloat8_e5m2, kDLFloat8_e8m0fnu)
_FLOAT8_CODES: dict[np.dtype[Any], int] = {
    f8e4m3fn.np_dtype: 10,
    f8e5m2.np_dtype: 12,
    f8e8m0fnu.np_dtype: 14,
}

DLPACK_VERSION = (1, 0)  # the versioned ABI we write (its layout is that of every 1.x)
FLAG_READ_ONLY = 1 << 0
FLAG_IS_COPIED = 1 << 1


class DLDevice(ctypes.Structure):
    _fields_ = (("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32))


class DLDataType(ctypes.Structure):
    _fields_ = (("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16))


class DLTensor(ctypes.Structure):
    _fields_ = (
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),  # in elements; NULL: C-contiguous
        ("byte_offset", ctypes.c_uint64),
    )


class DLManagedTensor(ctypes.Structure):
    """The unversioned (DLPack < 1.0) capsule payload; ``deleter`` is a function pointer."""

    _fields_ = (
        ("dl_tensor", DLTensor),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
    )


class DLPackVersion(ctypes.Structure):
    _fields_ = (("major", ctypes.c_uint32), ("minor", ctypes.c_uint32))


class DLManagedTensorVersioned(ctypes.Structure):
    """The DLPack >= 1.0 capsule payload: a version and flags come first."""

    _fields_ = (
        ("version", DLPackVersion),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
        ("flags", ctypes.c_uint64),
        ("dl_tensor", DLTensor),
    )


# Capsule names are stored by pointer, never copied: these buffers live as long as the module.
_NAME = ctypes.create_string_buffer(b"dltensor")
_NAME_VERSIONED = ctypes.create_string_buffer(b"dltensor_versioned")
_USED_NAME = ctypes.create_string_buffer(b"used_dltensor")
_USED_NAME_VERSIONED = ctypes.create_string_buffer(b"used_dltensor_versioned")

# The Python C API, with prototypes of our own (setting ``restype`` on ``ctypes.pythonapi``'s
# shared function objects could clash with another library). PYFUNCTYPE keeps the GIL and
# raises an exception the call sets.
_api = ctypes.pythonapi
_capsule_new = ctypes.PYFUNCTYPE(
    ctypes.py_object, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p
)(("PyCapsule_New", _api))
_capsule_is_valid = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_IsValid", _api)
)
_capsule_get_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", _api)
)
_capsule_set_name = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.c_void_p)(
    ("PyCapsule_SetName", _api)
)
# The same two for a capsule being deallocated: its address, no reference taken.
_dying_capsule_is_valid = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_IsValid", _api)
)
_dying_capsule_get_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", _api)
)
# A no-op C API call: through PYFUNCTYPE it raises an exception already set when it is called.
_raise_pending = ctypes.PYFUNCTYPE(ctypes.c_int)(("Py_IsInitialized", _api))

# ``void (*)(DLManagedTensor[Versioned] *)`` and ``void (*)(PyObject *)`` (the capsule
# destructor, given the capsule's address). CFUNCTYPE: a foreign deleter runs without the GIL,
# as DLPack allows; our callbacks take it back themselves.
_POINTER_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


def _take_pending_error() -> BaseException | None:
    """The exception set when C code called one of our callbacks, cleared so the callback can
    run (a consumer may drop a capsule, or call a deleter, while raising)."""
    try:
        _raise_pending()
    except BaseException as exc:
        return exc
    return None


# -- export -----------------------------------------------------------------------------------
@dataclass
class _Export:
    """What one exported capsule needs alive until the consumer's deleter call (or the
    capsule's destruction, unconsumed): the structs it points into and the memory's owner."""

    managed: ctypes.Structure
    shape: ctypes.Array[ctypes.c_int64]
    strides: ctypes.Array[ctypes.c_int64]
    owner: object


_exports: dict[int, _Export] = {}  # address of the DLManagedTensor[Versioned] -> its export


def release_export(managed: int) -> None:
    """Free the export at ``managed``: its consumer called the deleter, or its capsule died
    unconsumed (what the release hooks, C or ctypes, call)."""
    _exports.pop(managed, None)


def _deleter(managed: int | None) -> None:
    """The ctypes deleter (the Python alone): the consumer is done with the memory."""
    pending = _take_pending_error()
    release_export(managed or 0)
    if pending is not None:
        raise pending  # reported by ctypes as unraisable: not lost silently


def _capsule_destructor(capsule: int | None) -> None:
    """The ctypes destructor (the Python alone): frees an export whose capsule dies unconsumed
    (still named ``dltensor[_versioned]``). Held capsules die in ``_let_go``, with no exception
    pending; one is taken and reported anyway, should a capsule die elsewhere."""
    pending = _take_pending_error()
    for name in (_NAME, _NAME_VERSIONED):
        if _dying_capsule_is_valid(capsule, name.value):
            release_export(_dying_capsule_get_pointer(capsule, name.value) or 0)
    if pending is not None:
        raise pending


# Module globals: C keeps these function pointers, so the callbacks must never be collected.
_DELETER = _POINTER_CALLBACK(_deleter)
_DELETER_ADDRESS = ctypes.cast(_DELETER, ctypes.c_void_p).value or 0
_DESTRUCTOR = _POINTER_CALLBACK(_capsule_destructor)
_DESTRUCTOR_ADDRESS = ctypes.cast(_DESTRUCTOR, ctypes.c_void_p).value or 0
_CTYPES_HOOKS = (_DESTRUCTOR_ADDRESS, _DELETER_ADDRESS)

# (capsule destructor, deleter) new capsules get: the ctypes ones until use_c_release
_hooks: tuple[int, int] = _CTYPES_HOOKS


def use_c_release(destructor: int, deleter: int) -> None:
    """Give new capsules C release hooks, which keep a pending exception (tilert/_accel.py
    passes those of ``tilert._fast.dlpack_hooks(release_export)``)."""
    global _hooks
    _hooks = (destructor, deleter)


def releases_in_c() -> bool:
    """Whether new capsules get the C release hooks (else the ctypes ones, and a hold)."""
    return _hooks != _CTYPES_HOOKS


# -- the Python alone: holding capsules ------------------------------------------------------
# Capsules with the ctypes destructor, by id, until nothing else references them. No consumer
# then drops the last reference (while raising, perhaps): ``_let_go`` does, where no exception
# is pending.
_held: dict[int, object] = {}


def _refcounts(held: dict[int, object]) -> list[tuple[int, int]]:
    """(key, reference count) of each held object, as ``_let_go`` sees it. Through a copy made
    in one C call: iterating the dict itself makes tuples, whose allocation may run the
    collector, whose finalizers (or another thread, meanwhile) may change it ("dictionary
    changed size during iteration", seen in the threaded distributed tests, Python path)."""
    return [(key, sys.getrefcount(capsule)) for key, capsule in held.copy().items()]


# what ``_refcounts`` counts for an object that only the dict references
_ONLY_HELD = _refcounts({0: object()})[0][1]


def _let_go() -> None:
    """Drop the held capsules nothing else references: they die here (their exports freed if
    unconsumed). Called where no exception is pending."""
    if not _held:
        return
    dropped = [_held.pop(key, None) for key, count in _refcounts(_held) if count <= _ONLY_HELD]
    del dropped  # (the destructors run here, outside any iteration of _held)


def _after_collection(phase: str, info: dict[str, int]) -> None:
    """A garbage collection ends: no exception is pending, a good time to let go."""
    if phase == "stop":
        _let_go()


gc.callbacks.append(_after_collection)
# At exit, let go of them all while this module still works: what only ``_held`` holds dies now.
atexit.register(_held.clear)


def c_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """Row-major strides in elements."""
    out: list[int] = []
    step = 1
    for d in reversed(shape):
        out.append(step)
        step *= max(int(d), 1)
    return tuple(reversed(out))


def is_c_contiguous(shape: Sequence[int], strides: Sequence[int]) -> bool:
    """Whether element ``strides`` lay ``shape`` out row-major (sizes 0 and 1 ignore them)."""
    if any(d == 0 for d in shape):
        return True
    return all(d == 1 or s == c for d, s, c in zip(shape, strides, c_strides(shape), strict=True))


def dl_dtype(dtype: np.dtype[Any]) -> tuple[int, int]:
    """DLPack's (type code, bits) of a numpy dtype."""
    if dtype == bf16.np_dtype:
        return KDL_BFLOAT, 16
    if dtype in _FLOAT8_CODES:
        return _FLOAT8_CODES[dtype], 8
    codes = {"b": KDL_BOOL, "i": KDL_INT, "u": KDL_UINT, "f": KDL_FLOAT, "c": KDL_COMPLEX}
    code = codes.get(dtype.kind)
    if code is None or dtype.byteorder == ">":
        raise BufferError(f"dtype {dtype} has no DLPack type code")
    return code, dtype.itemsize * 8


# DLPack type code -> (numpy kind, the sizes in bits numpy has)
_NUMPY_KINDS = {
    KDL_INT: ("i", (8, 16, 32, 64)),
    KDL_UINT: ("u", (8, 16, 32, 64)),
    KDL_FLOAT: ("f", (16, 32, 64)),
    KDL_COMPLEX: ("c", (64, 128)),
}


def numpy_dtype(code: int, bits: int, lanes: int) -> np.dtype[Any]:
    """The numpy dtype of a DLPack (type code, bits, lanes); BufferError names others."""
    kind, sizes = _NUMPY_KINDS.get(code, ("", ()))
    if lanes == 1 and bits in sizes:
        return np.dtype(f"{kind}{bits // 8}")
    if lanes == 1 and code == KDL_BFLOAT and bits == 16:
        bfloat16: np.dtype[Any] = bf16.np_dtype
        return bfloat16
    if lanes == 1 and code == KDL_BOOL and bits == 8:
        return np.dtype(np.bool_)
    for float8, float8_code in _FLOAT8_CODES.items():
        if lanes == 1 and code == float8_code and bits == 8:
            return float8
    raise BufferError(f"DLPack dtype (code {code}, {bits} bits, {lanes} lanes) is not supported")


def make_capsule(
    data: int,
    shape: Sequence[int],
    dtype: np.dtype[Any],
    device: tuple[int, int],
    owner: object,
    *,
    versioned: bool = False,
    copied: bool = False,
    readonly: bool = False,
    strides: Sequence[int] | None = None,
) -> Any:
    """A DLPack capsule of the array at ``data``: C-contiguous, or with element ``strides`` (a
    view's). ``owner`` (what keeps the memory
    valid) stays referenced until the consumer's deleter call, or until the capsule is
    destroyed unconsumed. ``versioned`` makes a ``dltensor_versioned`` capsule (DLPack 1.0,
    with the read-only and is-copied flags), else a classic ``dltensor`` one."""
    code, bits = dl_dtype(np.dtype(dtype))
    destructor, deleter = _hooks
    ndim = len(shape)
    shape_array = (ctypes.c_int64 * max(ndim, 1))(*(int(d) for d in shape))
    strides_array = (ctypes.c_int64 * max(ndim, 1))(*(strides or c_strides(shape)))
    tensor = DLTensor(
        data=data,
        device=DLDevice(*device),
        ndim=ndim,
        dtype=DLDataType(code, bits, 1),
        shape=ctypes.cast(shape_array, ctypes.POINTER(ctypes.c_int64)),
        strides=ctypes.cast(strides_array, ctypes.POINTER(ctypes.c_int64)),
        byte_offset=0,
    )
    managed: ctypes.Structure
    if versioned:
        flags = (FLAG_READ_ONLY if readonly else 0) | (FLAG_IS_COPIED if copied else 0)
        managed = DLManagedTensorVersioned(
            version=DLPackVersion(*DLPACK_VERSION),
            manager_ctx=None,
            deleter=deleter,
            flags=flags,
            dl_tensor=tensor,
        )
        name = _NAME_VERSIONED
    else:
        if readonly:
            raise BufferError(
                "a read-only array needs a versioned DLPack capsule (the consumer must pass "
                "max_version=(1, 0) or later): the classic one cannot mark it read-only"
            )
        managed = DLManagedTensor(dl_tensor=tensor, manager_ctx=None, deleter=deleter)
        name = _NAME
    address = ctypes.addressof(managed)
    _exports[address] = _Export(managed, shape_array, strides_array, owner)
    try:
        capsule = _capsule_new(address, ctypes.addressof(name), destructor)
    except BaseException:
        del _exports[address]
        raise
    if destructor == _DESTRUCTOR_ADDRESS:
        _let_go()
        _held[id(capsule)] = capsule
    return capsule


def live_exports() -> int:
    """How many exported tensors are still held (by a consumer or an unconsumed capsule)."""
    _let_go()
    return len(_exports)


# -- import -----------------------------------------------------------------------------------
class ImportedOwner:
    """Ownership of a consumed capsule's tensor: calls the producer's deleter once, when this
    object is released or collected. Keep it alive as long as the memory is used."""

    __slots__ = ("_deleter", "_managed")

    def __init__(self, managed: int, deleter: int | None) -> None:
        self._managed = managed
        self._deleter = deleter

    def release(self) -> None:
        deleter, self._deleter = self._deleter, None
        if deleter:
            _POINTER_CALLBACK(deleter)(self._managed)

    def __del__(self) -> None:
        self.release()


@dataclass(frozen=True)
class Imported:
    """A consumed capsule's tensor: where its data is, its layout and device."""

    data: int  # the first element (``data + byte_offset``)
    shape: tuple[int, ...]
    strides: tuple[int, ...]  # in elements
    dtype: np.dtype[Any]
    device: tuple[int, int]  # (DLDeviceType, device id)
    readonly: bool
    owner: ImportedOwner

    @property
    def c_contiguous(self) -> bool:
        return is_c_contiguous(self.shape, self.strides)


def parse_capsule(capsule: Any) -> Imported:
    """Consume a capsule from a producer's ``__dlpack__()``: read it, rename it
    ``used_dltensor[_versioned]`` and take over the duty to call its deleter."""
    if _capsule_is_valid(capsule, _NAME_VERSIONED.value):
        address = _capsule_get_pointer(capsule, _NAME_VERSIONED.value)
        versioned = DLManagedTensorVersioned.from_address(address)
        if versioned.version.major != DLPACK_VERSION[0]:
            raise BufferError(
                f"DLPack {versioned.version.major}.{versioned.version.minor} capsule: "
                f"only major version {DLPACK_VERSION[0]} is understood"
            )
        tensor, deleter, readonly = (
            versioned.dl_tensor,
            versioned.deleter,
            bool(versioned.flags & FLAG_READ_ONLY),
        )
        used = _USED_NAME_VERSIONED
    elif _capsule_is_valid(capsule, _NAME.value):
        address = _capsule_get_pointer(capsule, _NAME.value)
        classic = DLManagedTensor.from_address(address)
        tensor, deleter, readonly = classic.dl_tensor, classic.deleter, False
        used = _USED_NAME
    elif any(_capsule_is_valid(capsule, n.value) for n in (_USED_NAME, _USED_NAME_VERSIONED)):
        raise BufferError("this DLPack capsule was already consumed")
    else:
        raise TypeError(f"not a DLPack capsule: a {type(capsule).__name__}")
    # everything that can fail comes before the rename: until then the producer still frees it
    dtype = numpy_dtype(tensor.dtype.code, tensor.dtype.bits, tensor.dtype.lanes)
    ndim = int(tensor.ndim)
    if ndim < 0:
        raise BufferError(f"malformed DLPack tensor: ndim {ndim}")
    if ndim and not tensor.shape:
        raise BufferError(f"malformed DLPack tensor: ndim {ndim} with no shape")
    shape = tuple(int(tensor.shape[i]) for i in range(ndim))
    if any(d < 0 for d in shape):
        raise BufferError(f"malformed DLPack tensor: shape {shape}")
    strides = (
        tuple(int(tensor.strides[i]) for i in range(ndim)) if tensor.strides else c_strides(shape)
    )
    if not tensor.data and 0 not in shape:
        raise BufferError(f"malformed DLPack tensor: shape {shape} and no data (a NULL pointer)")
    data = int(tensor.data or 0) + int(tensor.byte_offset)
    device = (int(tensor.device.device_type), int(tensor.device.device_id))
    _capsule_set_name(capsule, ctypes.addressof(used))
    owner = ImportedOwner(address, deleter)
    return Imported(data, shape, strides, dtype, device, readonly, owner)


class _HostMemory:
    """Imported host memory as numpy sees it; the arrays made from it keep ``owner`` alive."""

    def __init__(self, imported: Imported) -> None:
        self.owner = imported.owner
        itemsize = imported.dtype.itemsize
        self.__array_interface__ = {
            "version": 3,
            "shape": imported.shape,
            # unsigned ints of the same size (bf16 has no typestr), viewed as the dtype below
            "typestr": f"{'|' if itemsize == 1 else '<'}u{itemsize}",
            "data": (imported.data, imported.readonly),
            "strides": tuple(s * itemsize for s in imported.strides),
        }


def host_array(imported: Imported) -> np.ndarray[Any, Any]:
    """A numpy array over imported host memory (no copy), keeping the producer's tensor
    alive as long as the array (or a view of it) lives."""
    if imported.device[0] not in HOST_ACCESSIBLE:
        raise BufferError(f"DLPack device {imported.device} is not host memory")
    if 0 in imported.shape:
        return np.empty(imported.shape, dtype=imported.dtype)
    raw: np.ndarray[Any, Any] = np.asarray(_HostMemory(imported))
    return raw.view(imported.dtype)
