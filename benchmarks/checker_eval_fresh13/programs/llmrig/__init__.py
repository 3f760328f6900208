"""A small local package for the thirteenth held-out set: elementwise kernels and host helpers."""
