"""Building an attention block's input projections into a dict keyed by module name (as a
state-dict walker would) and running every one of them, in a fixed order."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HIDDEN, HEAD_DIM = 4, 64, 16
rng = np.random.default_rng(45)
x = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
weights = {
    name: tr.from_numpy((rng.standard_normal((4 * HEAD_DIM, HIDDEN)) * 0.05).astype(np.float32))
    for name in ("q_proj", "k_proj", "v_proj")
}
outputs = {name: tr.empty((SEQ, 4 * HEAD_DIM), name=name) for name in weights}


def build_ops() -> dict[str, tr.Op]:
    ops = {}
    for name, w in weights.items():
        ops[f"self_attn.{name}"] = tk.linear(outputs[name], x, w)
    return ops


ORDER = ["self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj"]
ops = build_ops()
for name in ORDER:
    ops.pop(name).sync()
assert not ops
print({name: round(float(t.to_numpy().std()), 4) for name, t in outputs.items()})
