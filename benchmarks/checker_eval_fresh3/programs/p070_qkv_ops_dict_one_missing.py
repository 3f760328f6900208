from llmhost.kernels import matvec

import tilert as tr

D = 64
x = tr.ones((D,))
w = {n: tr.ones((D, D)) for n in "qkv"}
out = {n: tr.zeros((D,)) for n in "qkv"}
ops = {n: matvec(out[n].partition((16,)), w[n], x, 16) for n in "qkv"}  # expect: TC105
ops["q"].sync()
ops["k"].sync()
print(out["q"].to_numpy()[0], out["k"].to_numpy()[0])
