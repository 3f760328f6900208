import numpy as np
from hostkit import add

import tilert as tr

n = 1024
signal = tr.from_numpy(np.arange(n + 128, dtype=np.float32))
zeros = tr.zeros((n,))

# shift the signal left by one tile, in place
add(signal[0:n].partition((128,)), signal[128 : n + 128], zeros).sync()  # expect: TC101
print(signal.to_numpy()[:4])
