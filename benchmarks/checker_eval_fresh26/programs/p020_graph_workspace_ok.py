import numpy as np
from llmfjord import add, gelu_tanh

import tilert as tr

D = 2048


def mlp(out: tr.Tensor, x: tr.Tensor, tmp: tr.Tensor, record) -> None:
    record(gelu_tanh(tmp.partition((512,)), x))
    record(add(out.partition((512,)), tmp, x))


x = tr.from_numpy(np.random.default_rng(3).standard_normal(D).astype(np.float32))
y = tr.empty((D,))
workspace = tr.empty(x.shape, name="mlp_tmp")  # allocated once, outside the capture

mlp(y, x, workspace, lambda op: op.sync())  # warm-up, eager

with tr.graph() as g:
    mlp(y, x, workspace, g.record)
g.launch().wait()
g.close()
print(y.to_numpy()[:4])
