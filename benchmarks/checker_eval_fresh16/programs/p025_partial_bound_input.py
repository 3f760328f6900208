"""functools.partial binds the input and factor; each call gets a fresh partition."""

import functools

from llmquill.host import tiles, vec
from llmquill.kernels import scale

acc = vec(32)
x = vec(32, 1.0)
write = functools.partial(scale, x=x, a=2.0)
for _ in range(2):
    write(tiles(acc)).sync()
assert acc.to_numpy()[0] == 2.0
