from __future__ import annotations

from llmrun.kernels import copy, relu

import tilert as tr


def maybe_activate(out: tr.Tensor, x: tr.Tensor, enabled: bool) -> bool:
    op = relu(out.partition((16,)), x)  # expect: TC105
    if not enabled:
        return False
    op.sync()
    return True


x = tr.full((64,), -1.0)
out = tr.zeros((64,))
maybe_activate(out, x, enabled=False)  # expect-also
copy(out.partition((16,)), x).sync()
print(out.to_numpy()[0])
