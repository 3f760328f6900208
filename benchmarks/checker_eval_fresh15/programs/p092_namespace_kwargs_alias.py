"""Launch arguments kept in a SimpleNamespace and spread with **vars(); `y` is the output."""

from types import SimpleNamespace

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

acc = tr.zeros((32,))
args = SimpleNamespace(x=vec(np.ones(32)), y=acc)


def launch(out: tr.Tensor, ns: SimpleNamespace) -> None:
    K.add(tiles(out), **vars(ns)).sync()  # expect: TC101


launch(acc, args)  # expect-also
