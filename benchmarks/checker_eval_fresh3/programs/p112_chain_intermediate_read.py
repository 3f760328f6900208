import numpy as np
from llmhost.kernels import add, relu

import tilert as tr

x = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
tmp = tr.zeros((64,), name="tmp")
out = tr.zeros((64,), name="out")

chain = relu(tmp.partition((16,)), x).then(lambda tp, *_: add(out.partition((16,)), tmp, x))
pending = chain.submit()
debug = tmp.to_numpy().copy()  # expect: TC102
pending.wait()
print(debug[:2], out.to_numpy()[:2])
