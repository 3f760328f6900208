"""Time two kernels on their own streams with events, then check the results."""

import numpy as np
from hostkit import relu, scale

import tilert as tr

n = 1 << 13
x = tr.from_numpy(np.linspace(-1, 1, n, dtype=np.float32))
a = tr.empty((n,))
b = tr.empty((n,))
s1, s2 = tr.Stream(), tr.Stream()

start1 = s1.record()
p1 = relu(a.partition((1024,)), x).submit(s1)
end1 = s1.record()
start2 = s2.record()
p2 = scale(b.partition((1024,)), x, 3.0).submit(s2)
end2 = s2.record()

p1.wait()
p2.wait()
print(f"relu {start1.elapsed_ms(end1):.3f} ms, scale {start2.elapsed_ms(end2):.3f} ms")
assert np.allclose(a.to_numpy(), np.maximum(x.to_numpy(), 0))
assert np.allclose(b.to_numpy(), 3 * x.to_numpy())
