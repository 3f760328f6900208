"""A types.SimpleNamespace holds a layer's buffer and its planned partition; a log reads early."""

import types

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr

layer = types.SimpleNamespace(out=tr.zeros((32,)), x=upload(np.arange(32)))
layer.plan = layer.out.partition((16,))
print("out before:", layer.out.to_numpy()[:2])  # expect: TC104
K.scale(layer.plan, layer.x, 2.0).sync()
