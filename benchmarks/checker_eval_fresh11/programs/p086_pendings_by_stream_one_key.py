"""Pendings grouped per stream name in a dict of lists; only the "main" group is waited before
the "aux" output is read."""

from collections import defaultdict

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
outs = {"main": tr.zeros((128,)), "aux": tr.zeros((128,))}
streams = {"main": tr.Stream(), "aux": tr.Stream()}
groups: defaultdict[str, list[tr.Pending]] = defaultdict(list)
for name, out in outs.items():
    groups[name].append(K.relu(tiles(out), x).submit(streams[name]))
for p in groups["main"]:
    p.wait()
aux_total = float(outs["aux"].to_numpy().sum())  # expect: TC102
for p in groups["aux"]:
    p.wait()
print(aux_total)
