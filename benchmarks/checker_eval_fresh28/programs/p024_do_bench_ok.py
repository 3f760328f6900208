"""Time a kernel with do_bench: each run partitions the output afresh."""

from llmdelta import scale

import tilert as tr

x = tr.ones((4096,))
y = tr.empty((4096,))
ms = tr.testing.do_bench(lambda: scale(y.partition((512,)), x, 2.0))
print(f"scale: {ms:.3f} ms")
assert (y.to_numpy() == 2.0).all()
