"""Scale every named activation buffer; the ops are collected first, synced, then inspected."""

from llmcove import scale

import tilert as tr

buffers = {
    "attn_out": tr.ones((1024,)),
    "mlp_out": tr.full((1024,), 2.0),
    "residual": tr.full((1024,), 3.0),
}

ops = {name: scale(buf.partition((256,)), 0.5) for name, buf in buffers.items()}
for op in ops.values():
    op.sync()
norms = {name: float(abs(buf.to_numpy()).max()) for name, buf in buffers.items()}
print(norms)
