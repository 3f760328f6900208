import numpy as np
from llmhost.kernels import matvec

import tilert as tr

D = 64
weights = {"w1": tr.from_numpy(np.eye(D, dtype=np.float32)), "w2": tr.ones((D, D))}
x = tr.ones((D,))
h = tr.zeros((D,))
p = matvec(h.partition((16,)), weights["w1"], x, 16).submit()
new_w1 = np.eye(D, dtype=np.float32) * 2
weights["w1"].copy_from(new_w1)  # expect: TC103
p.wait()
