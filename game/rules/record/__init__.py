"""Game records (`.contack.json`, docs/record.md): the typed document, its move entries,
and a game kept in step with its record."""
