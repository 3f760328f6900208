"""A SwiGLU-style gating written into the gate half of its own gate_up buffer."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

gate_up = H.upload(np.linspace(-1, 1, 64))
gate, up = gate_up[:32], gate_up[32:]
K.mul(H.tiles(gate), gate, up).sync()  # expect: TC101
