"""Zeroing a layer of the KV cache passes the row view where the kernel wants a partition."""

from llmrig import kernels as K

import tilert as tr

kv = tr.ones((2, 128))
for layer in range(2):
    K.fill(kv[layer], 0.0).sync()  # expect: TC106
