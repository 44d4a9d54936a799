"""The revisions of the store's schema, oldest first (0001, 0002, ...)."""
