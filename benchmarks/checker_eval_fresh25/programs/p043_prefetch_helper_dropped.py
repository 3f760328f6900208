import numpy as np
from llmquay import copy

import tilert as tr


def stage_weights(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((512,)), src).submit()  # expect: TC108


def main() -> None:
    host_w = tr.from_numpy(np.random.default_rng(4).random(4096, dtype=np.float32))
    dev_w = tr.empty((4096,), name="dev_w")
    stage_weights(dev_w, host_w)  # expect-also: TC108
    print("staged", dev_w.shape)


main()
