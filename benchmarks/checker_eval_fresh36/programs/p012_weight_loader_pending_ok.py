"""Weight loading: each checkpoint shard is uploaded and converted into its device buffer with a
submitted copy; the loader waits for all of them before returning."""

import numpy as np
from modelops import copy

import tilert as tr

SHARDS = {
    "model.embed_tokens.weight": (512, 64),
    "model.layers.0.mlp.up_proj.weight": (128, 64),
    "model.layers.0.mlp.down_proj.weight": (64, 128),
    "lm_head.weight": (512, 64),
}


def load_checkpoint(params: dict[str, tr.Tensor]) -> None:
    rng = np.random.default_rng(4)
    inflight = []
    for name, shape in SHARDS.items():
        host = tr.from_numpy(rng.standard_normal(shape).astype(np.float32))
        inflight.append(copy(params[name].partition((1, shape[1])), host).submit())
    for p in inflight:
        p.wait()


params = {name: tr.empty(shape, name=name) for name, shape in SHARDS.items()}
load_checkpoint(params)
print({name: float(t.to_numpy().std()) > 0 for name, t in params.items()})
