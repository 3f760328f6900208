"""tk.silu_and_mul writing into the gate half of its own gate_up input, to save a buffer."""

import numpy as np
from llmanvil.host import upload

import tilert.kernels as tk

ROWS, N = 2, 16
gate_up = upload(np.linspace(-1, 1, ROWS * 2 * N)).reshape(ROWS, 2 * N)
tk.silu_and_mul(gate_up[:, :N], gate_up).sync()  # expect: TC101
