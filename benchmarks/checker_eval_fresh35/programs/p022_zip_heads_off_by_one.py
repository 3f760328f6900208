import numpy as np
from tilekit import scale

import tilert as tr

heads = 4
head_dim = 256
q = tr.from_numpy(np.random.default_rng(9).standard_normal(heads * head_dim).astype(np.float32))
q_scaled = tr.empty((heads, head_dim))
q_heads = q.reshape(heads, head_dim)


def scale_heads():
    ops = []
    for h in range(heads):
        op = scale(q_scaled[h].partition((128,)), q_heads[h], head_dim**-0.5)  # expect: TC105
        ops.append(op)
    tr.zip(*ops[: heads - 1]).sync()


scale_heads()  # expect-also: TC105
print(q_scaled.to_numpy()[:, 0])
