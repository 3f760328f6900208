"""Logits processing chained with .then: temperature scaling runs after the LM head on the same
partition; a logging callback in the chain peeks at the raw logits on the host."""

import numpy as np
from modelops import add, scale

import tilert as tr

VOCAB = 1024
rng = np.random.default_rng(8)
hidden_logits = tr.from_numpy(rng.standard_normal(VOCAB).astype(np.float32))
bias = tr.zeros((VOCAB,))
logits = tr.zeros((VOCAB,), name="logits")
temperature = 0.7


def apply_temperature(part, *_):
    print("max raw logit:", float(logits.to_numpy().max()))  # expect: TC102
    return scale(part, 1.0 / temperature)


chain = add(logits.partition((256,)), hidden_logits, bias).then(apply_temperature)
chain.sync()  # expect-also: TC102
print(float(logits.to_numpy().max()))
