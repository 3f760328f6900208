# ruff: noqa: E501
# fmt: off
"""TC106 and tile-dtype: each launch argument against the kernel's host signature."""

from typing import Any

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float, n: Const[int], h: tl.f16) -> None:
    z.store(z.load() * a * n * h)


def tensors_and_partitions() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    copy(z.partition((64,)), x).sync()
    copy(z, x).sync()  # E: Parameter "z" of kernel "copy" is Mutable: pass a partition of the tensor (z.partition(tile_shape)), not the tensor ({TC106}) [tile-argument-kind]
    copy(z.partition((64,)), x.partition((64,))).sync()  # E: Parameter "x" of kernel "copy" is Shared (read-only): pass the tensor itself, not a partition of it ({TC106}) [tile-argument-kind]
    copy(z.partition((64,)), x.to_numpy()).sync()  # another framework's array: shared for the launch
    copy(x.to_numpy(), x).sync()  # E: Parameter "z" of kernel "copy" is Mutable: expected "Partition[f32]", got "ndarray[Any, Any]" ({TC106}) [tile-argument-kind]


class DeviceArray:  # another framework's array known by __cuda_array_interface__ alone (numba)
    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        return {}


def foreign_arrays(a: DeviceArray) -> None:
    z = tr.zeros((256,))
    copy(z.partition((64,)), a).sync()  # shared for the launch, as a numpy array is above
    copy(a, z).sync()  # E: Parameter "z" of kernel "copy" is Mutable: expected "Partition[f32]", got "DeviceArray" ({TC106}) [tile-argument-kind]


def tiles_are_not_tensors(t: tl.Tile[f32]) -> None:
    z = tr.zeros((256,))
    copy(z.partition((64,)), t).sync()  # E: Parameter "x" of kernel "copy" is Shared: expected "Tensor[f32]", got "Tile[f32]" ({TC106}) [tile-argument-kind]


def scalars(factor: float, ratio: np.float32) -> None:
    z, x = tr.zeros((256,)), tr.ones((256,))
    scale(z.partition((64,)), factor, 4, 0.5).sync()
    scale(z.partition((64,)), ratio, np.int64(4), 1).sync()
    scale(z.partition((64,)), x, 4, 0.5).sync()  # E: Parameter "a" of kernel "scale" is a scalar, not a tensor ({TC106}) [tile-argument-kind]
    scale(z.partition((64,)), 1.0, z.partition((64,)), 0.5).sync()  # E: Parameter "n" of kernel "scale" is a scalar, not a tensor ({TC106}) [tile-argument-kind]
    scale(z.partition((64,)), "fast", 4, 0.5).sync()  # E: Argument 2 to "scale" has incompatible type "str"; expected "float" [arg-type]
    scale(z.partition((64,)), 1.0, 2.5, 0.5).sync()  # E: Argument 3 to "scale" has incompatible type "float"; expected "int" [arg-type]


def dtypes() -> None:
    x16, z16 = tr.ones((256,), dtype=f16), tr.zeros((256,), dtype=f16)
    x32, z32 = tr.ones((256,)), tr.zeros((256,))
    copy(z32.partition((64,)), x32).sync()
    copy(z32.partition((64,)), x16).sync()  # E: Parameter "x" of kernel "copy" expects f32 elements, got "Tensor[f16]" (convert with an astype kernel or create it with dtype=f32) [tile-dtype]
    copy(z16.partition((64,)), x32).sync()  # E: Parameter "z" of kernel "copy" expects f32 elements, got "Partition[f16]" (convert with an astype kernel or create it with dtype=f32) [tile-dtype]
    copy(z32.partition((64,)), tr.from_numpy(np.zeros(256, dtype=np.float16))).sync()  # E: Parameter "x" of kernel "copy" expects f32 elements, got "Tensor[f16]" (convert with an astype kernel or create it with dtype=f32) [tile-dtype]
    copy(z32.partition((64,)), tr.zeros((256,), dtype="f16")).sync()  # E: Parameter "x" of kernel "copy" expects f32 elements, got "Tensor[f16]" (convert with an astype kernel or create it with dtype=f32) [tile-dtype]


def unknown_dtypes_pass(x: Tensor[Any], p: Any, name: str) -> None:
    z = tr.zeros((256,))
    copy(z.partition((64,)), x).sync()
    copy(p, tr.zeros((256,), dtype=name)).sync()
    copy(z.partition((64,)), tr.from_dlpack(p)).sync()
