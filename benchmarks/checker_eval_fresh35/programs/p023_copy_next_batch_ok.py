import numpy as np
from tilekit import scale

import tilert as tr

BATCH = 1024
loader = (np.full(BATCH, i, dtype=np.float32) for i in range(5))

inp = tr.empty((BATCH,), name="inp")
out = tr.empty((BATCH,), name="out")
inp.copy_from(next(loader))
job = scale(out.partition((256,)), inp, 0.5).submit()

for batch in loader:
    job.wait()
    inp.copy_from(batch)
    print(out.to_numpy()[0])
    job = scale(out.partition((256,)), inp, 0.5).submit()
job.wait()
print(out.to_numpy()[0])
