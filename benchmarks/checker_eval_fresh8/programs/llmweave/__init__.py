"""llmweave: a small kernel package written for this held-out set from tilert's docs."""
