from llmrun.kernels import copy

import tilert as tr

src = tr.ones((64,))
dst = tr.zeros((64,))
op = copy(dst.partition((16,)), src)
op.sync()
if dst.to_numpy().sum() != 64:
    print("retrying")
pending = op.submit()  # expect: TC110
pending.wait()
