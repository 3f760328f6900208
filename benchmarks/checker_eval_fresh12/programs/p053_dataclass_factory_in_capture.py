"""A decode-step state dataclass whose scratch buffer comes from a default_factory, built inside
a graph capture."""

from dataclasses import dataclass, field

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


@dataclass
class StepState:
    scratch: tr.Tensor = field(default_factory=lambda: tr.zeros((128,)))  # expect: TC111


h = tr.ones((128,))
out = tr.zeros((128,))
with tr.graph() as g:
    state = StepState()  # expect-also
    g.record(K.scale(tiles(out), h, 2.0))
g.launch().wait()
g.close()
