"""Dependent submits in stream order, as CUDA users write them: the second op reads what the
first (still unwaited) writes; both are waited before the host reads."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy, silu

import tilert as tr


def main() -> None:
    x = tr.ones((512,), name="x")
    act = tr.zeros((512,), name="act")
    out = tr.zeros((512,), name="out")
    first = silu(act.partition((128,)), x).submit()
    second = copy(out.partition((128,)), act).submit()
    first.wait()
    second.wait()
    np.testing.assert_allclose(out.to_numpy(), 1.0 / (1.0 + np.exp(-1.0)), rtol=1e-6)
    print("out:", out.to_numpy()[0])


if __name__ == "__main__":
    main()
