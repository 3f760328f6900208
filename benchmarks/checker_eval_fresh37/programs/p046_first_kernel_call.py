# my first tilert script: add two vectors
import numpy as np
from hostkit import add

import tilert as tr

a = tr.from_numpy(np.array([1, 2, 3, 4] * 64, dtype=np.float32))
b = tr.from_numpy(np.array([10, 20, 30, 40] * 64, dtype=np.float32))
c = tr.zeros((256,))

add(c, a, b).sync()  # expect: TC106
print(c.to_numpy()[:4])
