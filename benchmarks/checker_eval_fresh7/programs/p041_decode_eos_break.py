"""A tokenizer-driven decode loop: each step is synced, the token read, and the loop breaks on
EOS or a stop string."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

EOS = 5
VOCAB = 16
logits = tr.zeros((VOCAB,), name="logits")
bias = tr.from_numpy(np.eye(VOCAB, dtype=np.float32)[0])
tokens = []
for step in range(32):
    K.axpy(logits.partition((16,)), tr.from_numpy(np.roll(bias.to_numpy(), step)), 1.0).sync()
    tok = int(np.argmax(logits.to_numpy() * (np.arange(VOCAB) == step)))
    tokens.append(tok)
    if tok == EOS:
        break
assert tokens[-1] == EOS and len(tokens) == 6
print(tokens)
