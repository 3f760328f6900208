"""Graph replays: the output read after a replay's wait while the graph is still open."""

from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
acc = tr.zeros(128)
with tr.graph() as g:
    g.record(K.accum(acc.partition((64,)), x))
trace = []
for _ in range(3):
    g.launch().wait()
    trace.append(float(acc.to_numpy()[1]))  # expect: TC102
g.close()
print(trace)
