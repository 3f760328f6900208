"""Resetting the output buffer from the host with copy_from while the op writing it is still
in flight."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import silu

import tilert as tr


def main() -> None:
    out = tr.empty((256,), name="out")
    pending = silu(out.partition((64,)), tr.ones((256,))).submit()
    out.copy_from(np.zeros(256, dtype=np.float32))  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
