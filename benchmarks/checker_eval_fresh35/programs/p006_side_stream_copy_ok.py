import numpy as np
from tilekit import copy, scale

import tilert as tr

n = 1 << 14
params = tr.from_numpy(np.random.default_rng(3).standard_normal(n).astype(np.float32))
ema = tr.zeros((n,))
grads = tr.ones((n,))
tmp = tr.empty((n,))

copy_stream = tr.Stream()
with copy_stream:
    snap = copy(ema.partition((1024,)), params).submit()
done = copy_stream.record()

# meanwhile, on the default stream
scale(tmp.partition((1024,)), grads, 0.1).sync()

tr.current_stream().wait_event(done)
snap.wait()
print("ema head", ema.to_numpy()[:4])
