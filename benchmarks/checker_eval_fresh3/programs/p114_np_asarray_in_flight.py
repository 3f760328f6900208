import numpy as np
from llmhost.kernels import relu

import tilert as tr


def activations(x: tr.Tensor) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape)
    return out, relu(out.partition((16,)), x).submit()


act, pending = activations(tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32)))
frac_active = float(np.mean(np.asarray(act) > 0))  # expect: TC102
pending.wait()
print(frac_active)
