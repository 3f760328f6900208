"""A step builder memoised with functools.cache: the second step gets the op that already ran."""

from functools import cache

from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
acc = tr.zeros(128)


@cache
def step_op(layer: int) -> tr.Op:
    return K.accum(acc.partition((64,)), x)


for _ in range(2):
    step_op(0).sync()  # expect: TC110
