from trainkit import TILE, fill, sgd_step

import tilert as tr


def reset_accumulator(t: tr.Tensor) -> tr.Op:
    return fill(t.partition((TILE,)), 0.0)  # expect: TC105


param = tr.ones((1024,), name="param")
grad_acc = tr.full((1024,), 0.3, name="grad_acc")
for _step in range(2):
    sgd_step(param.partition((TILE,)), grad_acc, 0.1).sync()
    reset_accumulator(grad_acc)  # expect-also: TC105
print(param.to_numpy()[0])
