import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
cur_buf, nxt_buf = tr.zeros((64,)), tr.zeros((64,))
cur_p = scale(cur_buf.partition((16,)), x, 1.0).submit()
seen = []
for step in range(2, 6):
    nxt_p = scale(nxt_buf.partition((16,)), x, float(step)).submit()
    cur_p.wait()
    seen.append(float(cur_buf.to_numpy()[0]))
    (cur_buf, cur_p), (nxt_buf, nxt_p) = (nxt_buf, nxt_p), (cur_buf, cur_p)
cur_p.wait()
seen.append(float(cur_buf.to_numpy()[0]))
assert seen == [1.0, 2.0, 3.0, 4.0, 5.0], seen
assert np.allclose(nxt_buf.to_numpy(), 4.0)
print("swap ok")
