from llmrun.kernels import fill

import tilert as tr

heads = [tr.zeros((32,)) for _ in range(4)]
ops = [fill(h.partition((16,)), float(i)) for i, h in enumerate(heads)]  # expect: TC105
for op in ops[1:]:
    op.sync()
print([float(h.to_numpy()[0]) for h in heads[1:]])
