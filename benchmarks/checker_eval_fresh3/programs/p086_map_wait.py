from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(4)]
pends = [scale(o.partition((16,)), x, float(i)) for i, o in enumerate(outs)]
pends = [op.submit() for op in pends]
list(map(tr.Pending.wait, pends))
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 1.0, 2.0, 3.0]
print("map wait ok")
