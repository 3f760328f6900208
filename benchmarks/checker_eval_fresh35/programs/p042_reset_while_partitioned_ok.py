import numpy as np
from tilekit import accumulate

import tilert as tr

acc = tr.zeros((4096,), name="acc")
updates = [tr.full((4096,), float(i)) for i in range(3)]

for i, u in enumerate(updates):
    if i == 0:
        acc.copy_from(np.zeros(4096, dtype=np.float32))
    accumulate(acc.partition((512,)), u).sync()
print(acc.to_numpy()[0])
