import numpy as np
from tilekit import accumulate

import tilert as tr

acc = tr.zeros((4096,), name="acc")
acc_tiles = acc.partition((512,))
updates = [tr.full((4096,), float(i)) for i in range(3)]

for i, u in enumerate(updates):
    if i == 0:
        acc.copy_from(np.zeros(4096, dtype=np.float32))  # expect: TC104
    accumulate(acc_tiles, u).sync()
    acc_tiles = acc.partition((512,))
print(acc.to_numpy()[0])
