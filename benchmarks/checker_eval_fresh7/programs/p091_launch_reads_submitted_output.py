"""Dependent submits without waits in between: the gate reads the up-projection's output while
that launch is submitted and unwaited (stream order), then both are waited."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

x = tr.arange(64)
up, act, out = (tr.zeros((64,), name=n) for n in ("up", "act", "out"))
p_up = K.scale(up.partition((16,)), x, 0.1).submit()
p_act = K.silu(act.partition((16,)), up).submit()
p_out = K.mul(out.partition((16,)), act, up).submit()
for p in (p_out, p_act, p_up):
    p.wait()
u = 0.1 * np.arange(64)
assert np.allclose(out.to_numpy(), u / (1 + np.exp(-u)) * u, atol=1e-5)
print("ffn ok")
