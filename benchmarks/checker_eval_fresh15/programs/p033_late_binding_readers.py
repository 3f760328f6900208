"""Reader closures made in a comprehension: they all bind the loop's last index."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pends = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
readers = [lambda: outs[i].to_numpy().sum() for i in range(3)]  # noqa: B023  # expect: TC102

sums = []
for i in range(3):
    pends[i].wait()
    sums.append(readers[i]())  # expect-also
print(sums)
