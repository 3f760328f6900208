"""Time a kernel with events; the output is checked after the end event completes, but the
Pending still holds it."""

import numpy as np
from trainkit import TILE, axpy

import tilert as tr

N = 1 << 16
x = tr.from_numpy(np.arange(N, dtype=np.float32))
y = tr.zeros((N,))
stream = tr.Stream()

times = []
for _ in range(5):
    start = stream.record()
    pend = axpy(y.partition((TILE,)), x, 0.5).submit(stream)
    end = stream.record()
    end.synchronize()
    times.append(start.elapsed_ms(end))
    pend.wait()

start = stream.record()
pend = axpy(y.partition((TILE,)), x, 0.5).submit(stream)
end = stream.record()
end.synchronize()
assert y.to_numpy()[2] == 6.0  # expect: TC102
pend.wait()
print(f"axpy: {np.median(times):.3f} ms")
