"""Tile art: the cache, one tile's image, sprites and small example figures."""
