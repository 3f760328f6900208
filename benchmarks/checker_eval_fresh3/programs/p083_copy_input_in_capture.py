import numpy as np
from llmhost.kernels import relu

import tilert as tr

inp = tr.zeros((64,))
out = tr.zeros((64,))
with tr.graph() as g:
    inp.copy_from(np.linspace(-1, 1, 64, dtype=np.float32))  # expect: TC111
    g.record(relu(out.partition((16,)), inp))
g.launch().wait()
g.close()
