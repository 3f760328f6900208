import numpy as np
from llmfjord import axpy

import tilert as tr

N_HEADS = 4
HEAD = 1024

heads = [tr.zeros((HEAD,), name=f"head{h}") for h in range(N_HEADS)]
bias = tr.from_numpy(np.linspace(0, 1, HEAD, dtype=np.float32))

for _ in range(2):
    parts = [h.partition((256,)) for h in heads]
    for part in parts:
        axpy(part, bias, 1.0).sync()
print([float(h.to_numpy()[-1]) for h in heads])
