from llmhost.kernels import add

import tilert as tr

x = tr.ones((64,))
y = tr.zeros((64,))
stream = tr.Stream()
start = stream.record()
with tr.graph(stream) as g:
    g.record(add(y.partition((16,)), x, x))
    end = stream.record()  # expect: TC111
g.launch().wait()
g.close()
print(start.elapsed_ms(end))
