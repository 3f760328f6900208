import numpy as np
from llmhost.kernels import fill

import tilert as tr

kv = tr.zeros((2, 8, 16), name="kv")
p0 = fill(kv[0].partition((8, 16)), 1.0).submit()
p1 = fill(kv[1].partition((8, 16)), 2.0).submit()
p0.wait()
print("cache checksum", np.sum(kv.to_numpy()))  # expect: TC102
p1.wait()
