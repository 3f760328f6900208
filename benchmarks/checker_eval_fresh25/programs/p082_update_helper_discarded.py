"""An optimizer whose helper builds the update op; one call site forgets to run it."""

from llmquay import axpy

import tilert as tr

N = 1024


def sgd_update(param: tr.Tensor, grad: tr.Tensor, lr: float) -> tr.Op:
    return axpy(param.partition((256,)), grad, -lr)  # expect: TC105


params = {"w1": tr.ones((N,)), "w2": tr.ones((N,))}
grads = {"w1": tr.full((N,), 0.5), "w2": tr.full((N,), 2.0)}

sgd_update(params["w1"], grads["w1"], 0.1).sync()
sgd_update(params["w2"], grads["w2"], 0.1)  # expect-also: TC105
print({k: float(v.to_numpy()[0]) for k, v in params.items()})
