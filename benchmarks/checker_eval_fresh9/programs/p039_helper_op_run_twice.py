"""The package's add_op helper builds an op; the caller submits it and syncs it too."""

from __future__ import annotations

import llmcraft.host as h

import tilert as tr

a = tr.ones((8,))
b = tr.full((8,), 2.0)
out = tr.zeros((8,))
op = h.add_op(out, a, b)
pending = op.submit()
op.sync()  # expect: TC110
pending.wait()
print(out.to_numpy())
