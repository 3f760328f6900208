"""Per-layer decode outputs partitioned once, in a comprehension before the token loop; each
token's step launches on those partitions."""

from servekit import axpy

import tilert as tr

LAYERS, DIM, TOKENS = 3, 32, 2

layer_out = [tr.zeros((DIM,), name=f"h{i}") for i in range(LAYERS)]
residual = tr.full((DIM,), 0.1, name="residual")
parts = [h.partition((16,)) for h in layer_out]

for _ in range(TOKENS):
    for i in range(LAYERS):
        axpy(parts[i], residual, 1.0).sync()  # expect: TC109
print([float(h.to_numpy()[0]) for h in layer_out])
