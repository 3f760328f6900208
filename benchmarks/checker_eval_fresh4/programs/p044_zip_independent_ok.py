import numpy as np
from llmrun.kernels import copy, scale

import tilert as tr

x = tr.ones((64,))
y = tr.zeros((64,))
w = tr.full((64,), 3.0)
tr.zip(copy(y.partition((16,)), x), scale(w.partition((16,)), 2.0)).sync()
# the dependent one goes in a chain
copy(y.partition((16,)), w).then(lambda *_: scale(x.partition((16,)), 2.0)).sync()
assert np.all(y.to_numpy() == 6.0) and np.all(x.to_numpy() == 2.0)
