"""Launch throughput benchmark: queue many launches, then synchronize the stream once, as one
would with torch.cuda.synchronize()."""

import time

from llmfjord import scale

import tilert as tr

N = 1 << 12
ITERS = 20
x = tr.ones((N,))
outs = [tr.empty((N,)) for _ in range(ITERS)]
stream = tr.current_stream()

start = time.perf_counter()
pendings = [scale(o.partition((1024,)), x, 3.0).submit() for o in outs]  # expect: TC108
stream.synchronize()
elapsed = time.perf_counter() - start
print(f"{ITERS} launches: {elapsed / ITERS * 1e6:.1f} us each")
del pendings
