from llmhost.kernels import matvec

import tilert as tr

D = 64
w, x, y = tr.ones((D, D)), tr.ones((D,)), tr.zeros((D,))
pending = matvec(y.partition((16,)), w, x, 16).submit()
while not pending.done():
    pass
print("result", y.to_numpy()[:4])  # expect: TC102
pending.wait()
