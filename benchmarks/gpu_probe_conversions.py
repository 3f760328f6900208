"""What the GPU gives for float-to-integer conversions out of the target's range (NaN, inf,
negative to unsigned, too large), next to the interpreter's answer for the same kernel: the
interpreter is the reference, so where they differ one of them must change. A diagnostic:

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_conversions.py"""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, backends, f32, i8, i32, u8
from tilert.interpret.elementwise import convert

VALUES = np.array([-1.5, 300.7, np.nan, np.inf, -np.inf, 3e9, -3e9, 254.9], np.float32)


@tr.kernel
def to_u8(z: Mutable[Tensor[u8]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u8))


@tr.kernel
def to_i8(z: Mutable[Tensor[i8]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i8))


@tr.kernel
def to_i32(z: Mutable[Tensor[i32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i32))


@tr.kernel
def u8_above_minus_one(z: Mutable[Tensor[u8]], x: Shared[Tensor[u8]]) -> None:
    z.store(tl.where(tl.load_tile_like(x, z) > -1, 1, 0))


@tr.kernel
def i8_plus_300(z: Mutable[Tensor[i32]], x: Shared[Tensor[i8]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z) + 300, tl.i32))


def literals() -> dict[str, str]:
    """Python int literals that do not fit the tile's dtype (both backends refuse them)."""
    out = {}
    z, w = tr.zeros((4,), dtype=u8), tr.zeros((4,), dtype=i32)
    for name, op in (
        ("u8 > -1", lambda: u8_above_minus_one(z.partition((4,)), tr.zeros((4,), dtype=u8))),
        ("i8 + 300", lambda: i8_plus_300(w.partition((4,)), tr.zeros((4,), dtype=i8))),
    ):
        try:
            op().sync()
            out[name] = f"ran: {z.to_numpy().tolist()} {w.to_numpy().tolist()}"
        except tr.KernelError as exc:
            first = str(exc).splitlines()[0].split(" (generated source")[0]
            out[name] = f"KernelError: ...{first[-70:]}"
    return out


def run() -> dict[str, list[int]]:
    """The f32 inputs converted by kernels on the current backend."""
    x = tr.from_numpy(VALUES)
    out = {}
    for name, kernel, dtype in (("u8", to_u8, u8), ("i8", to_i8, i8), ("i32", to_i32, i32)):
        z = tr.zeros((len(VALUES),), dtype=dtype)
        kernel(z.partition((len(VALUES),)), x).sync()
        out[name] = [int(v) for v in z.to_numpy()]
    return out


def reference() -> dict[str, list[int]]:
    """The interpreter's conversion of the same values (what its kernels compute)."""
    return {
        name: [int(v) for v in convert(VALUES, f32, dtype)]
        for name, dtype in (("u8", u8), ("i8", i8), ("i32", i32))
    }


def main() -> None:
    print("inputs:", VALUES.tolist())
    for backend, rows in ((backends.current().name, run()), ("reference", reference())):
        for name, row in rows.items():
            print(f"{backend:10s} f32 -> {name:4s} {row}")
    for name, outcome in literals().items():
        print(f"{backends.current().name:10s} {name:9s} {outcome}")


if __name__ == "__main__":
    main()
