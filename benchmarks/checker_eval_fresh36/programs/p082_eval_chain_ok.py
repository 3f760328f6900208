"""An evaluation script computing per-row class probabilities: the classifier head and the
softmax are chained and synced before the accuracy is computed."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def evaluate(features: np.ndarray, labels: np.ndarray, head_w: tr.Tensor) -> float:
    x = tr.from_numpy(features)
    logits = tr.empty((features.shape[0], head_w.shape[0]))
    probs = tr.empty(logits.shape)
    tk.linear(logits, x, head_w).then(lambda *_: tk.softmax(probs, logits)).sync()
    return float((probs.to_numpy().argmax(axis=1) == labels).mean())


rng = np.random.default_rng(35)
head = tr.from_numpy(rng.standard_normal((8, 32)).astype(np.float32))
acc = evaluate(rng.standard_normal((16, 32)).astype(np.float32), rng.integers(0, 8, 16), head)
print(f"accuracy {acc:.2f}")
