import numpy as np
from llmhost.kernels import scale

import tilert as tr

prompt_batches = [np.full(64, float(i), dtype=np.float32) for i in range(3)]
tokens = tr.zeros((64,), name="tokens")
outs = [tr.zeros((64,)) for _ in prompt_batches]
pending = []
for i, batch in enumerate(prompt_batches):
    tokens.copy_from(batch)  # expect: TC103
    pending.append(scale(outs[i].partition((16,)), tokens, 2.0).submit())
for p in pending:
    p.wait()
