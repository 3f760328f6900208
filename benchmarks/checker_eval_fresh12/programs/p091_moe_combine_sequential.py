"""Mixture of experts routed with `match`; each routed expert writes its own buffer and the
combine accumulates them into one buffer, one sync each."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

N = 128
x = tr.ones((N,))
experts = {"math": 2.0, "code": 3.0, "chat": 0.5}
outs = {name: tr.zeros((N,)) for name in experts}
combined = tr.zeros((N,))


def route(token_kind: str) -> str:
    match token_kind:
        case "digit":
            return "math"
        case "brace" | "indent":
            return "code"
        case _:
            return "chat"


for kind in ("digit", "brace", "word"):
    name = route(kind)
    K.scale(tiles(outs[name]), x, experts[name]).sync()
    K.accum(tiles(combined), outs[name]).sync()
assert np.allclose(combined.to_numpy(), 5.5)
