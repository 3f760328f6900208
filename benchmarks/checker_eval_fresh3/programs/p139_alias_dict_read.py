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
relu(mlp_out.partition((16,)), x).sync()
for name, t in debug_taps.items():
    print(name, float(np.abs(t.to_numpy()).max()))  # expect: TC102
p_attn.wait()
