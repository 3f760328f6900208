"""functools.partial binding the output tiles once, then called for two scalings."""

from functools import partial

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

out = tr.zeros((8,), dtype=f32)
x = tr.arange(8, dtype=f32)
into_out = partial(k.scale, tiles(out))
into_out(x, 1.0).sync()
into_out(x, 2.0).sync()  # expect: TC109
