import logging

import numpy as np
from llmquay import accumulate, add

import tilert as tr

logging.basicConfig(level=logging.INFO)
log = logging.getLogger("fused")

n = 1024
x = tr.from_numpy(np.arange(n, dtype=np.float32))
y = tr.ones((n,))
z = tr.zeros((n,))


def continue_with_accumulate(zp: tr.Partition, *_: object) -> tr.Op:
    log.info("chaining accumulate onto %s", zp.describe())
    return accumulate(zp, y)


add(z.partition((256,)), x, y).then(continue_with_accumulate).sync()
result = z.to_numpy()
np.testing.assert_array_equal(result, np.arange(n, dtype=np.float32) + 2)
log.info("z[0:4]=%s", result[:4])
