"""The two solitaires: draw and stacked, on one base with its parts."""
