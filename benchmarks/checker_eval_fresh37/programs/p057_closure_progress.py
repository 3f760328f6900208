import numpy as np
from hostkit import relu

import tilert as tr


def make_progress(name, tensor):
    def report():
        print(f"[{name}] nonzero: {np.count_nonzero(tensor.to_numpy())}")  # expect: TC102

    return report


x = tr.from_numpy(np.linspace(-1, 1, 4096, dtype=np.float32))
y = tr.empty((4096,))
progress = make_progress("relu", y)
pend = relu(y.partition((512,)), x).submit()
progress()  # expect-also: TC102
pend.wait()
