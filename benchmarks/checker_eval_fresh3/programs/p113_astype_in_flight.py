from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
y = tr.zeros((64,))
pending = scale(y.partition((16,)), x, 2.0).submit()
y_half = y.astype(tr.f16)  # expect: TC102
pending.wait()
print(y_half.dtype)
