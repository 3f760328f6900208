import numpy as np

import tilert as tr
import tilert.kernels as tk


def evaluate(batches: list[np.ndarray], labels: list[np.ndarray], w: tr.Tensor) -> float:
    correct = total = 0
    for xb, yb in zip(batches, labels, strict=True):
        x = tr.from_numpy(xb)
        logits = tr.empty((xb.shape[0], w.shape[0]))
        preds = tr.empty((xb.shape[0],), dtype=tr.i32)
        tk.linear(logits, x, w).sync()
        pend = tk.argmax(preds, logits).submit()
        pend.wait()
        correct += int((preds.to_numpy() == yb).sum())
        total += len(yb)
    return correct / total


rng = np.random.default_rng(3)
w = tr.from_numpy(rng.standard_normal((10, 32)).astype(np.float32))
xs = [rng.standard_normal((16, 32)).astype(np.float32) for _ in range(3)]
ys = [rng.integers(0, 10, 16).astype(np.int32) for _ in range(3)]
print("accuracy", evaluate(xs, ys, w))
