import numpy as np
from llmhost.kernels import matvec

import tilert as tr

D = 64
w, x, y = tr.ones((D, D)), tr.ones((D,)), tr.zeros((D,))
s = tr.Stream()
start = s.record()
pending = matvec(y.partition((16,)), w, x, 16).submit(s)
end = s.record()
pending.wait()
end.synchronize()
print(f"matvec took {start.elapsed_ms(end):.3f} ms")
assert np.allclose(y.to_numpy(), D)
