"""Optional debug check: the comparison op is only run when DEBUG is on."""

import os

import numpy as np
from llmcove import add, mul

import tilert as tr

DEBUG = os.environ.get("LLMCOVE_DEBUG") == "1"

n = 1024
a = tr.arange(n)
b = tr.full((n,), 2.0)
prod = tr.empty((n,))
ref = tr.empty((n,))

mul(prod.partition((256,)), a, b).sync()
check = add(ref.partition((256,)), a, a)  # expect: TC105
if DEBUG:
    check.sync()
    np.testing.assert_allclose(prod.to_numpy(), ref.to_numpy())
print(float(prod.to_numpy().sum()))
