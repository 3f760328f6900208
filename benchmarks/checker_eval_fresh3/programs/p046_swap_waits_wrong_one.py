from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
cur_buf, nxt_buf = tr.zeros((64,)), tr.zeros((64,))
cur_p = scale(cur_buf.partition((16,)), x, 1.0).submit()
seen = []
for step in range(2, 4):
    nxt_p = scale(nxt_buf.partition((16,)), x, float(step)).submit()
    nxt_p.wait()
    seen.append(float(cur_buf.to_numpy()[0]))  # expect: TC102
    cur_p.wait()
    cur_buf, nxt_buf = nxt_buf, cur_buf
    cur_p = nxt_p
print(seen)
