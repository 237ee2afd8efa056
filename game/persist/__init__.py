"""Everything the game keeps on disk: settings, the autosave, records, the history and
statistics. JSON only, written atomically; a damaged file is set aside with a notice and
never raises into the game. No pygame here: problems come back as notices for the app."""
