"""Micro-batches spread over two accumulator plans with itertools.cycle: the third reuses one."""

from itertools import cycle

from llmrig import kernels as K

import tilert as tr

accs = [tr.zeros(128), tr.zeros(128)]
plans = cycle([a.partition((64,)) for a in accs])
for mb in range(3):
    K.accum(next(plans), tr.full((128,), float(mb))).sync()  # expect: TC109
