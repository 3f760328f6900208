import numpy as np
from llmhost.ops import accumulate, launch_add, snapshot, start_copy, start_scale

import tilert as tr

x = tr.arange(64)
a, b, c = tr.zeros((64,)), tr.zeros((64,)), tr.zeros((64,))
pa = start_copy(a, x)
pb = start_scale(b, x, 2.0)
pa.wait()
pb.wait()
launch_add(c, a, b).sync()
accumulate(c, x)
logged = snapshot(c)
assert np.allclose(logged, 4 * np.arange(64))
print("package helpers ok")
