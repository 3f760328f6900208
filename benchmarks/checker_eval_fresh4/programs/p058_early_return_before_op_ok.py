from __future__ import annotations

from llmrun.kernels import copy, relu

import tilert as tr


def maybe_activate(out: tr.Tensor, x: tr.Tensor, enabled: bool) -> bool:
    if not enabled:
        return False
    relu(out.partition((16,)), x).sync()
    return True


x = tr.full((64,), -1.0)
out = tr.zeros((64,))
assert maybe_activate(out, x, enabled=True)
assert not maybe_activate(out, x, enabled=False)
copy(out.partition((16,)), x).sync()
assert out.to_numpy()[0] == -1.0
