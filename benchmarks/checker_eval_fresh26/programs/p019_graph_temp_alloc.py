import numpy as np
from llmfjord import add, gelu_tanh

import tilert as tr

D = 2048


def mlp(out: tr.Tensor, x: tr.Tensor, record) -> None:
    tmp = tr.empty(x.shape, name="mlp_tmp")  # expect: TC111
    record(gelu_tanh(tmp.partition((512,)), x))
    record(add(out.partition((512,)), tmp, x))


x = tr.from_numpy(np.random.default_rng(3).standard_normal(D).astype(np.float32))
y = tr.empty((D,))

mlp(y, x, lambda op: op.sync())  # warm-up, eager

with tr.graph() as g:
    mlp(y, x, g.record)  # expect-also: TC111
g.launch().wait()
g.close()
print(y.to_numpy()[:4])
