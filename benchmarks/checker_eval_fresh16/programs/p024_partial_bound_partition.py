"""functools.partial binds a partition to the kernel; the second call reuses the consumed plan."""

import functools

from llmquill.host import tiles, vec
from llmquill.kernels import scale

acc = vec(32)
x = vec(32, 1.0)
write_acc = functools.partial(scale, tiles(acc))
write_acc(x, 1.0).sync()
write_acc(x, 2.0).sync()  # expect: TC109
print(acc.to_numpy()[0])
