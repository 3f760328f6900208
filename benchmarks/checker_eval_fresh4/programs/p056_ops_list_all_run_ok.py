from llmrun.kernels import fill

import tilert as tr

heads = [tr.zeros((32,)) for _ in range(4)]
ops = [fill(h.partition((16,)), float(i)) for i, h in enumerate(heads)]
tr.zip(*ops).sync()
assert [float(h.to_numpy()[0]) for h in heads] == [0.0, 1.0, 2.0, 3.0]
