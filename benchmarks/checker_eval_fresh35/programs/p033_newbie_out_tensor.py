import numpy as np
from tilekit import scale

import tilert as tr

x = tr.from_numpy(np.array([1, 2, 3, 4, 5, 6, 7, 8], dtype=np.float32))
y = tr.empty((8,))
scale(y, x, 2.0).sync()  # expect: TC106
print(y.to_numpy())
