"""A small helper package for the twelfth held-out set: elementwise kernels and host helpers,
written from tilert's docs."""
