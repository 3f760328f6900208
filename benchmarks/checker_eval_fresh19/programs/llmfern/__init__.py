"""A small local package for the nineteenth held-out set: elementwise kernels and host helpers."""
