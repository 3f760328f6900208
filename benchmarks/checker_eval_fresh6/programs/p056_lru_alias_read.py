# notebook: a dict-based tensor cache; an alias `emb` taken before the refresh is read later
from llmforge import kernels as k

import tilert as tr

cache: dict[str, tr.Tensor] = {"tok:1": tr.zeros((32,)), "tok:2": tr.zeros((32,))}
emb = cache["tok:1"]
refresh = {key: k.fill(t.partition((16,)), 1.0).submit() for key, t in cache.items()}
refresh.pop("tok:2").wait()
print(emb.to_numpy()[:3])  # expect: TC102
for p in refresh.values():
    p.wait()
