"""Per-layer output projections submitted at once and collected into a dict keyed by layer
name; the collection loop waits for them and gathers norms."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

LAYER_NAMES = ["layers.0.o_proj", "layers.1.o_proj", "layers.2.o_proj"]
HIDDEN = 32

rng = np.random.default_rng(15)
weights = {
    n: tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.2).astype(np.float32))
    for n in LAYER_NAMES
}
attn = tr.from_numpy(rng.standard_normal((2, HIDDEN)).astype(np.float32))
outputs = {n: tr.empty((2, HIDDEN), name=n) for n in LAYER_NAMES}
debug = tr.empty((2, HIDDEN), name="debug")
outputs["debug"] = debug

pendings = {}
for name in LAYER_NAMES:
    pendings[name] = tk.linear(outputs[name], attn, weights[name]).submit()
pendings["debug"] = tk.linear(debug, attn, weights[LAYER_NAMES[0]]).submit()

norms = {}
for name, pending in pendings.items():
    pending.wait()
    norms[name] = float(np.linalg.norm(outputs[name].to_numpy()))
print(norms)
