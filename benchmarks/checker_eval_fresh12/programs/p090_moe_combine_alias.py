"""Mixture of experts routed with `match`; the combine step accumulates the routed output into
itself instead of into the combined buffer."""

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
    routed = outs[name]
    K.add(tiles(routed), routed, combined).sync()  # expect: TC101
print(combined.to_numpy()[0])
