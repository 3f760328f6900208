"""vkit: elementwise f32 kernels (outputs first) and host helpers for round 34's V set."""
