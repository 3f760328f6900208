"""A residual step bound with functools.partial(K.add, y=h); called with h's own partition."""

from functools import partial

from llmrig import kernels as K

import tilert as tr

h = tr.arange(128)
residual = partial(K.add, y=h)
delta = tr.ones(128)
residual(h.partition((64,)), delta).sync()  # expect: TC101
