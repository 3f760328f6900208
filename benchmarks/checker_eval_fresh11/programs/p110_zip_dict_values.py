"""One op per named head in a dict, zipped through `.values()`, read after the sync."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(64)
heads = {"q": tr.zeros((64,)), "k": tr.zeros((64,)), "v": tr.zeros((64,))}
gains = {"q": 1.0, "k": 2.0, "v": 3.0}
ops = {name: K.scale(tiles(t), x, gains[name]) for name, t in heads.items()}
tr.zip(*ops.values()).sync()
ops.clear()
sums = {name: float(t.to_numpy().sum()) for name, t in heads.items()}
assert sums == {"q": 2016.0, "k": 4032.0, "v": 6048.0}, sums
