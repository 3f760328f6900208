"""Time a kernel with do_bench: the partition is made once, outside the timed lambda."""

from llmdelta import scale

import tilert as tr

x = tr.ones((4096,))
y = tr.empty((4096,))
y_tiles = y.partition((512,))
ms = tr.testing.do_bench(lambda: scale(y_tiles, x, 2.0))  # expect: TC109
print(f"scale: {ms:.3f} ms")
