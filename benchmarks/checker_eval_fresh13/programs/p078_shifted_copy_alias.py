"""A token-shift copies x[:-1] into x[1:] in one launch: the same tensor written and read."""

from llmrig import kernels as K

import tilert as tr

x = tr.arange(129)
K.copy(x[1:].partition((64,)), x[:-1]).sync()  # expect: TC101
