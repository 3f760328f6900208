import numpy as np
from llmhost.kernels import axpy, relu

import tilert as tr

n = 64
x = tr.from_numpy(np.linspace(-1, 1, n, dtype=np.float32))
bias = tr.full((n,), 0.25)
h = tr.zeros((n,))
history = []


def add_bias_and_log(hp, *_):
    history.append(float(h.to_numpy().max()))  # expect: TC102
    return axpy(hp, bias, 1.0)


relu(h.partition((16,)), x).then(add_bias_and_log).sync()  # expect-also
print(history)
