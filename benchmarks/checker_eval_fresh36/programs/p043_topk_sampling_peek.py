"""Top-p sampling on the host: the softmax over the final logits is submitted and the sampler
draws from the probabilities, but the draw happens before the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def sample_top_p(probs: np.ndarray, top_p: float, rng: np.random.Generator) -> int:
    order = np.argsort(-probs)
    keep = order[np.cumsum(probs[order]) <= top_p]
    keep = keep if keep.size else order[:1]
    return int(rng.choice(keep, p=probs[keep] / probs[keep].sum()))


rng = np.random.default_rng(16)
logits = tr.from_numpy(rng.standard_normal((1, 512)).astype(np.float32))
probs = tr.empty((1, 512), name="probs")
pending = tk.softmax(probs, logits).submit()
token = sample_top_p(probs.to_numpy()[0], 0.9, rng)  # expect: TC102
pending.wait()
print("sampled", token)
