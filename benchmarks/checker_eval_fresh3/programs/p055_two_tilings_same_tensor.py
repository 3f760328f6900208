from llmhost.kernels import scale

import tilert as tr

h = tr.zeros((64,))
x = tr.ones((64,))

coarse = h.partition((32,))
fine = h.partition((16,))  # expect: TC104
scale(fine, x, 2.0).sync()
print(coarse.grid)
