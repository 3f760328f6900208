"""Loss readback every K steps, but the drain waits all but the newest step."""

from llmweave.kernels import scale

import tilert as tr

K = 4
losses = tr.zeros((K, 64))
activations = tr.ones((64,))
window: list[tr.Pending] = []
for step in range(8):
    window.append(scale(losses[step % K].partition((16,)), activations, 1.0).submit())
    if (step + 1) % K == 0:
        for p in window[:-1]:
            p.wait()
        print(step, losses.to_numpy().sum())  # expect: TC102
        window = window[-1:]
for p in window:
    p.wait()
