"""Write layer 1 of a KV cache asynchronously while inspecting layer 0 and layer 1."""

from llmquay import copy

import tilert as tr

LAYERS, TOKENS, DIM = 2, 64, 128

kv = tr.zeros((LAYERS, TOKENS, DIM), name="kv")
update = tr.ones((TOKENS, DIM))

pending = copy(kv[1].partition((16, DIM)), update).submit()
print("layer 0 sum:", kv[0].to_numpy().sum())
print("layer 1 sum:", kv[1].to_numpy().sum())  # expect: TC102
pending.wait()
