"""Graph capture per batch size (as serving engines do for decode): each size's graph is
recorded once and kept in a dict; the scratch buffers are allocated before each capture."""

from servekit import add, scale_into

import tilert as tr

HIDDEN = 32
BATCH_SIZES = [1, 2, 4]

graphs: dict[int, tr.Graph] = {}
inputs: dict[int, tr.Tensor] = {}
outputs: dict[int, tr.Tensor] = {}
scratch: dict[int, tr.Tensor] = {}

for bs in BATCH_SIZES:
    inputs[bs] = tr.ones((bs, HIDDEN))
    outputs[bs] = tr.zeros((bs, HIDDEN))
    scratch[bs] = tr.empty((bs, HIDDEN))
    with tr.graph() as g:
        g.record(scale_into(scratch[bs].partition((1, HIDDEN)), inputs[bs], 2.0))
        g.record(add(outputs[bs].partition((1, HIDDEN)), scratch[bs], inputs[bs]))
    graphs[bs] = g

for bs, g in graphs.items():
    g.launch().wait()
    g.close()
    assert float(outputs[bs].to_numpy()[0, 0]) == 3.0
print("captured", sorted(graphs))
