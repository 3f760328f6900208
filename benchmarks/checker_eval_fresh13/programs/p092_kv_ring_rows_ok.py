"""A sliding-window KV cache written as a ring of rows: the new row in flight, old rows read."""

from llmrig import kernels as K

import tilert as tr

window, d = 4, 64
cache = tr.zeros((window, d))
steps = []
for pos in range(6):
    row = pos % window
    k = tr.full((d,), float(pos))
    pending = K.copy(cache[row].partition((d,)), k).submit()
    others = [r for r in range(window) if r != row]
    steps.append(float(sum(cache[r].to_numpy()[0] for r in others)))
    pending.wait()
assert steps == [0.0, 0.0, 1.0, 3.0, 6.0, 9.0]
