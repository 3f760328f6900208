from llmrun.kernels import add, fill

import tilert as tr

hidden = tr.zeros((2, 64))
ones = tr.ones((64,))
lo = hidden.partition((1, 64))
hi = hidden[1].partition((16,))  # expect: TC104
fill(lo, 0.0).sync()
add(hi, ones, ones).sync()
