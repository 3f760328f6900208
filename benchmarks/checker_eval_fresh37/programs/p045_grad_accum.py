import numpy as np
from hostkit import accumulate

import tilert as tr

PARAMS = 4096
MICRO_BATCHES = 4
rng = np.random.default_rng(11)

grad_acc = tr.zeros((PARAMS,), name="grad_acc")
micro_grads = [
    tr.from_numpy(rng.standard_normal(PARAMS).astype(np.float32)) for _ in range(MICRO_BATCHES)
]

pending = []
for g in micro_grads:
    if pending:
        pending[-1].wait()
    pending.append(accumulate(grad_acc.partition((512,)), g).submit())

grad_norm = np.linalg.norm(grad_acc.to_numpy())  # expect: TC102
pending[-1].wait()
print("grad norm", grad_norm)
