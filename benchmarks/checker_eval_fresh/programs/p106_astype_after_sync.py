"""Quantise-style conversions after the op: astype to f16 and a copy_from into a new buffer,
both after the producing op completed."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    h = tr.zeros((256,), name="h")
    pending = axpy(h.partition((64,)), tr.ones((256,)), 1.5).submit()
    pending.wait()
    half = h.astype(tr.f16)
    backup = tr.empty((256,), name="backup").copy_from(h)
    assert half.to_numpy()[0] == np.float16(1.5)
    assert backup.to_numpy()[0] == 1.5
    print("converted:", half.to_numpy()[0])


if __name__ == "__main__":
    main()
