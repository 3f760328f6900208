import numpy as np
from llmquay import scale

import tilert as tr

D = 512
x = tr.from_numpy(np.random.default_rng(0).random(D, dtype=np.float32))
q = tr.empty((D,), name="q")
k = tr.empty((D,), name="k")

pending = tr.zip(scale(q.partition((128,)), x, 1.0), scale(k.partition((128,)), x, -1.0)).submit()
print("q.k =", float(q.to_numpy() @ k.to_numpy()))  # expect: TC102
pending.wait()
