import numpy as np
from tilekit import add

import tilert as tr

batches = [np.full(512, i, dtype=np.float32) for i in range(6)]
bias = tr.ones((512,))
ins = [tr.from_numpy(b) for b in batches]
outs = [tr.empty((512,)) for _ in batches]

prev = None
for i in range(len(batches)):
    pend = add(outs[i].partition((128,)), ins[i], bias).submit()
    if prev is not None:
        prev.wait()
    print(f"batch {i}: {outs[i].to_numpy()[0]}")  # expect: TC102
    prev = pend
prev.wait()
