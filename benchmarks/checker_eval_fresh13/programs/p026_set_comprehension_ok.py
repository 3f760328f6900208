"""A set comprehension of distinct maxima, taken after wait_all over a dict comprehension."""

from llmrig import kernels as K
from llmrig.host import tiles, wait_all

import tilert as tr

x = tr.arange(128)
outs = {a: tr.zeros(128) for a in (1.0, 2.0, 4.0)}
pend = {a: K.scale(tiles(o), x, a).submit() for a, o in outs.items()}
wait_all(pend.values())
maxima = {float(o.to_numpy().max()) for o in outs.values()}
assert maxima == {127.0, 254.0, 508.0}
