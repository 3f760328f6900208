"""Gate and up projections written into the two column halves of one buffer at once."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

ROWS, HALF = 4, 64


def main() -> None:
    gate_up = tr.zeros((ROWS, 2 * HALF), name="gate_up")
    gate, up = gate_up[:, :HALF], gate_up[:, HALF:]
    p_gate = fill(gate.partition((ROWS, HALF)), 1.0).submit()
    p_up = fill(up.partition((ROWS, HALF)), 2.0).submit()
    p_up.wait()
    up_sum = float(up.to_numpy().sum())
    p_gate.wait()
    arr = gate_up.to_numpy()
    np.testing.assert_allclose(arr[:, :HALF], 1.0)
    assert up_sum == 2.0 * ROWS * HALF
    print(arr.sum())


if __name__ == "__main__":
    main()
