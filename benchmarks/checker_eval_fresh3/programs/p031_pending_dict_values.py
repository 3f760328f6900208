import numpy as np
from llmhost.kernels import matvec

import tilert as tr

D = 64
x = tr.ones((D,))
weights = {name: tr.full((D, D), s) for name, s in [("q", 1.0), ("k", 2.0), ("v", 3.0)]}
outs = {name: tr.zeros((D,)) for name in weights}

pend = {name: matvec(outs[name].partition((16,)), w, x, 16).submit() for name, w in weights.items()}
for p in pend.values():
    p.wait()

for name, scale_ in [("q", 1.0), ("k", 2.0), ("v", 3.0)]:
    assert np.allclose(outs[name].to_numpy(), D * scale_)
print("qkv ok")
