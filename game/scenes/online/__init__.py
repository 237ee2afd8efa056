"""Tables over the network: join, host, what both do while a table opens, the remote table."""
