"""Training loop with a checkpoint helper that builds the copy op on every call and submits it
only every third step."""

from llmroute import kernels as K

import tilert as tr

w = tr.ones((64,), name="w")
g = tr.full((64,), 0.01, name="g")
ckpt = tr.zeros((64,), name="ckpt")
SAVE_EVERY = 3


def maybe_save(step):
    save = K.copy(ckpt.partition((16,)), w)  # expect: TC105
    if step % SAVE_EVERY == 0:
        save.submit().wait()


for step in range(1, 7):
    K.axpy(w.partition((16,)), g, -1.0).sync()
    maybe_save(step)  # expect-also
print(ckpt.to_numpy()[0])
