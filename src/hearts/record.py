"""Game records (placeholder, replaced below)."""
