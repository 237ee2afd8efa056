"""An achievement's picture, its card and its announcement."""
