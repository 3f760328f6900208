import numpy as np

import tilert as tr
import tilert.kernels as tk


def sample_probs(logits_np: np.ndarray, temperature: float) -> np.ndarray:
    logits = tr.from_numpy((logits_np / temperature).astype(np.float32))
    probs = tr.empty(logits.shape)
    tk.softmax(probs, logits).sync()
    return probs.to_numpy()


print(sample_probs(np.ones((2, 16), dtype=np.float32), 0.8).shape)
