"""Graph capture per batch size (as serving engines do for decode): each size's graph is
recorded once and kept in a dict. The scratch buffer is allocated inside the capture."""

from servekit import add, scale_into

import tilert as tr

HIDDEN = 32
BATCH_SIZES = [1, 2, 4]

weights = tr.ones((HIDDEN,), name="bias")
graphs: dict[int, tr.Graph] = {}
inputs: dict[int, tr.Tensor] = {}
outputs: dict[int, tr.Tensor] = {}

for bs in BATCH_SIZES:
    inputs[bs] = tr.zeros((bs, HIDDEN))
    outputs[bs] = tr.zeros((bs, HIDDEN))
    with tr.graph() as g:
        scratch = tr.empty((bs, HIDDEN))  # expect: TC111
        g.record(scale_into(scratch.partition((1, HIDDEN)), inputs[bs], 2.0))
        g.record(add(outputs[bs].partition((1, HIDDEN)), scratch, inputs[bs]))
    graphs[bs] = g

for g in graphs.values():
    g.launch().wait()
    g.close()
print("captured", sorted(graphs))
