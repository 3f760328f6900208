"""Top-p sampling on the host: the softmax over the final logits is submitted, the sampler's RNG
state is prepared meanwhile, and the draw happens after the wait."""

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
sampler_rng = np.random.default_rng(rng.integers(1 << 31))
pending.wait()
token = sample_top_p(probs.to_numpy()[0], 0.9, sampler_rng)
print("sampled", token)
