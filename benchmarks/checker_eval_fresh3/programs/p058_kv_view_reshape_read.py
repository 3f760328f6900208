from llmhost.kernels import fill

import tilert as tr

LAYERS, SEQ, D = 3, 4, 16
kv = tr.zeros((LAYERS, SEQ, D))
pending = [fill(kv[layer].partition((SEQ, D)), float(layer)).submit() for layer in range(LAYERS)]
pending[0].wait()
pending[2].wait()
flat_mid = kv[1].reshape(-1)
print(flat_mid.to_numpy()[:4])  # expect: TC102
pending[1].wait()
