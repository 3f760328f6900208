from dataclasses import dataclass, field

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add, scale

import tilert as tr

D = 256


@dataclass
class StepScratch:
    hidden: tr.Tensor = field(default_factory=lambda: tr.empty((D,)))  # expect: TC111
    out: tr.Tensor = field(default_factory=lambda: tr.empty((D,), name="out"))


x = tr.from_numpy(np.arange(D, dtype=np.float32))
res = tr.from_numpy(np.ones(D, dtype=np.float32))
with tr.graph() as g:
    s = StepScratch()  # expect-also
    g.record(scale(tiles(s.hidden), x, 2.0))
    g.record(add(tiles(s.out), s.hidden, res))
g.launch().wait()
g.close()
