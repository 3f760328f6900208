"""Overlap two independent branches on two streams and join them with an event."""

import numpy as np
from llmquay import add, scale

import tilert as tr

n = 8192
a = tr.from_numpy(np.random.default_rng(5).random(n, dtype=np.float32))
b = tr.ones((n,))
left = tr.empty((n,))
right = tr.empty((n,))
out = tr.empty((n,))

s1, s2 = tr.Stream(), tr.Stream()
p1 = scale(left.partition((1024,)), a, 2.0).submit(s1)
p2 = scale(right.partition((1024,)), b, -1.0).submit(s2)
done_right = s2.record()
s1.wait_event(done_right)
p3 = add(out.partition((1024,)), left, right).submit(s1)
for p in (p1, p2, p3):
    p.wait()
np.testing.assert_allclose(out.to_numpy(), 2.0 * a.to_numpy() - 1.0)
print("joined:", out.to_numpy()[:3])
