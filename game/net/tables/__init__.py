"""The table server's side, without any network: its tables (registry.py, table.py), what
is kept of them (store.py, keeping.py), its limits (limits.py), its computers' thinking
(thinking.py) and each connection's frames (outbox.py). The WebSocket server itself
(game/net/server.py) and the window's side stay in game/net."""
