"""Capture one graph per batch size; the scratch buffer is allocated inside the capture."""

from llmcove import add, relu

import tilert as tr

BATCH_SIZES = (256, 512)
weights = {bs: tr.full((bs,), 0.1) for bs in BATCH_SIZES}
inputs = {bs: tr.arange(bs) for bs in BATCH_SIZES}
outputs = {bs: tr.empty((bs,)) for bs in BATCH_SIZES}

graphs = {}
for bs in BATCH_SIZES:
    with tr.graph() as g:
        scratch = tr.empty((bs,))  # expect: TC111
        g.record(add(scratch.partition((128,)), inputs[bs], weights[bs]))
        g.record(relu(outputs[bs].partition((128,)), scratch))
    graphs[bs] = g

for g in graphs.values():
    g.launch().wait()
for g in graphs.values():
    g.close()
print({bs: float(out.to_numpy().sum()) for bs, out in outputs.items()})
