"""llmroute: a small serving toolkit's kernels and host helpers, written for this held-out set."""
