from dataclasses import dataclass, field

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add, scale

import tilert as tr

D = 256


@dataclass
class StepScratch:
    hidden: tr.Tensor = field(default_factory=lambda: tr.empty((D,), name="hidden"))
    out: tr.Tensor = field(default_factory=lambda: tr.empty((D,), name="out"))


x = tr.from_numpy(np.arange(D, dtype=np.float32))
res = tr.from_numpy(np.ones(D, dtype=np.float32))
s = StepScratch()
with tr.graph() as g:
    g.record(scale(tiles(s.hidden), x, 2.0))
    g.record(add(tiles(s.out), s.hidden, res))
g.launch().wait()
g.close()
np.testing.assert_allclose(s.out.to_numpy(), 2 * np.arange(D) + 1)
