import numpy as np
from hostkit import scale

import tilert as tr

n = 8192
src = tr.from_numpy(np.arange(n, dtype=np.float32))
dst = tr.empty((n,))

copy_stream = tr.Stream()
with copy_stream:
    pend = scale(dst.partition((512,)), src, 1.0).submit()
done = copy_stream.record()

done.synchronize()
checksum = float(dst.to_numpy().sum())  # expect: TC102
pend.wait()
print("checksum", checksum)
