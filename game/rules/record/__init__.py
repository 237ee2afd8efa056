"""Game records (`.contack.json`, RECORD.md): the typed document, its move entries,
and a game kept in step with its record."""
