"""Time a kernel with events on a side stream (CUDA-event style)."""

import numpy as np
from llmfjord import mul

import tilert as tr

N = 1 << 15
a = tr.from_numpy(np.random.default_rng(2).random(N, dtype=np.float32))
b = tr.full((N,), 3.0)
c = tr.empty((N,), name="c")

stream = tr.Stream()
start = stream.record()
pending = mul(c.partition((2048,)), a, b).submit(stream)
end = stream.record()
end.synchronize()
print(f"mul took {start.elapsed_ms(end):.3f} ms")
print("max error:", float(np.abs(c.to_numpy() - 3 * a.to_numpy()).max()))  # expect: TC102
pending.wait()
