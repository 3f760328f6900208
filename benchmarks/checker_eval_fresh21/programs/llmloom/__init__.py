"""A small local package for the twenty-first held-out set: elementwise kernels and host helpers,
written from tilert's user-facing docs."""
