"""A KV writer using the package's helper; the host reads the layer it just asked the helper to
fill, before waiting the Pending the helper returned."""

import llmroute.paging as pg

import tilert as tr

kv = tr.zeros((2, 4, 32), name="kv")  # [layer, head, dim]
pendings = {layer: pg.fill_async(kv[layer], float(layer + 1)) for layer in range(2)}
first_head = kv[1][0].to_numpy()  # expect: TC102
for p in pendings.values():
    p.wait()
