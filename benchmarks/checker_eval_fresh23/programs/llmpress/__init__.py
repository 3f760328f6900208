"""llmpress: a few elementwise f32 kernels and host helpers for the evaluation programs."""
