import numpy as np
from llmhost.kernels import copy, matvec

import tilert as tr

D = 64
w = tr.from_numpy(np.eye(D, dtype=np.float32))
w_next = tr.from_numpy(2 * np.eye(D, dtype=np.float32))
x = tr.ones((D,))
y = tr.zeros((D,))

serving = matvec(y.partition((16,)), w, x, 16).submit()
# a new checkpoint arrived: load it into the live weights
copy(w.partition((16, D)), w_next).sync()  # expect: TC103
serving.wait()
