from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
bufs = [tr.zeros((64,)), tr.zeros((64,))]
prev = None
seen = []
for step in range(5):
    cur = scale(bufs[step % 2].partition((16,)), x, float(step)).submit()
    if prev is not None:
        prev.wait()
        seen.append(float(bufs[(step - 1) % 2].to_numpy()[0]))
    prev = cur
if prev is not None:
    prev.wait()
    seen.append(float(bufs[4 % 2].to_numpy()[0]))
assert seen == [0.0, 1.0, 2.0, 3.0, 4.0], seen
print("carried ok")
