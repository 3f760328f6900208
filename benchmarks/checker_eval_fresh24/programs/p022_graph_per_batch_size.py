"""Capture one graph per batch size, as serving engines do, and replay the one that fits."""

from llmbasin import scale

import tilert as tr

HIDDEN = 256
BATCH_SIZES = (1, 2, 4)

inputs = {b: tr.zeros((b * HIDDEN,), name=f"in{b}") for b in BATCH_SIZES}
outputs = {b: tr.zeros((b * HIDDEN,), name=f"out{b}") for b in BATCH_SIZES}
graphs = {}
for b in BATCH_SIZES:
    with tr.graph() as g:
        g.record(scale(outputs[b].partition((HIDDEN,)), inputs[b], 2.0))
        ones = tr.ones((b * HIDDEN,))  # expect: TC111
        g.record(scale(inputs[b].partition((HIDDEN,)), ones, 1.0))
    graphs[b] = g

for b in (1, 4, 2):
    graphs[b].launch().wait()
for g in graphs.values():
    g.close()
print({b: float(outputs[b].to_numpy().sum()) for b in BATCH_SIZES})
