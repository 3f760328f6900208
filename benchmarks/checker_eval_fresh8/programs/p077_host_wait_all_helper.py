"""Pendings of several buffers collected in a list and waited by the package's `wait_all`;
the program reads every buffer after it."""

import llmweave.host as h

import tilert as tr

x = tr.ones((64,))
outs = {name: tr.zeros((64,)) for name in ("q", "k", "v")}
pendings = [h.scale_async(out, x, float(i + 1)) for i, out in enumerate(outs.values())]
h.wait_all(pendings)
vals = {name: float(out.to_numpy()[0]) for name, out in outs.items()}
assert vals == {"q": 1.0, "k": 2.0, "v": 3.0}
print(vals)
