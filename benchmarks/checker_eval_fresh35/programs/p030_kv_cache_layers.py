from tilekit import copy

import tilert as tr

LAYERS, SEQ = 4, 256
kv = tr.zeros((LAYERS, SEQ), name="kv_cache")
new_kv = [tr.full((SEQ,), float(layer + 1)) for layer in range(LAYERS)]

# write every layer's cache row at once: the rows are disjoint views
writes = [copy(kv[layer].partition((128,)), new_kv[layer]).submit() for layer in range(LAYERS)]
print("cache checksum", kv.to_numpy().sum())  # expect: TC102
for w in writes:
    w.wait()
