"""Element types. Each dtype is a class (``dtype=f32``), as in cuTile, so annotations read
``Tensor[f32]`` and the stubs can make tensors generic over them."""

from __future__ import annotations

from typing import ClassVar

import ml_dtypes
import numpy as np


class DTypeMeta(type):
    """Gives dtype classes a short repr (``f32``) and lets them sort and hash by name."""

    def __repr__(cls) -> str:
        return str(getattr(cls, "name", cls.__name__))


class DType(metaclass=DTypeMeta):
    """Base of every element type; never instantiated."""

    name: ClassVar[str] = "dtype"
    itemsize: ClassVar[int] = 0
    kind: ClassVar[str] = "?"  # "f" float, "i" signed, "u" unsigned, "b" bool
    # False for the 8-bit floats: cuTile has no arithmetic on them (astype first)
    arithmetic: ClassVar[bool] = True
    # why kernels cannot use it on the GPU tilert targets (the H100), or None when they can
    not_in_kernels: ClassVar[str | None] = None
    np_dtype: ClassVar[np.dtype[np.generic]] = np.dtype(np.float32)

    def __init__(self) -> None:  # pragma: no cover - defensive
        raise TypeError(f"{type(self).__name__} is a dtype class; pass it as dtype={self.name}")


class f16(DType):
    name = "f16"
    itemsize = 2
    kind = "f"
    np_dtype = np.dtype(np.float16)


class bf16(DType):
    name = "bf16"
    itemsize = 2
    kind = "f"
    np_dtype = np.dtype(ml_dtypes.bfloat16)


class f32(DType):
    name = "f32"
    itemsize = 4
    kind = "f"
    np_dtype = np.dtype(np.float32)


class f64(DType):
    name = "f64"
    itemsize = 8
    kind = "f"
    np_dtype = np.dtype(np.float64)


class i8(DType):
    name = "i8"
    itemsize = 1
    kind = "i"
    np_dtype = np.dtype(np.int8)


class i16(DType):
    name = "i16"
    itemsize = 2
    kind = "i"
    np_dtype = np.dtype(np.int16)


class i32(DType):
    name = "i32"
    itemsize = 4
    kind = "i"
    np_dtype = np.dtype(np.int32)


class i64(DType):
    name = "i64"
    itemsize = 8
    kind = "i"
    np_dtype = np.dtype(np.int64)


class u8(DType):
    name = "u8"
    itemsize = 1
    kind = "u"
    np_dtype = np.dtype(np.uint8)


class u16(DType):
    name = "u16"
    itemsize = 2
    kind = "u"
    np_dtype = np.dtype(np.uint16)


class u32(DType):
    name = "u32"
    itemsize = 4
    kind = "u"
    np_dtype = np.dtype(np.uint32)


class u64(DType):
    name = "u64"
    itemsize = 8
    kind = "u"
    np_dtype = np.dtype(np.uint64)


class f8e4m3fn(DType):
    """8-bit float (4 exponent bits, 3 mantissa, no infinities): a storage and matmul-input
    type. As in cuTile, tiles of it only load, store, convert (``astype``), reinterpret
    (``bitcast``), change shape and enter ``mma``; arithmetic needs an ``astype`` first."""

    name = "f8e4m3fn"
    itemsize = 1
    kind = "f"
    arithmetic = False
    np_dtype = np.dtype(ml_dtypes.float8_e4m3fn)


class f8e5m2(DType):
    """8-bit float (5 exponent bits, 2 mantissa): storage and matmul input, as ``f8e4m3fn``."""

    name = "f8e5m2"
    itemsize = 1
    kind = "f"
    arithmetic = False
    np_dtype = np.dtype(ml_dtypes.float8_e5m2)


class f8e8m0fnu(DType):
    """8-bit power-of-two scale (8 exponent bits, no sign or mantissa): the block scales of
    block-scaled matmul on sm_100 and later. The H100 has no use of it in kernels (its compiler
    refuses it), so tilert keeps it for tensors only: storage and DLPack exchange."""

    name = "f8e8m0fnu"
    itemsize = 1
    kind = "f"
    arithmetic = False
    not_in_kernels = (
        "the H100's compiler refuses f8e8m0fnu (cuTile has it from sm_100, with mma_scaled): "
        "tensors of it are for storage and exchange"
    )
    np_dtype = np.dtype(ml_dtypes.float8_e8m0fnu)


class bool_(DType):
    name = "bool_"
    itemsize = 1
    kind = "b"
    np_dtype = np.dtype(np.bool_)


ALL_DTYPES: tuple[type[DType], ...] = (
    f16,
    bf16,
    f32,
    f64,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    f8e4m3fn,
    f8e5m2,
    f8e8m0fnu,
    bool_,
)
BY_NAME: dict[str, type[DType]] = {d.name: d for d in ALL_DTYPES}
_BY_NUMPY: dict[np.dtype[np.generic], type[DType]] = {d.np_dtype: d for d in ALL_DTYPES}


def is_dtype(obj: object) -> bool:
    """True for a dtype class such as ``f32`` (not for numpy dtypes)."""
    return isinstance(obj, type) and issubclass(obj, DType) and obj is not DType


def from_numpy_dtype(dt: np.dtype[np.generic] | type[np.generic]) -> type[DType]:
    """The tilert dtype of a numpy dtype; TypeError names unsupported ones."""
    key = np.dtype(dt)
    try:
        return _BY_NUMPY[key]
    except KeyError:
        supported = ", ".join(d.name for d in ALL_DTYPES)
        raise TypeError(f"numpy dtype {key} has no tilert dtype (supported: {supported})") from None


def as_dtype(obj: object) -> type[DType]:
    """Accept a dtype class, its name, or a numpy dtype; return the dtype class."""
    if is_dtype(obj):
        assert isinstance(obj, type)
        return obj
    if isinstance(obj, str):
        if obj in BY_NAME:
            return BY_NAME[obj]
        if obj == "bool":
            return bool_
        return from_numpy_dtype(np.dtype(obj))
    if isinstance(obj, np.dtype) or (isinstance(obj, type) and issubclass(obj, np.generic)):
        return from_numpy_dtype(obj)
    raise TypeError(f"not a dtype: {obj!r} (use tilert.f32, tilert.f16, ...)")
