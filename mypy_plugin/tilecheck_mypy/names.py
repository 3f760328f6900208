"""The fully qualified names the plugin hooks into: where the stubs define each object."""

from __future__ import annotations

from typing import Final

KERNEL_CALL: Final = "tilert.kernel.Kernel.__call__"
OP: Final = "tilert.ops.Op"
TENSOR: Final = "tilert.tensor.Tensor"
PARTITION: Final = "tilert.tensor.Partition"
MUTABLE: Final = "tilert.annotations.Mutable"
SHARED: Final = "tilert.annotations.Shared"
SHARED_BASE: Final = "tilert.annotations._SharedParameter"  # the base class hook's trigger
SHARED_STORE: Final = SHARED + ".store"
SHARED_SETITEM: Final = SHARED + ".__setitem__"
UNSAFE_WRITES: Final = frozenset({"tilert.lang.unsafe.store", "tilert.lang.unsafe.atomic_add"})
DTYPE_BASE: Final = "tilert.dtypes.DType"
DTYPES_MODULE: Final = "tilert.dtypes"

# The creation functions whose ``dtype`` argument the plugin reads.
CREATION_FUNCTIONS: Final = frozenset(
    f"tilert.tensor.{name}" for name in ("empty", "zeros", "ones", "full", "arange")
)

# dtype classes by kind: what Python scalar a dtype-annotated kernel parameter takes.
FLOAT_DTYPES: Final = frozenset({"f16", "bf16", "f32", "f64"})
INT_DTYPES: Final = frozenset({"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"})
BOOL_DTYPES: Final = frozenset({"bool_"})

# numpy and ml_dtypes spellings of tilert's dtypes (``dtype=np.float16``, ``dtype="int32"``).
NUMPY_DTYPE_NAMES: Final = {
    "float16": "f16",
    "half": "f16",
    "bfloat16": "bf16",
    "float32": "f32",
    "single": "f32",
    "float64": "f64",
    "double": "f64",
    "int8": "i8",
    "int16": "i16",
    "int32": "i32",
    "int64": "i64",
    "uint8": "u8",
    "uint16": "u16",
    "uint32": "u32",
    "uint64": "u64",
    "float8_e4m3fn": "f8e4m3fn",
    "float8_e5m2": "f8e5m2",
    "float8_e8m0fnu": "f8e8m0fnu",
    "bool": "bool_",
    "bool_": "bool_",
}
DTYPE_MODULES: Final = ("numpy", "ml_dtypes")
