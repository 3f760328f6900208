"""pg.scale_op returns an unrun op; the caller submits it, waits, and later syncs it again to
"refresh" the cached value."""

import llmroute.paging as pg

import tilert as tr

cache = tr.zeros((64,), name="cache")
src = tr.arange(64)
refresh = pg.scale_op(cache, src, 0.5)
refresh.submit().wait()
print(cache.to_numpy()[:2])
src.copy_from(src.to_numpy() + 1)
refresh.sync()  # expect: TC110
