"""Logits processing chained with .then: temperature scaling runs after the LM head on the same
partition; the raw maximum is logged from the host copy of the inputs, not the busy buffer."""

import numpy as np
from modelops import add, scale

import tilert as tr

VOCAB = 1024
rng = np.random.default_rng(8)
raw = rng.standard_normal(VOCAB).astype(np.float32)
hidden_logits = tr.from_numpy(raw)
bias = tr.zeros((VOCAB,))
logits = tr.zeros((VOCAB,), name="logits")
temperature = 0.7


def apply_temperature(part, *_):
    print("max raw logit:", float(raw.max()))
    return scale(part, 1.0 / temperature)


chain = add(logits.partition((256,)), hidden_logits, bias).then(apply_temperature)
chain.sync()
np.testing.assert_allclose(logits.to_numpy(), raw / temperature, rtol=1e-5)
print(float(logits.to_numpy().max()))
