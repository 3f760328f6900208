"""Top-k sampling with the device doing the temperature softmax and the host doing the top-k
draw (numpy), as many small serving stacks split it."""

import numpy as np
from infercore import scale

import tilert as tr
import tilert.kernels as tk


def sample_top_k(
    logits: tr.Tensor, k: int, temperature: float, rng: np.random.Generator
) -> list[int]:
    rows, vocab = logits.shape
    scaled = tr.empty((rows, vocab))
    probs = tr.empty((rows, vocab))
    scale(scaled.partition((1, vocab)), logits, 1.0 / temperature).sync()
    pending = tk.softmax(probs, scaled).submit()
    p = np.asarray(probs)  # expect: TC102
    pending.wait()
    picks = []
    for row in p:
        top = np.argpartition(row, -k)[-k:]
        weights = row[top] / row[top].sum()
        picks.append(int(rng.choice(top, p=weights)))
    return picks


gen = np.random.default_rng(46)
logits = tr.from_numpy(gen.standard_normal((3, 64)).astype(np.float32))
print(sample_top_k(logits, k=5, temperature=0.9, rng=gen))  # expect-also: TC102
