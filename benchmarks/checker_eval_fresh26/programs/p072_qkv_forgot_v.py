import numpy as np
from llmfjord import copy, scale

import tilert as tr

D = 1024
x = tr.from_numpy(np.random.default_rng(0).standard_normal(D).astype(np.float32))
q, k, v = (tr.empty((D,), name=n) for n in ("q", "k", "v"))

q_p, k_p, v_p = (t.partition((256,)) for t in (q, k, v))
scale(q_p, x, D**-0.5).sync()
copy(k_p, x).sync()
# v is the identity projection in this toy model
print("v[0] =", v.to_numpy()[0])  # expect: TC104
