"""Building an attention block's input projections into a dict keyed by module name (as a
state-dict walker would) and running them in a fixed order list; one module name is missing
from the order, so its op is never run."""

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
        ops[f"self_attn.{name}"] = tk.linear(outputs[name], x, w)  # expect: TC105
    return ops


ORDER = ["self_attn.q_proj", "self_attn.k_proj"]
ops = build_ops()  # expect-also: TC105
for name in ORDER:
    ops.pop(name).sync()
ops.clear()
print({name: float(t.to_numpy().std()) for name, t in outputs.items() if name != "v_proj"})
