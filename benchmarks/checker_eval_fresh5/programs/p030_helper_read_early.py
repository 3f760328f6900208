from llmdeck.host import start_add

import tilert as tr

N = 64
x, y = tr.arange(N), tr.ones((N,))
out = tr.zeros((N,))
p = start_add(out, x, y)
print("partial sum", out.to_numpy()[:8].sum())  # expect: TC102
p.wait()
