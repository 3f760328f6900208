"""SwiGLU with the library, trying to save memory by writing into the gate half."""

from __future__ import annotations

import tilert as tr
import tilert.kernels as tk

ROWS, N = 4, 64


def main() -> None:
    gate_up = tr.ones((ROWS, 2 * N), name="gate_up")
    tk.silu_and_mul(gate_up[:, :N], gate_up).sync()  # expect: TC101
    print(gate_up.to_numpy()[0, :2])


if __name__ == "__main__":
    main()
