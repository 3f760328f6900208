"""A batch-inference loop with double-buffered inputs and outputs, index style: batch i is
uploaded into slot i % 2 and projected there while the host drains slot (i - 1) % 2. The
waits are where each slot is reused; events time the device work of every batch."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

BATCHES, TOKENS, HIDDEN, OUT = 6, 4, 64, 32
rng = np.random.default_rng(51)
w = tr.from_numpy((rng.standard_normal((OUT, HIDDEN)) * 0.1).astype(np.float32))
host_inputs = [rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32) for _ in range(BATCHES)]
staged = [tr.from_numpy(a) for a in host_inputs]
inputs = [tr.empty((TOKENS, HIDDEN), name=f"in{s}") for s in range(2)]
outputs = [tr.empty((TOKENS, OUT), name=f"out{s}") for s in range(2)]
pending: list[tr.Pending | None] = [None, None]
stream = tr.Stream()
results: list[np.ndarray] = []
timings: list[float] = []


def drain(slot: int) -> None:
    p = pending[slot]
    if p is not None:
        p.wait()
        pending[slot] = None
        results.append(outputs[slot].to_numpy().copy())


for i in range(BATCHES):
    slot = i % 2
    drain(slot)  # slot was last used by batch i - 2
    start = stream.record()
    copy(inputs[slot].partition((1, HIDDEN)), staged[i]).sync_on(stream)
    pending[slot] = tk.linear(outputs[slot], inputs[slot], w).submit(stream)
    end = stream.record()
    end.synchronize()
    timings.append(start.elapsed_ms(end))
for slot in ((BATCHES - 2) % 2, (BATCHES - 1) % 2):
    drain(slot)

expect = [a @ w.to_numpy().T for a in host_inputs]
assert all(np.allclose(r, e, atol=1e-4) for r, e in zip(results, expect, strict=True))
print(f"{len(results)} batches, device time {sum(timings):.3f} ms")
