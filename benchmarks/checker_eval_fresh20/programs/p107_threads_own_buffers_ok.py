"""Worker threads each sync ops on their own buffers; the main thread reads after join()."""

import threading

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(4)]


def work(i: int) -> None:
    K.scale(tiles(outs[i]), x, float(i)).sync()


threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert [float(o.to_numpy()[1]) for o in outs] == [0.0, 1.0, 2.0, 3.0]
