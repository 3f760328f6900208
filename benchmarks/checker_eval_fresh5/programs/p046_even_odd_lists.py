# submissions sorted into two lists by parity; only one list is drained
from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
outs = [tr.zeros((N,)) for _ in range(4)]
evens, odds = [], []
for i, out in enumerate(outs):
    p = scale(out.partition((16,)), x, float(i)).submit()  # expect: TC108
    (evens if i % 2 == 0 else odds).append(p)
for p in evens:
    p.wait()
print("evens done:", [float(outs[i].to_numpy()[1]) for i in (0, 2)])
