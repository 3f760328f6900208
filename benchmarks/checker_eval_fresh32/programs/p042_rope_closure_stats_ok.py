"""Rotary tables refreshed asynchronously; the logging closure is called once the refresh has
been waited."""

import numpy as np
from llmcraft import scale

import tilert as tr

SEQ = 256


def refresh_rope(base: tr.Tensor, table: tr.Tensor, factor: float) -> None:
    def log_stats() -> None:
        t = table.to_numpy()
        print(f"rope table min {t.min():.3f} max {t.max():.3f}")

    pending = scale(table.partition((64,)), base, factor).submit()
    pending.wait()
    log_stats()


inv_freq = tr.from_numpy(1.0 / (10000.0 ** (np.arange(SEQ, dtype=np.float32) / SEQ)))
cos_table = tr.empty((SEQ,), name="cos_table")
refresh_rope(inv_freq, cos_table, 2.0)
