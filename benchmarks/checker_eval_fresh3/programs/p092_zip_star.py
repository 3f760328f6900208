from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
heads = [tr.zeros((64,)) for _ in range(4)]
tr.zip(*[scale(h.partition((16,)), x, float(i)) for i, h in enumerate(heads)]).sync()
assert [float(h.to_numpy()[0]) for h in heads] == [0.0, 1.0, 2.0, 3.0]
print("zip star ok")
