import numpy as np

import tilert as tr
import tilert.kernels as tk


def sample_greedy(logits_np):
    logits = tr.from_numpy(logits_np)
    probs = tr.empty(logits.shape)
    best = tr.empty((logits.shape[0],), dtype=tr.i32)
    p_soft = tk.softmax(probs, logits).submit()
    p_arg = tk.argmax(best, logits).submit()
    p_soft.wait()
    p_arg.wait()
    top_p = probs.to_numpy().max(axis=1)
    return best.to_numpy(), top_p


scores = np.random.default_rng(2).standard_normal((4, 100)).astype(np.float32)
tokens, conf = sample_greedy(scores)
print(tokens, conf)
