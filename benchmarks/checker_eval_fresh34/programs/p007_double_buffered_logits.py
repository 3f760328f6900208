"""Double-buffered decode: while step i's logits are computed into one buffer, the host
post-processes step i-1's logits from the other; buffers and pendings swap every step."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB, STEPS = 64, 128, 6

rng = np.random.default_rng(7)
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, HIDDEN)) * 0.05).astype(np.float32))
states = [tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32)) for _ in range(STEPS)]
seen: list[int] = []


def consume(logits: tr.Tensor) -> None:
    row = logits.to_numpy()[0]  # expect: TC102
    seen.append(int(np.argmax(row)))


front = tr.empty((1, VOCAB), name="logits_a")
back = tr.empty((1, VOCAB), name="logits_b")
pending = tk.linear(front, states[0], lm_head).submit()
for step in range(1, STEPS):
    nxt = tk.linear(back, states[step], lm_head).submit()
    consume(front)  # expect-also: TC102
    pending.wait()
    front, back = back, front
    pending = nxt
pending.wait()
consume(front)
print("greedy tokens", seen)
