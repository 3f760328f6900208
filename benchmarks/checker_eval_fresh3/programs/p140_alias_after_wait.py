import numpy as np
from llmhost.kernels import matvec, relu

import tilert as tr

D = 64
x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
w = tr.from_numpy(np.eye(D, dtype=np.float32))
attn_out = tr.zeros((D,))
mlp_out = tr.zeros((D,))
debug_taps = {"attn": attn_out, "mlp": mlp_out}

p_attn = matvec(attn_out.partition((16,)), w, x, 16).submit()
p_mlp = relu(mlp_out.partition((16,)), x).submit()
for p in (p_mlp, p_attn):
    p.wait()
peaks = {name: float(np.abs(t.to_numpy()).max()) for name, t in debug_taps.items()}
assert peaks == {"attn": 1.0, "mlp": 1.0}, peaks
print(peaks)
