"""Logits processing and greedy sampling, functional style: temperature scaling, softmax for
the reported probability, argmax for the token."""

import numpy as np
from infercore import scale

import tilert as tr
import tilert.kernels as tk


def sample(logits: tr.Tensor, temperature: float) -> tuple[list[int], list[float]]:
    batch, vocab = logits.shape
    scaled = tr.empty((batch, vocab), name="scaled")
    probs = tr.empty((batch, vocab), name="probs")
    ids = tr.empty((batch,), dtype=tr.i64, name="ids")
    scale(scaled.partition((1, vocab)), logits, 1.0 / temperature).sync()
    soft = tk.softmax(probs, scaled).submit()
    pick = tk.argmax(ids, scaled).submit()
    chosen = ids.to_numpy().tolist()  # expect: TC102
    pick.wait()
    soft.wait()
    p = probs.to_numpy()
    return chosen, [float(p[row, tok]) for row, tok in enumerate(chosen)]


logits = tr.from_numpy(np.random.default_rng(5).standard_normal((4, 128)).astype(np.float32))
tokens, confidences = sample(logits, temperature=0.7)  # expect-also: TC102
print(tokens, [round(c, 3) for c in confidences])
