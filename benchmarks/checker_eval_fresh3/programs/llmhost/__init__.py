"""A tiny kernel package for the third fresh held-out set: the kernels a decode loop needs."""
