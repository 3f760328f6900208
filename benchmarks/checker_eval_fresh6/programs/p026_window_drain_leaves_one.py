"""A window of in-flight decode steps in a deque; the final drain loop stops while one Pending
is still in the window (`> 1` where `> 0` was meant)."""

from __future__ import annotations

from collections import deque

from llmforge import kernels as k

import tilert as tr

STEPS, DEPTH = 6, 2


def decode(outs: list[tr.Tensor], x: tr.Tensor) -> None:
    window: deque[tr.Pending] = deque()
    for step, out in enumerate(outs):
        window.append(k.scale(out.partition((16,)), x, float(step)).submit())  # expect: TC108
        if len(window) > DEPTH:
            window.popleft().wait()
    while len(window) > 1:
        window.popleft().wait()


outs = [tr.zeros((64,)) for _ in range(STEPS)]
decode(outs, tr.ones((64,)))
print(float(outs[0].to_numpy()[0]))
