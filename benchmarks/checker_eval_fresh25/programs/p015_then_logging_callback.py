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


def log_and_continue(zp: tr.Partition, *_: object) -> tr.Op:
    log.info("after add: z[0:4]=%s", z.to_numpy()[:4])  # expect: TC102
    return accumulate(zp, y)


add(z.partition((256,)), x, y).then(log_and_continue).sync()  # expect-also: TC102
print(z.to_numpy()[:4])
