"""Tables over the network (docs/protocol.md): the table server's registry of tables, its
messages, its saves, the WebSocket server and the client library the window uses."""
