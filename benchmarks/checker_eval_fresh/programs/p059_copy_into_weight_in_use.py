"""A weight update (copy_from) lands while a submitted op is still reading the weight."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    weight = tr.ones((256,), name="weight")
    out = tr.zeros((256,), name="out")
    pending = axpy(out.partition((64,)), weight, 1.0).submit()
    weight.copy_from(np.full(256, 2.0, dtype=np.float32))  # expect: TC103
    pending.wait()


if __name__ == "__main__":
    main()
