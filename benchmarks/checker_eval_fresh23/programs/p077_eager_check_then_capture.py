import numpy as np
from llmpress.host import tiles
from llmpress.kernels import mul

import tilert as tr

# run the step once eagerly to check it, then capture the same step for replay
x = tr.from_numpy(np.arange(512, dtype=np.float32))
gate = tr.from_numpy(np.full(512, 0.5, dtype=np.float32))
out = tr.empty((512,))
out_plan = tiles(out)

mul(out_plan, x, gate).sync()
assert float(out.to_numpy()[2]) == 1.0
with tr.graph() as g:
    g.record(mul(out_plan, x, gate))  # expect: TC109
g.launch().wait()
g.close()
