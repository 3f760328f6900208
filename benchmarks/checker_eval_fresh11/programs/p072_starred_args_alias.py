"""Launch arguments assembled in a tuple and passed with a star: the accumulator is both the
output and an input."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

acc = tr.zeros((256,), name="acc")
delta = tr.ones((256,))
args = (tiles(acc), acc, delta)
K.add(*args).sync()  # expect: TC101
