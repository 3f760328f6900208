"""llmorbit: a small local kernel package for the twenty-second held-out set (elementwise f32
kernels and host helpers, written from tilert's docs)."""
