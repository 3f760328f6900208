import numpy as np
from hostkit import copy

import tilert as tr

LAYERS, SEQ = 4, 512
cache = tr.zeros((LAYERS, SEQ), name="cache")
update = tr.from_numpy(np.arange(SEQ, dtype=np.float32))

layer2 = cache[2].partition((128,))
print("layer 0 before:", cache[0].to_numpy()[:3])
print("layer 2 before:", cache[2].to_numpy()[:3])  # expect: TC104
copy(layer2, update).sync()
