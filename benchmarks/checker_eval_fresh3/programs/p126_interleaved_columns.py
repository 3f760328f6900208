import numpy as np
from llmhost.kernels import fill

import tilert as tr

pairs = tr.zeros((4, 32))
even = fill(pairs[:, ::2].partition((4, 16)), 1.0).submit()
odd = fill(pairs[:, 1::2].partition((4, 16)), -1.0).submit()
even.wait()
evens = pairs[:, ::2].to_numpy()
odd.wait()
assert np.allclose(evens, 1.0)
assert np.allclose(pairs.to_numpy().sum(), 0.0)
print("interleave ok")
