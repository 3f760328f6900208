from llmhost.kernels import copy

import tilert as tr

src = tr.ones((64,))
dst = tr.zeros((64,))
side = tr.Stream()
with side:
    pend = copy(dst.partition((16,)), src).submit()  # expect: TC108
side.synchronize()
print("copied on the side stream")
