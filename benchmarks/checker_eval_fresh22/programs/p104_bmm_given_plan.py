"""Per-head attention scores with tk.bmm; the helper partitions the output 'for the kernel'."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def head_scores(q: tr.Tensor, kt: tr.Tensor) -> tr.Tensor:
    heads, m, _ = q.shape
    scores = tr.zeros((heads, m, kt.shape[2]), name="scores")
    tk.bmm(scores.partition((1, m, kt.shape[2])), q, kt).sync()  # expect: TC106
    return scores


rng = np.random.default_rng(1)
q = tr.from_numpy(rng.standard_normal((2, 4, 8)).astype(np.float32))
kt = tr.from_numpy(rng.standard_normal((2, 8, 4)).astype(np.float32))
print(head_scores(q, kt).to_numpy().shape)  # expect-also
