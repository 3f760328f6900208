"""A helper launches the sampler step and returns a closure that waits and reads; the caller
does host work first and calls the closure later."""

import numpy as np
from llmroute import kernels as K

import tilert as tr


def start_sampling(logits, temp):
    probs = tr.zeros(logits.shape, name="probs")
    pending = K.scale(probs.partition((16,)), logits, 1.0 / temp).submit()

    def finish():
        pending.wait()
        return int(np.argmax(probs.to_numpy()))

    return finish


finish = start_sampling(tr.arange(64), 0.7)
stop_words = {"</s>", "<|eot|>"}  # host work while the launch is in flight
token = finish()
assert token == 63 and "</s>" in stop_words
print(token)
