import numpy as np
from llmquay import copy

import tilert as tr


def stage_weights(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((512,)), src).submit()


def main() -> None:
    host = np.random.default_rng(4).random(4096, dtype=np.float32)
    host_w = tr.from_numpy(host)
    dev_w = tr.empty((4096,), name="dev_w")
    staged = stage_weights(dev_w, host_w)
    staged.wait()
    np.testing.assert_array_equal(dev_w.to_numpy(), host)
    print("staged", dev_w.shape)


main()
