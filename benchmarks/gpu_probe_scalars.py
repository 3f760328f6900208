"""How cuTile types a kernel's scalar arguments on the GPU (the interpreter must type them the
same way, or a tile op mixing a scalar parameter promotes differently): the constraints
``ct.launch`` derives from Python ints, floats and bools of several sizes, and whether a u8
tile plus an int parameter compiles. Prints one JSON object; run on the device:
``python3 benchmarks/gpu_probe_scalars.py``."""

from __future__ import annotations

import json

import cuda.tile as ct
import numpy as np
import torch
from cuda.tile import _cext


@ct.kernel
def four(a, b, c, d, e):  # type: ignore[no-untyped-def]
    pass


@ct.kernel
def u8_plus(z, n):  # type: ignore[no-untyped-def]
    t = ct.load(z, index=(0,), shape=(8,))
    ct.store(z, index=(0,), tile=t + n)


def main() -> None:
    convention = ct.compilation.CallingConvention.cutile_python_v1()
    found: dict[str, object] = {}
    for label, args in {
        "small ints, float, bool": (3, -5, 1.5, True, 0),
        "ints past 32 bits": (2**31, 2**40, -(2**40), 2**63, 0),
        "numpy scalars": (np.int8(3), np.uint32(7), np.float16(1.5), np.int64(2), np.float64(2.0)),
    }.items():
        try:
            constraints = _cext.get_parameter_constraints_from_pyargs(four, args, convention)
            found[label] = [repr(c) for c in constraints]
        except Exception as exc:  # the probe reports whatever happens
            found[label] = f"{type(exc).__name__}: {exc}"
    z = torch.zeros(8, dtype=torch.uint8, device="cuda")
    stream = torch.cuda.current_stream().cuda_stream
    try:
        ct.launch(stream, (1,), u8_plus, (z, 3))
        torch.cuda.synchronize()
        found["u8 tile + int parameter"] = f"compiles: {z.tolist()}"
    except Exception as exc:
        found["u8 tile + int parameter"] = f"{type(exc).__name__}: {exc}"
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
