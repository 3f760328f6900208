"""A sampler that builds the softmax op before checking the sampling mode; the greedy path
returns without running it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, VOCAB = 2, 256


def sample(logits: tr.Tensor, probs: tr.Tensor, tokens: tr.Tensor, greedy: bool) -> np.ndarray:
    softmax_op = tk.softmax(probs, logits)  # expect: TC105
    if greedy:
        tk.argmax(tokens, logits).sync()
        return tokens.to_numpy()
    softmax_op.sync()
    p = probs.to_numpy()
    rng = np.random.default_rng(0)
    return np.array([rng.choice(VOCAB, p=row / row.sum()) for row in p], dtype=np.int32)


rng = np.random.default_rng(8)
logits = tr.from_numpy(rng.standard_normal((BATCH, VOCAB)).astype(np.float32), name="logits")
probs = tr.empty((BATCH, VOCAB), name="probs")
tokens = tr.zeros((BATCH,), dtype=tr.i32, name="tokens")
print(sample(logits, probs, tokens, greedy=True))  # expect-also: TC105
