import numpy as np
from llmhost.kernels import matvec

import tilert as tr

D = 64
w = tr.ones((D, D))
x = tr.ones((D,))
y = tr.zeros((D,))

ms = tr.testing.do_bench(lambda: matvec(y.partition((16,)), w, x, 16), warmup=1, rep=5)
assert ms > 0
assert np.allclose(y.to_numpy(), D)
print(f"matvec {ms:.3f} ms")
