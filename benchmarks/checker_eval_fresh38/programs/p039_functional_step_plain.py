from dataclasses import dataclass

from trainkit import sgd_step

import tilert as tr


@dataclass(frozen=True)
class Params:
    w: tr.Tensor
    b: tr.Tensor


def apply_grads(params: Params, grads: Params, lr: float) -> Params:
    sgd_step(params.w.partition((256,)), grads.w, lr).sync()
    sgd_step(params.b, grads.b, lr).sync()  # expect: TC106
    return params


p = Params(w=tr.ones((1024,)), b=tr.zeros((256,)))
g = Params(w=tr.full((1024,), 0.1), b=tr.full((256,), 0.2))
p = apply_grads(p, g, 0.5)  # expect-also: TC106
print(p.w.to_numpy()[0])
