"""An evaluation script computing per-row class probabilities: the classifier head and the
softmax are chained, but the chain is assigned and never run before the accuracy is computed."""

import logging

import numpy as np

import tilert as tr
import tilert.kernels as tk


def evaluate(features: np.ndarray, labels: np.ndarray, head_w: tr.Tensor) -> float:
    x = tr.from_numpy(features)
    logits = tr.empty((features.shape[0], head_w.shape[0]))
    probs = tr.empty(logits.shape)
    step = tk.linear(logits, x, head_w).then(lambda *_: tk.softmax(probs, logits))  # expect: TC105
    logging.debug("built eval step %s", step.label)
    return float((probs.to_numpy().argmax(axis=1) == labels).mean())


rng = np.random.default_rng(35)
head = tr.from_numpy(rng.standard_normal((8, 32)).astype(np.float32))
acc = evaluate(
    rng.standard_normal((16, 32)).astype(np.float32), rng.integers(0, 8, 16), head
)  # expect-also: TC105
print(f"accuracy {acc:.2f}")
