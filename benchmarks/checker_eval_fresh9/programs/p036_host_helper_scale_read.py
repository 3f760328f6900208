"""Temperature scaling through the package's async helper, then sampling on the host."""

from __future__ import annotations

import llmcraft.host as h
import numpy as np

import tilert as tr

logits = tr.from_numpy(np.linspace(0, 3, 16, dtype=np.float32))
scaled = tr.zeros((16,))
pending = h.scale_async(scaled, logits, 1 / 0.8)
probs = np.exp(scaled.to_numpy())  # expect: TC102
pending.wait()
print(int(np.argmax(probs)))
