"""Widgets that work by mouse and keyboard, and the notices at the bottom."""
