"""The menu and the screens it opens directly: settings, rules, daily deals, about."""
