"""A prefill helper submits its op, and the caller, used to eager code, also syncs the op it
was handed back to be sure it finished."""

import numpy as np
from llmcraft import silu

import tilert as tr

D = 256


def start_prefill(prompt: tr.Tensor, out: tr.Tensor) -> tuple[tr.Op, tr.Pending]:
    op = silu(out.partition((64,)), prompt)
    return op, op.submit()


prompt = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32), name="prompt")
out = tr.empty((D,), name="out")
op, pending = start_prefill(prompt, out)
op.sync()  # expect: TC110
pending.wait()
print(out.to_numpy()[:2])
