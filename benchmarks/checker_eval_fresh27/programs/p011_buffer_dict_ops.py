"""Scale every named activation buffer; the ops are collected first, synced later."""

from llmcove import scale

import tilert as tr

buffers = {
    "attn_out": tr.ones((1024,)),
    "mlp_out": tr.full((1024,), 2.0),
    "residual": tr.full((1024,), 3.0),
}

ops = {name: scale(buf.partition((256,)), 0.5) for name, buf in buffers.items()}
norms = {name: float(abs(buf.to_numpy()).max()) for name, buf in buffers.items()}  # expect: TC102
for op in ops.values():
    op.sync()
print(norms)
