"""Token shift (RWKV-style): x[t] = x[t] + x[t-1], in place on a sequence buffer with one slot
of left padding."""

import numpy as np
from llmfjord import add

import tilert as tr

SEQ = 2048
padded = tr.from_numpy(np.concatenate([[0.0], np.arange(SEQ)]).astype(np.float32))
zero = tr.zeros((SEQ,))

current = padded[1:]
previous = padded[:-1]
add(current.partition((256,)), previous, zero).sync()  # expect: TC101
print(padded.to_numpy()[:4])
