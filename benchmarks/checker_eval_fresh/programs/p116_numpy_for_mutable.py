"""A numpy array passed directly as the kernel's output (foreign arrays are accepted for Shared
inputs only; outputs are partitions)."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    host_out = np.zeros(256, dtype=np.float32)
    src = tr.ones((256,))
    copy(host_out, src).sync()  # expect: TC106
    print(host_out[0])


if __name__ == "__main__":
    main()
