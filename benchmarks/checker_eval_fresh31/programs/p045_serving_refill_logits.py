"""A sampling loop: the softmax of step t is submitted, then the next logits are copied in."""

import numpy as np
from llmforge import copy

import tilert as tr
import tilert.kernels as tk

VOCAB, STEPS = 256, 4


def main() -> None:
    rng = np.random.default_rng(12)
    logits = tr.empty((1, VOCAB), name="logits")
    probs = tr.empty((1, VOCAB), name="probs")
    pending = None
    chosen = []
    for _ in range(STEPS):
        step_logits = tr.from_numpy(rng.standard_normal((1, VOCAB)).astype(np.float32))
        copy(logits.partition((1, VOCAB)), step_logits).sync()  # expect: TC103
        if pending is not None:
            pending.wait()
            chosen.append(int(probs.to_numpy().argmax()))
        pending = tk.softmax(probs, logits).submit()
    pending.wait()
    chosen.append(int(probs.to_numpy().argmax()))
    print("sampled:", chosen)


main()
