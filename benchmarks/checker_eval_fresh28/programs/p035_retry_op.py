"""A retry wrapper: on failure it runs the same op again."""

from llmdelta import scale

import tilert as tr


def run_with_retry(op, attempts=2):
    for attempt in range(attempts):
        try:
            return op.sync()  # expect: TC110
        except tr.KernelError:
            if attempt == attempts - 1:
                raise
    return None


x = tr.ones((128,))
y = tr.zeros((128,))
op = scale(y.partition((32,)), x, 4.0)
run_with_retry(op)
run_with_retry(op)  # expect-also: TC110
print(y.to_numpy()[0])
